import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateCell } from "~/components/admin/cells";
import { enquiryColumns, enquiryFields } from "~/components/admin/enquiry-columns";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { StatusBadge } from "~/components/admin/status-badge";
import { ageCheckSummary } from "~/domain/age-check";
import { MESSAGES } from "~/domain/messages";
import { APPLICATION_STATUSES, statusLabel } from "~/domain/statuses";
import type { CheckedApplication } from "~/services/enquiries.server";
import { changeStatus, loadAdminList } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return loadAdminList(
    request,
    context,
    "applications",
    async (query) => {
      const page = await context.services.applications.listPage(query);
      const flagged = await context.services.duplicates.flaggedAmong(
        "APPLICATION",
        page.rows.map((row) => row.id),
      );
      return {
        ...page,
        rows: page.rows.map((row) => ({
          ...listedApplication(row),
          possibleDuplicate: flagged.includes(row.id),
        })),
      };
    },
    MESSAGES.application.listFailed,
  );
}

/** What the list shows of an application: its age check only when it failed, and then in words. */
function listedApplication(application: CheckedApplication) {
  return {
    ...enquiryFields(application),
    status: application.status,
    dob: application.dob,
    ageCheckNote: application.ageCheckFailed ? ageCheckSummary(application.ageCheck) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  return changeStatus(request, context, {
    update: (id, input) =>
      context.services.applications.updateStatus(
        RECORD_ID.application(id),
        STATUS_CHANGE.application(input),
        admin.id,
      ),
    failed: MESSAGES.application.statusFailed,
    saved: (row) => `${row.studentName}'s application is now ${statusLabel(row.status)}.`,
  });
}

type ListedApplication = ReturnType<typeof listedApplication>;

export default function ApplicationsPage() {
  const { loaded, filters } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Applications"
      counted={{ one: "admission application", many: "admission applications" }}
      loaded={loaded}
      filtered={{ kind: "applications", filters }}
      caption="Admission applications"
      rowKey={(row) => row.id}
      empty={
        <EmptyState title={MESSAGES.application.empty}>
          Applications sent from the admission form appear here, newest first.
        </EmptyState>
      }
      columns={enquiryColumns<ListedApplication>({
        statuses: APPLICATION_STATUSES,
        statusName: (row) => `Status of ${row.studentName}'s application`,
        detailsPath: (row) => `/admin/applications/${row.id}`,
        studentDetail: (row) => (
          <>
            Born <DateCell at={row.dob} />
            {row.ageCheckNote ? (
              // Sent although the grade does not fit the age (the parent confirmed, or by the API).
              <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                <StatusBadge status="AGE_CHECK" label="Age check" tone="red" />
                <span>{row.ageCheckNote}</span>
              </span>
            ) : null}
          </>
        ),
      })}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Applications",
    "Admission applications and their status: pending, contacted, approved or rejected.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
