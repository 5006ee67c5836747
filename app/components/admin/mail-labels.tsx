import { Link } from "@remix-run/react";
import { mailSubject, RECORD_KINDS } from "~/domain/record-kinds";
import type { MailKind } from "~/mail/templates.server";

/** Who reads a mail (MAIL_AUDIENCE of app/mail/templates.server.tsx, looked up by the loaders). */
export type MailAudience = "parent" | "staff" | "account" | "teacher";

/** What staff call each mail. Typed as a Record: a new kind must be named here. */
const KIND_LABEL: Record<MailKind, string> = {
  applicationReceived: "Application received",
  offerMade: "Seat offered",
  offerExpired: "Seat offer expired",
  offerWithdrawn: "Seat offer withdrawn",
  waitlisted: "On the waitlist",
  demoBooked: "Demo booked",
  paymentReceived: "Payment received",
  paymentFailed: "Payment failed",
  welcome: "Welcome",
  staffNewApplication: "New application",
  staffNewDemo: "New demo request",
  staffPaymentReceived: "Payment received",
  staffFollowUps: "Follow-ups due",
  teacherApplicationReceived: "Teacher registration received",
  staffNewTeacherApplication: "New teacher registration",
  passwordReset: "Password reset link",
  passwordChanged: "Password changed",
  verifyEmail: "E-mail confirmation link",
  accountDeleted: "Account deleted",
};

const AUDIENCE_LABEL: Record<MailAudience, string> = {
  parent: "to the parent",
  staff: "staff alert",
  account: "to the account holder",
  teacher: "to the teacher",
};

/** "applicationReceived" -> "Application received"; a kind no longer written is spelled out. */
function mailKindLabel(kind: string): string {
  const known = (KIND_LABEL as Record<string, string | undefined>)[kind];
  if (known) return known;
  const words = kind.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An e-mail address that may wrap before its "@" (and, when it must, anywhere) rather than overflow. */
export function MailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  return (
    <span className="break-words">
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}

/** The kind's name, and under it who reads it. */
export function MailKindCell({ kind, audience }: { kind: string; audience: MailAudience | null }) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold text-ink">{mailKindLabel(kind)}</span>
      {audience ? <span className="text-sm text-ink-soft">{AUDIENCE_LABEL[audience]}</span> : null}
    </span>
  );
}

/**
 * "Application 12", linked to the applications list (the record a mail is about, "application:12",
 * named and listed as app/domain/record-kinds.ts says); an unknown record type as it was stored.
 */
export function MailAbout({ about }: { about: string | null }) {
  if (!about) return <span className="text-ink-soft">Nothing in particular</span>;
  const subject = mailSubject(about);
  if (!subject) return <span className="break-all">{about}</span>;
  const { one, adminPath, numbered } = RECORD_KINDS[subject.kind];
  return (
    <span className="flex flex-col">
      <Link
        to={adminPath}
        className="font-semibold text-navy underline underline-offset-2 hover:text-navy-dark"
      >
        {numbered ? `${one} ${subject.id}` : one}
      </Link>
      {numbered ? null : <code className="break-all font-mono text-sm text-ink-soft">{subject.id}</code>}
    </span>
  );
}
