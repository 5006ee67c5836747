import { statusLabel, type MailStatus } from "~/domain/statuses";
import { StatusBadge } from "./status-badge";

/** Shown on the Mail screens while the server keeps mails instead of sending them. */
export function NotDeliveringNotice() {
  return (
    <p role="note" className="mb-6 rounded-2xl border-2 border-sun/60 bg-sun-50 p-4 text-ink">
      <strong>Mail is not being sent:</strong> <code className="font-mono font-bold">SMTP_URL</code> is not
      set on the server. Mails are kept here and go out once it is set.
    </p>
  );
}

/** The order staff look at them in: what needs attention first. */
const SHOWN_ORDER: readonly MailStatus[] = ["FAILED", "QUEUED", "SENDING", "SENT"];

/** "2 failed, 1 queued, 40 sent" as status badges; statuses no mail has are left out. */
export function MailStatusCounts({ counts }: { counts: Partial<Record<MailStatus, number>> }) {
  const shown = SHOWN_ORDER.filter((status) => (counts[status] ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Mails by status" className="-mt-2 mb-6 flex flex-wrap gap-2 md:-mt-4">
      {shown.map((status) => (
        <li key={status}>
          <StatusBadge
            status={status}
            label={`${(counts[status] ?? 0).toLocaleString("en-IN")} ${statusLabel(status).toLowerCase()}`}
          />
        </li>
      ))}
    </ul>
  );
}
