import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WhenCell } from "~/components/admin/cells";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import type { RecordEventKind, RecordType } from "~/domain/statuses";
import { loadAdminPage } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

const LIST_FAILED = "Failed to fetch the history. Please try again later.";

/** Every record's history, newest first: erasures, anonymisations, status changes (issues 19 and 20). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return loadAdminPage(request, context, (query) => context.services.history.list(query), LIST_FAILED);
}

const RECORD_NAMES: Record<RecordType, string> = {
  APPLICATION: "Application",
  DEMO_REQUEST: "Demo request",
  ORDER: "Order",
  TEACHER_APPLICATION: "Teacher application",
  USER: "Account",
  GRADE: "Grade",
};

const HAPPENED: Record<RecordEventKind, string> = {
  STATUS_CHANGED: "status changed",
  NOTE: "note added",
  ANONYMISED: "anonymised",
  ERASED: "erased",
  SEATS_CHANGED: "seats changed",
  OFFER: "seat offer",
  WAITLIST: "waitlist",
  MESSAGE_RESENT: "update sent again",
  FOLLOW_UP_SET: "follow-up set",
  FOLLOW_UP_MOVED: "follow-up moved",
  FOLLOW_UP_DONE: "follow-up done",
  MERGED: "merged",
  MARKED_DISTINCT: "marked distinct",
};

/**
 * "Account erased", "Application anonymised", "Order status changed (PAID → REFUNDED)"; a grade
 * by its name (its record id): "Seats of Grade 2 changed".
 */
function whatHappened(event: {
  recordType: RecordType;
  recordId: string;
  kind: RecordEventKind;
  fromStatus: string | null;
  toStatus: string | null;
}) {
  if (event.kind === "SEATS_CHANGED") return `Seats of ${event.recordId} changed`;
  const change =
    (event.kind === "STATUS_CHANGED" || event.kind === "OFFER" || event.kind === "WAITLIST") && event.toStatus
      ? ` (${event.fromStatus ?? "new"} → ${event.toStatus})`
      : "";
  return `${RECORD_NAMES[event.recordType]} ${HAPPENED[event.kind]}${change}`;
}

/** Order ids are uuids: the first part is enough to tell them apart on screen. */
const recordLabel = (type: RecordType, id: string) =>
  type === "ORDER" ? `${id.slice(0, 8)}…` : type === "GRADE" ? id : `#${id}`;

export default function HistoryPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="History"
      counted={{ one: "event", many: "events" }}
      loaded={loaded}
      caption="What happened to records: erasures, anonymisations and changes"
      rowKey={(row) => row.id}
      empty={
        <EmptyState title="Nothing yet">
          Status changes with who made them, accounts erased at their owner&apos;s request and records
          anonymised when their retention period ends appear here, newest first, without any personal data.
        </EmptyState>
      }
      columns={[
        { header: "When", cell: (row) => <WhenCell at={row.createdAt} /> },
        {
          header: "What happened",
          cell: (row) => <span className="font-bold text-ink">{whatHappened(row)}</span>,
        },
        {
          header: "By",
          cell: (row) =>
            row.actorName ? (
              <span className="break-words">{row.actorName}</span>
            ) : (
              <span className="text-ink-soft">
                {row.actorId
                  ? "A removed account"
                  : row.kind === "ERASED"
                    ? "The account's owner"
                    : "The site"}
              </span>
            ),
        },
        {
          header: "Record",
          cell: (row) => (
            <span className="whitespace-nowrap font-mono text-sm" title={row.recordId}>
              {recordLabel(row.recordType, row.recordId)}
            </span>
          ),
        },
        {
          header: "Details",
          className: "lg:min-w-[14rem]",
          cell: (row) =>
            row.note ? (
              <span className="break-words text-sm">{row.note}</span>
            ) : (
              <span className="text-ink-soft">None</span>
            ),
        },
      ]}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "History",
    "What happened to records: status changes and who made them, erasures at the owner's request, anonymisation after retention.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
