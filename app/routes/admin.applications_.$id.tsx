import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EnquirySource } from "~/components/admin/enquiry-source";
import { DateCell } from "~/components/admin/cells";
import { adminMeta } from "~/components/admin/meta";
import { RecordMessages, UpdateChoicesFact } from "~/components/admin/messages";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { FollowUpPanel } from "~/components/admin/follow-up";
import { PossibleDuplicates } from "~/components/admin/possible-duplicates";
import { FamilyFacts, RecordFacts } from "~/components/admin/record-details";
import { RecordHistory } from "~/components/admin/record-history";
import { SeatOfferPanel } from "~/components/admin/seat-offer-panel";
import { BackToList, Fact, RecordRouteError } from "~/components/admin/record-pages";
import { StatusBadge } from "~/components/admin/status-badge";
import { StatusControl } from "~/components/admin/status-control";
import { ageCheckSummary } from "~/domain/age-check";
import { MESSAGES } from "~/domain/messages";
import { APPLICATION_STATUSES, statusLabel } from "~/domain/statuses";
import { requireAdmin } from "~/utils/auth.server";
import { followUpPanelData } from "~/utils/follow-ups.server";
import { foundOr404 } from "~/utils/not-found.server";
import { recordPageAction } from "~/utils/record-page.server";
import { seatPanelData } from "~/utils/seat-offers.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

/**
 * One admission application (issue 19): every field, its status, its history and staff's notes,
 * and its seat (issue 38): the grade's seats, its offers and its waitlist place.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const page = await foundOr404(() =>
    context.services.recordDetails.application(RECORD_ID.application(params.id)),
  );
  const [seat, followUp, duplicates] = await Promise.all([
    seatPanelData(context, page.record),
    followUpPanelData(context, "APPLICATION", page.record),
    context.services.duplicates.forRecord("APPLICATION", page.record.id),
  ]);
  return { ...page, seat, followUp, duplicates };
}

/**
 * "Add note", the status control's change, one of the Seat panel's forms or of the Follow-up
 * section's; all come back to this page.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const id = await foundOr404(async () => RECORD_ID.application(params.id));
  return recordPageAction(request, context, {
    enquiry: { recordType: "APPLICATION", recordId: id, actorId: admin.id },
    seats: { applicationId: id, actorId: admin.id },
    addNote: (values) => context.services.recordDetails.addNote("APPLICATION", id, values, admin.id),
    status: {
      update: (input) =>
        context.services.applications.updateStatus(id, STATUS_CHANGE.application(input), admin.id),
      failed: MESSAGES.application.statusFailed,
      saved: (row) => `${row.studentName}'s application is now ${statusLabel(row.status)}.`,
    },
  });
}

export default function ApplicationPage() {
  const { record, history, seat, followUp, messages, choices, duplicates } = useLoaderData<typeof loader>();
  return (
    <>
      <BackToList kind="applications" />
      <AdminPageHeading
        title={`Application: ${record.studentName}`}
        description={`${record.grade}, application #${record.id}`}
        actions={
          <StatusControl
            id={record.id}
            status={record.status}
            statuses={APPLICATION_STATUSES}
            label={`Status of ${record.studentName}'s application`}
          />
        }
      />
      <div className="grid grid-cols-1 gap-8">
        <RecordFacts title="Application">
          <Fact term="Student">{record.studentName}</Fact>
          <Fact term="Date of birth">
            <DateCell at={record.dob} />
          </Fact>
          <Fact term="Grade">{record.grade}</Fact>
          <Fact term="Age check">
            {record.ageCheckFailed ? (
              <span className="flex flex-col items-start gap-1">
                <StatusBadge status="AGE_CHECK" label="Grade does not fit the age" tone="red" />
                <span>{ageCheckSummary(record.ageCheck)}</span>
              </span>
            ) : (
              <span>{ageCheckSummary(record.ageCheck)}</span>
            )}
          </Fact>
          <FamilyFacts record={record} />
          <UpdateChoicesFact choices={choices} />
        </RecordFacts>
        <EnquirySource record={record} />
        <FollowUpPanel panel={followUp} />
        <PossibleDuplicates
          kind="applications"
          recordId={record.id}
          mergedIntoId={record.mergedIntoId}
          matches={duplicates}
        />
        <SeatOfferPanel application={record} panel={seat} />
        <RecordMessages rows={messages} />
        <RecordHistory events={history} kind="applications" />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(
    loaded ? `Application: ${loaded.record.studentName}` : "Application",
    "One admission application: its details, status, history and notes.",
  );

/** An application that does not exist (or a malformed id): its own 404 inside the admin frame. */
export function ErrorBoundary() {
  return <RecordRouteError kind="applications" />;
}
