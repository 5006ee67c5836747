import { Link, useLocation } from "@remix-run/react";
import { ArrowIcon } from "./icons";

const linkClasses =
  "inline-flex items-center gap-2 rounded-full border-2 px-4 py-2 font-bold transition-colors";

/**
 * Previous / next links (`?page=N`, other query parameters kept) and "Page X of Y"; plain links,
 * so paging works without JavaScript. Renders nothing when everything fits on one page.
 */
export function Pagination({ currentPage, totalPages }: { currentPage: number; totalPages: number }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page === 1) params.delete("page");
    else params.set("page", String(page));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  const step = (page: number, label: string, rel: "prev" | "next") =>
    page >= 1 && page <= totalPages ? (
      <Link
        to={hrefFor(page)}
        rel={rel}
        className={`${linkClasses} border-navy/15 bg-white text-navy hover:border-navy hover:bg-navy-50`}
      >
        {rel === "prev" ? <ArrowIcon className="h-5 w-5 rotate-180" /> : null}
        {label}
        {rel === "next" ? <ArrowIcon className="h-5 w-5" /> : null}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${linkClasses} border-navy/10 text-ink-soft`}>
        {label}
      </span>
    );

  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {step(currentPage - 1, "Previous", "prev")}
      <p className="font-semibold text-ink-soft">
        Page {currentPage} of {totalPages}
      </p>
      {step(currentPage + 1, "Next", "next")}
    </nav>
  );
}
