import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  BackToMail,
  MailFacts,
  MailParts,
  MailRouteError,
  ResendMail,
  type MailView,
} from "~/components/admin/mail-details";
import type { MailAudience } from "~/components/admin/mail-labels";
import { NotDeliveringNotice } from "~/components/admin/mail-notices";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { statusLabel } from "~/domain/statuses";
import { MAIL_AUDIENCE } from "~/mail/templates.server";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithFlash } from "~/utils/forms.server";
import { foundOr404 } from "~/utils/not-found.server";
import { RECORD_ID } from "~/utils/route-input.server";

const RESEND_FAILED = "Failed to queue the mail again. Please try again.";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { mail } = context.services;
  const row = await foundOr404(() => mail.get(RECORD_ID.mail(params.id)));
  const view: MailView = {
    id: row.id,
    kind: row.kind,
    audience: (MAIL_AUDIENCE as Record<string, MailAudience | undefined>)[row.kind] ?? null,
    toAddress: row.toAddress,
    subject: row.subject,
    about: row.about,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: mail.retry.maxAttempts,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    nextAttemptAt: row.nextAttemptAt,
    nextAttemptDue: row.nextAttemptAt.getTime() <= Date.now(),
    lastError: row.lastError,
    messageId: row.messageId,
    text: row.text,
  };
  return { mail: view, delivering: mail.delivering };
}

/** "Send again": a FAILED mail goes back in the queue; the page comes back with what happened. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  requireAdmin(request, context);
  const id = await foundOr404(async () => RECORD_ID.mail(params.id));
  const back = `/admin/mail/${id}`;
  try {
    const mail = await context.services.mail.resend(id);
    return redirectWithFlash(
      context,
      back,
      mail.status === "QUEUED"
        ? { kind: "success", message: `The mail to ${mail.toAddress} is queued to be sent again.` }
        : {
            kind: "error",
            message: `The mail to ${mail.toAddress} was not sent again: it is ${statusLabel(mail.status).toLowerCase()}, not failed.`,
          },
    );
  } catch (error) {
    // The mail is gone: back to the list, which says so.
    if (isAppError(error) && error.status < 500) {
      return redirectWithFlash(context, "/admin/mail", { kind: "error", message: error.message });
    }
    context.reportError(error);
    return redirectWithFlash(context, back, { kind: "error", message: RESEND_FAILED });
  }
}

export default function MailMessagePage() {
  const { mail, delivering } = useLoaderData<typeof loader>();
  return (
    <>
      <BackToMail />
      <AdminPageHeading title={mail.subject} />
      {delivering ? null : <NotDeliveringNotice />}
      <div className="grid grid-cols-1 gap-8">
        {mail.status === "FAILED" ? <ResendMail mail={mail} /> : null}
        <MailFacts mail={mail} delivering={delivering} />
        <MailParts mail={mail} />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(
    data ? `Mail: ${data.mail.subject}` : "Mail",
    "One mail the website sent: its delivery, its text and its HTML.",
  );

export function ErrorBoundary() {
  return <MailRouteError />;
}
