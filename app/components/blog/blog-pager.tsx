import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ArrowIcon } from "~/components/ui/arrow-icon";
import { buttonClasses } from "~/components/ui/button";
import { BLOG_TEXTS } from "~/domain/texts/blog";
import { useLocalHref, useTexts } from "~/utils/language";

/**
 * Each page of the blog has one address: `/blog` for the first, `/blog?page=N` after it (in
 * English; a Hindi page's links are the same under /hi).
 */
export function blogPageHref(page: number): string {
  return page <= 1 ? "/blog" : `/blog?page=${page}`;
}

function PagerStep({
  page,
  rel,
  children,
}: {
  page: number | null;
  rel: "prev" | "next";
  children: ReactNode;
}) {
  const local = useLocalHref();
  const content = (
    <>
      {rel === "prev" ? <ArrowIcon direction="left" /> : null}
      {children}
      {rel === "next" ? <ArrowIcon direction="right" /> : null}
    </>
  );
  if (page === null) {
    // At either end the step is shown but is no link: nothing to follow, and it says so.
    return (
      // eslint-disable-next-line jsx-a11y/anchor-is-valid -- no href on purpose: HTML's placeholder link, exposed as a disabled link (role="link", aria-disabled), so it is not focusable; a button would not be a link
      <a
        role="link"
        aria-disabled="true"
        className={buttonClasses({ variant: "outline", className: "cursor-not-allowed opacity-50" })}
      >
        {content}
      </a>
    );
  }
  return (
    <Link
      to={local(blogPageHref(page))}
      rel={rel}
      prefetch="intent"
      className={buttonClasses({ variant: "outline" })}
    >
      {content}
    </Link>
  );
}

/** Previous and Next are plain links, so paging works without JavaScript; with it Remix scrolls to the top. */
export function BlogPager({ currentPage, totalPages }: { currentPage: number; totalPages: number }) {
  const t = useTexts(BLOG_TEXTS);
  return (
    <nav
      aria-label={t("pager.label")}
      className="mt-12 grid grid-cols-2 items-center gap-3 sm:flex sm:justify-between"
    >
      <PagerStep page={currentPage > 1 ? currentPage - 1 : null} rel="prev">
        {t("pager.previous")}
      </PagerStep>
      <p className="order-first col-span-2 text-center font-semibold text-ink-soft sm:order-none">
        {t("pager.status", { page: currentPage, pages: totalPages })}
      </p>
      <PagerStep page={currentPage < totalPages ? currentPage + 1 : null} rel="next">
        {t("pager.next")}
      </PagerStep>
    </nav>
  );
}
