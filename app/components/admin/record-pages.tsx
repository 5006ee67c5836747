import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useRouteFailure } from "~/components/site-error";
import { ButtonLink } from "~/components/ui/button";
import { ArrowIcon } from "./icons";
import { AdminRouteError } from "./route-error";
import { ErrorState } from "./states";

/** The link above one record's page back to its list. */
export function BackToList({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-2 font-semibold text-navy underline-offset-4 hover:underline"
    >
      <ArrowIcon className="h-5 w-5 rotate-180" />
      {children}
    </Link>
  );
}

/**
 * A record page's ErrorBoundary: a record that does not exist (or a malformed id) gets its own
 * 404 inside the admin frame, anything else the admin error.
 */
export function RecordRouteError({
  list,
  backText,
  noun,
  allText,
}: {
  /** The list's address, e.g. "/admin/mail". */
  list: string;
  backText: string;
  /** e.g. "Mail", "Order". */
  noun: string;
  allText: string;
}) {
  const { notFound, serviceMessage } = useRouteFailure();
  if (!notFound) return <AdminRouteError />;
  return (
    <>
      <BackToList to={list}>{backText}</BackToList>
      <h1 className="mb-6 text-2xl sm:text-3xl">{noun} not found</h1>
      <ErrorState
        heading={serviceMessage ?? `${noun} not found.`}
        message={`No ${noun.toLowerCase()} has this number. Choose one from the list.`}
      >
        <ButtonLink to={list} variant="outline">
          {allText}
        </ButtonLink>
      </ErrorState>
    </>
  );
}

/** One fact of a record's description list; `wide` holds the grid classes of a fact that spans columns. */
export function Fact({ term, children, wide = "" }: { term: string; children: ReactNode; wide?: string }) {
  return (
    <div className={`min-w-0 ${wide}`}>
      <dt className="text-sm font-bold uppercase tracking-wider text-ink-soft">{term}</dt>
      <dd className="mt-1 text-ink">{children}</dd>
    </div>
  );
}

/** A fact's value that is not there ("None", "Not yet"), in the quieter colour. */
export const nothing = (text: string) => <span className="text-ink-soft">{text}</span>;
