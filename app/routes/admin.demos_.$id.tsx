import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnquirySource } from "~/components/admin/enquiry-source";
import { adminMeta } from "~/components/admin/meta";
import { RecordMessages, UpdateChoicesFact } from "~/components/admin/messages";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { FamilyFacts, RecordFacts } from "~/components/admin/record-details";
import { RecordHistory } from "~/components/admin/record-history";
import { BackToList, Fact, RecordRouteError } from "~/components/admin/record-pages";
import { StatusControl } from "~/components/admin/status-control";
import { MESSAGES } from "~/domain/messages";
import { DEMO_STATUSES, statusLabel } from "~/domain/statuses";
import { requireAdmin } from "~/utils/auth.server";
import { foundOr404 } from "~/utils/not-found.server";
import { recordPageAction } from "~/utils/record-page.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

/** One free demo request (issue 19): every field, its status, its history and staff's notes. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return foundOr404(() => context.services.recordDetails.demo(RECORD_ID.demo(params.id)));
}

/** "Add note", or the status control's change; both come back to this page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const id = await foundOr404(async () => RECORD_ID.demo(params.id));
  return recordPageAction(request, context, {
    addNote: (values) => context.services.recordDetails.addNote("DEMO_REQUEST", id, values, admin.id),
    status: {
      update: (input) => context.services.demos.updateStatus(id, STATUS_CHANGE.demo(input), admin.id),
      failed: MESSAGES.demo.statusFailed,
      saved: (row) => `The demo for ${row.studentName} is now ${statusLabel(row.status)}.`,
    },
  });
}

export default function DemoPage() {
  const { record, history, messages, choices } = useLoaderData<typeof loader>();
  return (
    <>
      <BackToList kind="demos" />
      <AdminPageHeading
        title={`Demo request: ${record.studentName}`}
        description={`${record.grade}, demo request #${record.id}`}
        actions={
          <StatusControl
            id={record.id}
            status={record.status}
            statuses={DEMO_STATUSES}
            label={`Status of the demo for ${record.studentName}`}
          />
        }
      />
      <div className="grid grid-cols-1 gap-8">
        <RecordFacts title="Demo request">
          <Fact term="Student">{record.studentName}</Fact>
          <Fact term="Grade">{record.grade}</Fact>
          <Fact term="Preferred time">
            <span className="break-words">{record.preferredDateTime}</span>
          </Fact>
          <FamilyFacts record={record} />
          <UpdateChoicesFact choices={choices} />
        </RecordFacts>
        <EnquirySource record={record} />
        <RecordMessages rows={messages} />
        <RecordHistory events={history} kind="demos" />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(
    loaded ? `Demo request: ${loaded.record.studentName}` : "Demo request",
    "One free demo request: its details, status, history and notes.",
  );

/** A demo request that does not exist (or a malformed id): its own 404 inside the admin frame. */
export function ErrorBoundary() {
  return <RecordRouteError kind="demos" />;
}
