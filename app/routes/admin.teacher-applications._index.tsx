import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContactCell, WhenCell } from "~/components/admin/cells";
import { CvDownload } from "~/components/admin/cv-download";
import type { Column } from "~/components/admin/data-table";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { PersonLinkCell } from "~/components/admin/record-details";
import { EmptyState } from "~/components/admin/states";
import { StatusControl } from "~/components/admin/status-control";
import { MESSAGES } from "~/domain/messages";
import { TEACHER_APPLICATION_STATUSES, statusLabel } from "~/domain/statuses";
import type { TeacherApplication } from "~/services/teacher-applications.server";
import { changeStatus, loadAdminList } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return loadAdminList(
    request,
    context,
    "teacherApplications",
    (query) => context.services.teacherApplications.listPage(query),
    MESSAGES.teacher.listFailed,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  return changeStatus(request, context, {
    update: (id, input) =>
      context.services.teacherApplications.setStatus(
        RECORD_ID.teacherApplication(id),
        STATUS_CHANGE.teacherApplication(input),
        admin.id,
      ),
    failed: MESSAGES.teacher.statusFailed,
    saved: (row) => `${row.name}'s application is now ${statusLabel(row.status)}.`,
  });
}

/** Longer messages fold away behind their first words, so one long letter does not stretch the list. */
const MESSAGE_PREVIEW = 120;

/** The experience as the teacher put it, and their message (if any) under it. */
function ExperienceCell({ experience, message }: { experience: string; message: string }) {
  return (
    <span className="flex max-w-sm flex-col gap-1 break-words">
      <span className="text-ink">{experience}</span>
      {!message ? null : message.length <= MESSAGE_PREVIEW ? (
        <span className="whitespace-pre-line text-sm text-ink-soft">“{message}”</span>
      ) : (
        <details className="text-sm text-ink-soft">
          <summary className="cursor-pointer">
            “{message.slice(0, MESSAGE_PREVIEW).trimEnd()}…”{" "}
            <span className="font-semibold text-navy underline underline-offset-2">Read all</span>
          </summary>
          <span className="mt-1 block whitespace-pre-line">{message}</span>
        </details>
      )}
    </span>
  );
}

/** The CV as a download link, or plainly "No CV". */
function CvCell({ row }: { row: Row }) {
  return (
    <CvDownload
      applicationId={row.id}
      teacher={row.name}
      fileName={row.hasCv ? row.cvFileName : null}
      sizeBytes={row.cvSizeBytes}
    />
  );
}

type Row = Omit<TeacherApplication, "createdAt"> & { createdAt: Date | string };

const COLUMNS: Column<Row>[] = [
  {
    header: "Teacher",
    cell: (row) => (
      <PersonLinkCell name={row.name} detail={row.city} to={`/admin/teacher-applications/${row.id}`} />
    ),
  },
  { header: "Contact", cell: (row) => <ContactCell mobile={row.mobile} email={row.email} /> },
  {
    header: "Experience and message",
    cell: (row) => <ExperienceCell experience={row.experience} message={row.message} />,
  },
  { header: "CV", cell: (row) => <CvCell row={row} /> },
  { header: "Received", cell: (row) => <WhenCell at={row.createdAt} /> },
  {
    header: "Status",
    cell: (row) => (
      <StatusControl
        id={row.id}
        status={row.status}
        statuses={TEACHER_APPLICATION_STATUSES}
        label={`Status of ${row.name}'s application`}
      />
    ),
  },
];

export default function TeacherApplicationsPage() {
  const { loaded, filters } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Teacher Applications"
      counted={{ one: "teacher application", many: "teacher applications" }}
      loaded={loaded}
      filtered={{ kind: "teacherApplications", filters }}
      caption="Teacher applications"
      rowKey={(row) => row.id}
      empty={
        <EmptyState title={MESSAGES.teacher.empty}>
          Registrations sent from the Teachers page appear here, newest first, with their CVs.
        </EmptyState>
      }
      columns={COLUMNS}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Teacher Applications",
    "Teachers who registered on the Teachers page, their CVs and their status: new, shortlisted, interview, hired or rejected.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
