import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { MailStatus } from "~/domain/statuses";
import { WhenCell } from "./cells";
import { BackToList, Fact, nothing, RecordRouteError } from "./record-pages";
import { MailAbout, MailAddress, MailKindCell, type MailAudience } from "./mail-labels";
import { StatusBadge } from "./status-badge";

/** One mail as its page shows it (both parts but the HTML, which the preview frame loads itself). */
export type MailView = {
  id: number;
  kind: string;
  audience: MailAudience | null;
  toAddress: string;
  subject: string;
  about: string | null;
  status: MailStatus;
  attempts: number;
  maxAttempts: number;
  createdAt: Date | string;
  sentAt: Date | string | null;
  nextAttemptAt: Date | string;
  /** Whether the next attempt's time has come (worked out by the loader, so both renders agree). */
  nextAttemptDue: boolean;
  lastError: string | null;
  messageId: string;
  text: string;
};

/** Where the stored HTML part is served on its own, sandboxed (admin.mail.$id.html.tsx). */
const mailHtmlPath = (id: number) => `/admin/mail/${id}/html`;

export function BackToMail() {
  return <BackToList kind="mails">All mail</BackToList>;
}

/** When the next attempt is, in the words that fit the mail's state. */
function nextAttempt(mail: MailView, delivering: boolean): ReactNode {
  if (mail.status !== "QUEUED") return nothing("None");
  if (!delivering) return nothing("Once SMTP_URL is set");
  return mail.nextAttemptDue ? "Now" : <WhenCell at={mail.nextAttemptAt} />;
}

/** Everything known about a mail's delivery, as a description list. */
export function MailFacts({ mail, delivering }: { mail: MailView; delivering: boolean }) {
  return (
    <section aria-labelledby="mail-facts-title" className="rounded-4xl bg-white p-6 shadow-soft sm:p-8">
      <h2 id="mail-facts-title" className="sr-only">
        Delivery
      </h2>
      <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2 xl:grid-cols-3">
        <Fact term="To">
          <MailAddress address={mail.toAddress} />
        </Fact>
        <Fact term="Kind">
          <MailKindCell kind={mail.kind} audience={mail.audience} />
        </Fact>
        <Fact term="About">
          <MailAbout about={mail.about} />
        </Fact>
        <Fact term="Status">
          <StatusBadge status={mail.status} />
        </Fact>
        <Fact term="Attempts">
          {mail.attempts} of {mail.maxAttempts}
        </Fact>
        <Fact term="Created">
          <WhenCell at={mail.createdAt} />
        </Fact>
        <Fact term="Sent">{mail.sentAt ? <WhenCell at={mail.sentAt} /> : nothing("Not yet")}</Fact>
        <Fact term="Next attempt">{nextAttempt(mail, delivering)}</Fact>
        <Fact term="Message-ID">
          <code className="break-all font-mono text-sm">{mail.messageId}</code>
        </Fact>
        <Fact term="Last error" wide="sm:col-span-2">
          {mail.lastError ? (
            <span className="whitespace-pre-wrap break-words font-semibold text-coral-dark">
              {mail.lastError}
            </span>
          ) : (
            nothing("None")
          )}
        </Fact>
      </dl>
    </section>
  );
}

/** "Send again" for a FAILED mail: a plain form post, so it works without JavaScript. */
export function ResendMail({ mail }: { mail: MailView }) {
  const navigation = useNavigation();
  return (
    <section
      aria-labelledby="mail-resend-title"
      className="rounded-4xl border-2 border-coral/30 bg-coral-50 p-6 sm:p-8"
    >
      <h2 id="mail-resend-title" className="text-xl text-coral-dark">
        This mail was not delivered
      </h2>
      <p className="mt-1 text-ink">
        Sending it again puts it back in the queue with {mail.maxAttempts} fresh attempts; the recipient gets
        it once.
      </p>
      <Form method="post" className="mt-4">
        <Button
          type="submit"
          pending={navigation.state === "submitting" && navigation.formAction === `/admin/mail/${mail.id}`}
          pendingText="Queuing..."
        >
          Send again
        </Button>
      </Form>
    </section>
  );
}

/** The two parts as the recipient's mail program shows them: HTML in a sandboxed frame, and plain text. */
export function MailParts({ mail }: { mail: MailView }) {
  return (
    <div className="grid grid-cols-1 gap-8">
      <section aria-labelledby="mail-html-title">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="mail-html-title" className="text-xl">
            HTML version
          </h2>
          <a
            href={mailHtmlPath(mail.id)}
            className="font-semibold text-navy underline underline-offset-2 hover:text-navy-dark"
          >
            Open it on its own
          </a>
        </div>
        <iframe
          sandbox=""
          src={mailHtmlPath(mail.id)}
          title={`HTML version of “${mail.subject}”`}
          className="h-[34rem] w-full rounded-3xl border-2 border-navy/10 bg-white md:h-[44rem]"
        />
      </section>
      <section aria-labelledby="mail-text-title">
        <h2 id="mail-text-title" className="mb-3 text-xl">
          Text version
        </h2>
        <pre className="whitespace-pre-wrap rounded-3xl [overflow-wrap:anywhere] bg-white p-5 font-mono text-sm leading-relaxed text-ink shadow-soft sm:p-6">
          {mail.text}
        </pre>
      </section>
    </div>
  );
}

/** A mail that does not exist (or a malformed number): its own 404 inside the admin frame. */
export function MailRouteError() {
  return <RecordRouteError kind="mails" backText="All mail" />;
}
