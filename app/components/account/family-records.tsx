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
import { hasHindi } from "~/domain/public-pages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { gradeLabel } from "~/domain/texts/grades";
import { familyStatusLabel } from "~/domain/texts/statuses";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";

/** The profile's records as its loader sends them (dates as ISO text once serialised). */
export type ProfileRecords = FamilyRecords;

/** The intent of the profile's "Send the link again" form (its action tells the forms apart by it). */
export const SEND_VERIFICATION = "sendVerification";

function Day({ at }: { at: Date | string }) {
  const language = useLanguage();
  return <time dateTime={new Date(at).toISOString()}>{formatDate(at, language)}</time>;
}

/**
 * A page a record links to, in the page's language once that page has its Hindi (an order's
 * payment page, say, may not yet: its /hi address would not answer).
 */
function usePageHref(): (href: string) => string {
  const local = useLocalHref();
  return (href) => (hasHindi(href) ? local(href) : href);
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
  const language = useLanguage();
  if ("day" in fact) return <Day at={fact.day} />;
  if ("paise" in fact) return <>{formatPaise(fact.paise, language)}</>;
  if ("grade" in fact) return <>{gradeLabel(fact.grade, language)}</>;
  // What the family wrote stays as they wrote it, also for a browser's translation.
  if ("own" in fact) return <span translate="no">{fact.own}</span>;
  return <>{fact.text}</>;
}

/** A record as a card: the student and the status badge on top, its facts below, its actions last. */
function RecordCard({ card }: { card: FamilyCard }) {
  const t = useTexts(ACCOUNT_TEXTS);
  const language = useLanguage();
  const pageHref = usePageHref();
  return (
    <li className="rounded-3xl border-2 border-navy/10 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words text-lg" translate="no">
          {card.student}
        </h3>
        <StatusBadge status={card.status} label={familyStatusLabel(card.status, language)} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
        {card.facts.map((fact) => (
          <Fact key={fact.term} term={t(fact.term)} wide={fact.wide}>
            <FactValue fact={fact} />
          </Fact>
        ))}
      </dl>
      {card.actions.length > 0 ? (
        <div className="mt-4 flex flex-wrap gap-3">
          {card.actions.map((action) => (
            <ButtonLink
              key={action.to}
              to={pageHref(action.to)}
              size="sm"
              variant={action.variant}
              aria-label={t("records.actionFor", {
                action: t(action.text),
                student: card.student,
                grade: gradeLabel(card.grade, language),
              })}
            >
              {t(action.text)}
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
  const t = useTexts(ACCOUNT_TEXTS);
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
          {more ? <p className="mt-4 text-sm text-ink-soft">{t("records.more", { shown: count })}</p> : null}
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
  const t = useTexts(ACCOUNT_TEXTS);
  return (
    <section
      aria-labelledby="verify-title"
      className="rounded-4xl border-2 border-sun bg-sun-50 p-6 shadow-soft sm:p-8"
    >
      <h2 id="verify-title" className="text-2xl">
        {t("verifyNotice.heading")}
      </h2>
      <p className="mt-3 text-ink">
        {t("verifyNotice.sentBefore")}
        <strong className="break-words" translate="no">
          {email}
        </strong>
        {t("verifyNotice.sentAfter")}
      </p>
      <p className="mt-2 text-ink-soft">{t("verifyNotice.meanwhile")}</p>
      <Form method="post" replace className="mt-5 space-y-4">
        <input type="hidden" name="intent" value={SEND_VERIFICATION} />
        <FormAlert message={failure} />
        <Button
          type="submit"
          variant="secondary"
          pending={submitting}
          pendingText={t("verifyNotice.sending")}
        >
          {t("verifyNotice.send")}
        </Button>
      </Form>
    </section>
  );
}

/** One kind's section: its cards, newest first, or what to do while there are none. */
function KindSection<Kind extends FamilyKind>({ kind, listed }: { kind: Kind; listed: FamilyRecords[Kind] }) {
  const section = FAMILY_SECTIONS[kind];
  const t = useTexts(ACCOUNT_TEXTS);
  const pageHref = usePageHref();
  return (
    <RecordSection
      id={section.id}
      title={t(section.title)}
      count={listed.rows.length}
      more={listed.more}
      empty={
        <>
          {t(section.empty.text)}{" "}
          <Link to={pageHref(section.empty.link.to)} className={linkClass}>
            {t(section.empty.link.text)}
          </Link>
          {t("records.emptyEnd")}
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
