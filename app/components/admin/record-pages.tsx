import { Link } from "@remix-run/react";
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
