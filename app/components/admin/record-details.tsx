import { LANGUAGE_INFO, type Language } from "~/domain/languages";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ContactCell, WhenCell } from "./cells";
import { Fact, nothing } from "./record-pages";

/** A list row's person as the link to the record's own page (history, notes, every field). */
export function PersonLinkCell({ name, detail, to }: { name: string; detail?: ReactNode; to: string }) {
  return (
    <>
      <Link
        to={to}
        className="block font-bold text-navy underline decoration-navy/30 underline-offset-4 hover:decoration-navy"
      >
        {name}
      </Link>
      {detail ? <span className="block text-sm text-ink-soft">{detail}</span> : null}
    </>
  );
}

/** The record's fields as a description list in a card, like an order's page. */
export function RecordFacts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="record-facts-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="record-facts-title" className="sr-only">
        {title}
      </h2>
      <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2 xl:grid-cols-3">{children}</dl>
    </section>
  );
}

/** When consent was given and to which privacy notice (records from before it was asked have none). */
export function ConsentFact({
  consentAt,
  noticeVersion,
  term = "Consent",
}: {
  consentAt: Date | string | null;
  noticeVersion: string | null;
  term?: string;
}) {
  return (
    <Fact term={term}>
      {consentAt ? (
        <>
          <WhenCell at={consentAt} />
          <span className="block text-sm text-ink-soft">Privacy notice {noticeVersion}</span>
        </>
      ) : (
        nothing("Not recorded")
      )}
    </Fact>
  );
}

/** When the retention job (or an erased account) removed the personal details, if it did. */
function AnonymisedFact({ at }: { at: Date | string | null }) {
  if (!at) return null;
  return (
    <Fact term="Anonymised">
      <WhenCell at={at} />
    </Fact>
  );
}

/** The language the family used: its later mails are written in it (issue 37). */
export function LanguageFact({ language }: { language: Language }) {
  return <Fact term="Family's language">{LANGUAGE_INFO[language].englishName}</Fact>;
}

/** What an application and a demo request both keep of the family: who, how to reach them, when, consent. */
export function FamilyFacts({
  record,
}: {
  record: {
    parentName: string;
    mobile: string;
    email: string;
    createdAt: Date | string;
    consentAt: Date | string | null;
    noticeVersion: string | null;
    anonymisedAt: Date | string | null;
    language: Language;
  };
}) {
  return (
    <>
      <Fact term="Parent">{record.parentName}</Fact>
      <LanguageFact language={record.language} />
      <Fact term="Contact">
        <ContactCell mobile={record.mobile} email={record.email} />
      </Fact>
      <Fact term="Received">
        <WhenCell at={record.createdAt} />
      </Fact>
      <ConsentFact
        consentAt={record.consentAt}
        noticeVersion={record.noticeVersion}
        term="Parent's consent"
      />
      <AnonymisedFact at={record.anonymisedAt} />
    </>
  );
}
