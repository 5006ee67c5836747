import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnquirySource } from "~/components/admin/enquiry-source";
import { adminMeta } from "~/components/admin/meta";
import { RecordMessages, UpdateChoicesFact } from "~/components/admin/messages";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { FollowUpPanel } from "~/components/admin/follow-up";
import { PossibleDuplicates } from "~/components/admin/possible-duplicates";
import { FamilyFacts, RecordFacts } from "~/components/admin/record-details";
import { RecordHistory } from "~/components/admin/record-history";
import { BackToList, Fact, RecordRouteError } from "~/components/admin/record-pages";
import { StatusControl } from "~/components/admin/status-control";
import { MESSAGES } from "~/domain/messages";
import { DEMO_STATUSES, statusLabel } from "~/domain/statuses";
import { requireAdmin } from "~/utils/auth.server";
import { followUpPanelData } from "~/utils/follow-ups.server";
import { foundOr404 } from "~/utils/not-found.server";
import { recordPageAction } from "~/utils/record-page.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

/**
 * One free demo request (issue 19): every field, its status, its history and staff's notes, and
 * its follow-up (issue 40).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const page = await foundOr404(() => context.services.recordDetails.demo(RECORD_ID.demo(params.id)));
  const [followUp, duplicates] = await Promise.all([
    followUpPanelData(context, "DEMO_REQUEST", page.record),
    context.services.duplicates.forRecord("DEMO_REQUEST", page.record.id),
  ]);
  return { ...page, followUp, duplicates };
}

/** "Add note", the status control's change, or a Follow-up form; all come back to this page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const id = await foundOr404(async () => RECORD_ID.demo(params.id));
  return recordPageAction(request, context, {
    enquiry: { recordType: "DEMO_REQUEST", recordId: id, actorId: admin.id },
    addNote: (values) => context.services.recordDetails.addNote("DEMO_REQUEST", id, values, admin.id),
    status: {
      update: (input) => context.services.demos.updateStatus(id, STATUS_CHANGE.demo(input), admin.id),
      failed: MESSAGES.demo.statusFailed,
      saved: (row) => `The demo for ${row.studentName} is now ${statusLabel(row.status)}.`,
    },
  });
}

export default function DemoPage() {
  const { record, history, followUp, messages, choices, duplicates } = useLoaderData<typeof loader>();
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
        <FollowUpPanel panel={followUp} />
        <PossibleDuplicates
          kind="demos"
          recordId={record.id}
          mergedIntoId={record.mergedIntoId}
          matches={duplicates}
        />
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
