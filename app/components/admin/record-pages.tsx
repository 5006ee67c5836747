import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useRouteFailure } from "~/components/site-error";
import { ButtonLink } from "~/components/ui/button";
import { RECORD_KINDS, type RecordKindName } from "~/domain/record-kinds";
import { ArrowIcon } from "./icons";
import { AdminRouteError } from "./route-error";
import { ErrorState } from "./states";

/** "Back to demo requests": how a record's page names its list unless it says otherwise. */
const backText = (kind: RecordKindName) => `Back to ${RECORD_KINDS[kind].many.toLowerCase()}`;

/** The link above one record's page back to its kind's list. */
export function BackToList({ kind, children = backText(kind) }: { kind: RecordKindName; children?: string }) {
  return (
    <Link
      to={RECORD_KINDS[kind].adminPath}
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
export function RecordRouteError({ kind, backText }: { kind: RecordKindName; backText?: string }) {
  const { notFound, serviceMessage } = useRouteFailure();
  if (!notFound) return <AdminRouteError />;
  const { one: noun, many, adminPath, notFound: noSuchRecord } = RECORD_KINDS[kind];
  return (
    <>
      <BackToList kind={kind}>{backText}</BackToList>
      <h1 className="mb-6 text-2xl sm:text-3xl">{noun} not found</h1>
      <ErrorState
        heading={serviceMessage ?? noSuchRecord}
        message={`No ${noun.toLowerCase()} has this number. Choose one from the list.`}
      >
        <ButtonLink to={adminPath} variant="outline">
          {`Go to all ${many.toLowerCase()}`}
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
