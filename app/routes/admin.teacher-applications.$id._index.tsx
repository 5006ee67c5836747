import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContactCell, WhenCell } from "~/components/admin/cells";
import { adminMeta } from "~/components/admin/meta";
import { CvDownload } from "~/components/admin/cv-download";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { ConsentFact, LanguageFact, RecordFacts } from "~/components/admin/record-details";
import { RecordHistory } from "~/components/admin/record-history";
import { BackToList, Fact, nothing, RecordRouteError } from "~/components/admin/record-pages";
import { StatusControl } from "~/components/admin/status-control";
import { MESSAGES } from "~/domain/messages";
import { TEACHER_APPLICATION_STATUSES, statusLabel } from "~/domain/statuses";
import { requireAdmin } from "~/utils/auth.server";
import { foundOr404 } from "~/utils/not-found.server";
import { recordPageAction } from "~/utils/record-page.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

/*
 * An index route, so that /admin/teacher-applications/{id}/cv stays its own download rather than
 * a child of this page.
 */

/** One teacher application (issue 19): every field, the CV, its status, its history and notes. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return foundOr404(() =>
    context.services.recordDetails.teacherApplication(RECORD_ID.teacherApplication(params.id)),
  );
}

/** "Add note", or the status control's change; both come back to this page. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const id = await foundOr404(async () => RECORD_ID.teacherApplication(params.id));
  return recordPageAction(request, context, {
    addNote: (values) => context.services.recordDetails.addNote("TEACHER_APPLICATION", id, values, admin.id),
    status: {
      update: (input) =>
        context.services.teacherApplications.setStatus(id, STATUS_CHANGE.teacherApplication(input), admin.id),
      failed: MESSAGES.teacher.statusFailed,
      saved: (row) => `${row.name}'s application is now ${statusLabel(row.status)}.`,
    },
  });
}

export default function TeacherApplicationPage() {
  const { record, history } = useLoaderData<typeof loader>();
  return (
    <>
      <BackToList kind="teacherApplications" />
      <AdminPageHeading
        title={`Teacher application: ${record.name}`}
        description={`${record.city}, teacher application #${record.id}`}
        actions={
          <StatusControl
            id={record.id}
            status={record.status}
            statuses={TEACHER_APPLICATION_STATUSES}
            label={`Status of ${record.name}'s application`}
          />
        }
      />
      <div className="grid grid-cols-1 gap-8">
        <RecordFacts title="Teacher application">
          <Fact term="Teacher">{record.name}</Fact>
          <Fact term="City">{record.city}</Fact>
          <Fact term="Contact">
            <ContactCell mobile={record.mobile} email={record.email} />
          </Fact>
          <Fact term="Experience">
            <span className="break-words">{record.experience}</span>
          </Fact>
          <Fact term="CV">
            <CvDownload
              applicationId={record.id}
              teacher={record.name}
              fileName={record.cvFileName}
              sizeBytes={record.cvSizeBytes}
            />
          </Fact>
          <Fact term="Received">
            <WhenCell at={record.createdAt} />
          </Fact>
          <ConsentFact consentAt={record.consentAt} noticeVersion={record.noticeVersion} />
          <LanguageFact language={record.language} />
          <Fact term="Message" wide="sm:col-span-2 xl:col-span-3">
            {record.message ? (
              <p className="whitespace-pre-wrap break-words">{record.message}</p>
            ) : (
              nothing("No message")
            )}
          </Fact>
        </RecordFacts>
        <RecordHistory events={history} kind="teacherApplications" />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) =>
  adminMeta(
    loaded ? `Teacher application: ${loaded.record.name}` : "Teacher application",
    "One teacher application: its details, CV, status, history and notes.",
  );

/** A teacher application that does not exist (or a malformed id): its own 404 inside the admin frame. */
export function ErrorBoundary() {
  return <RecordRouteError kind="teacherApplications" />;
}
