import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import {
  FAMILY_KINDS,
  FAMILY_SECTIONS,
  type FamilyCard,
  type FamilyFact,
  type FamilyKind,
  type FamilyRecords,
  type FamilyRows,
} from "~/domain/family-records";
import { formatDate, formatPaise } from "~/domain/format";

/** The profile's records as its loader sends them (dates as ISO text once serialised). */
export type ProfileRecords = FamilyRecords;

/** The intent of the profile's "Send the link again" form (its action tells the forms apart by it). */
export const SEND_VERIFICATION = "sendVerification";

function Day({ at }: { at: Date | string }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDate(at)}</time>;
}

/** One fact of a record: a term above its value on a phone, the same in a row of columns wider up. */
function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "col-span-2 min-w-0" : "min-w-0"}>
      <dt className="text-sm font-semibold text-ink-soft">{term}</dt>
      <dd className="break-words font-bold text-ink">{children}</dd>
    </div>
  );
}

function FactValue({ fact }: { fact: FamilyFact }) {
  if ("day" in fact) return <Day at={fact.day} />;
  if ("paise" in fact) return <>{formatPaise(fact.paise)}</>;
  return <>{fact.text}</>;
}

/** A record as a card: the student and the status badge on top, its facts below, its actions last. */
function RecordCard({ card }: { card: FamilyCard }) {
  return (
    <li className="rounded-3xl border-2 border-navy/10 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg">{card.student}</h3>
        <StatusBadge status={card.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {card.facts.map((fact) => (
          <Fact key={fact.term} term={fact.term} wide={fact.wide}>
            <FactValue fact={fact} />
          </Fact>
        ))}
      </dl>
      {card.actions.length > 0 ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {card.actions.map((action) => (
            <ButtonLink
              key={action.to}
              to={action.to}
              size="sm"
              variant={action.variant}
              aria-label={action.label}
            >
              {action.text}
            </ButtonLink>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** A section of records: its heading, the cards, or what to do while there are none. */
function RecordSection({
  id,
  title,
  count,
  more,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  more: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-4xl bg-white p-6 shadow-soft sm:p-10">
      <h2 id={`${id}-title`} className="text-2xl">
        {title}
      </h2>
      {count === 0 ? (
        <p className="mt-3 text-ink-soft">{empty}</p>
      ) : (
        <>
          <ul className="mt-6 space-y-4">{children}</ul>
          {more ? (
            <p className="mt-4 text-sm text-ink-soft">
              The newest {count} are shown. For older ones, please contact the school.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

const linkClass = "font-semibold text-navy underline underline-offset-2";

/**
 * Until the address is verified: where the link went, what it is for, and a way to have it sent
 * again (a plain form; its failure, e.g. over the limit, shows here).
 */
export function VerifyEmailNotice({
  email,
  failure,
  submitting,
}: {
  email: string;
  failure: string | undefined;
  submitting: boolean;
}) {
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-4xl border-2 border-sun bg-sun-50 p-6 shadow-soft sm:p-8"
    >
      <h2 id="verify-title" className="text-2xl">
        Please confirm your e-mail address
      </h2>
      <p className="mt-3 text-ink">
        We sent a link to <strong className="break-words">{email}</strong>. Follow it to also see the
        applications, demo requests and fee payments sent from this address before you signed in.
      </p>
      <p className="mt-2 text-ink-soft">
        What you send while signed in shows here straight away. No mail? Check your spam folder, or send the
        link again.
      </p>
      <Form method="post" replace className="mt-5 space-y-4">
        <input type="hidden" name="intent" value={SEND_VERIFICATION} />
        <FormAlert message={failure} />
        <Button type="submit" variant="secondary" pending={submitting} pendingText="Sending...">
          Send the link again
        </Button>
      </Form>
    </section>
  );
}

/** One kind's section: its cards, newest first, or what to do while there are none. */
function KindSection<Kind extends FamilyKind>({ kind, listed }: { kind: Kind; listed: FamilyRecords[Kind] }) {
  const section = FAMILY_SECTIONS[kind];
  return (
    <RecordSection
      id={section.id}
      title={section.title}
      count={listed.rows.length}
      more={listed.more}
      empty={
        <>
          {section.empty.text}{" "}
          <Link to={section.empty.link.to} className={linkClass}>
            {section.empty.link.text}
          </Link>
          .
        </>
      }
    >
      {(listed.rows as FamilyRows[Kind][]).map((row) => {
        const drawn = (section as { card(row: FamilyRows[Kind]): FamilyCard }).card(row);
        return <RecordCard key={drawn.key} card={drawn} />;
      })}
    </RecordSection>
  );
}

/** The parent's applications, demo requests and fee payments, newest first (issue 18). */
export function FamilyRecordsSections({ records }: { records: ProfileRecords }) {
  return (
    <div className="space-y-8">
      {FAMILY_KINDS.map((kind) => (
        <KindSection key={kind} kind={kind} listed={records[kind]} />
      ))}
    </div>
  );
}
