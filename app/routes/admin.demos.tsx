import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { enquiryColumns, enquiryFields } from "~/components/admin/enquiry-columns";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { MESSAGES } from "~/domain/messages";
import { DEMO_STATUSES, statusLabel } from "~/domain/statuses";
import type { DemoRequest } from "~/services/enquiries.server";
import { changeStatus, loadAdminList } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { RECORD_ID, STATUS_CHANGE } from "~/utils/route-input.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return loadAdminList(
    request,
    context,
    "demos",
    async (query) => {
      const page = await context.services.demos.listPage(query);
      const flagged = await context.services.duplicates.flaggedAmong(
        "DEMO_REQUEST",
        page.rows.map((row) => row.id),
      );
      return {
        ...page,
        rows: page.rows.map((row) => ({ ...listedDemo(row), possibleDuplicate: flagged.includes(row.id) })),
      };
    },
    MESSAGES.demo.listFailed,
  );
}

/** What the list shows of a demo request. */
function listedDemo(demo: DemoRequest) {
  return { ...enquiryFields(demo), status: demo.status, preferredDateTime: demo.preferredDateTime };
}

type ListedDemo = ReturnType<typeof listedDemo>;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  return changeStatus(request, context, {
    update: (id, input) =>
      context.services.demos.updateStatus(RECORD_ID.demo(id), STATUS_CHANGE.demo(input), admin.id),
    failed: MESSAGES.demo.statusFailed,
    saved: (row) => `The demo for ${row.studentName} is now ${statusLabel(row.status)}.`,
  });
}

export default function DemosPage() {
  const { loaded, filters } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Demo Requests"
      counted={{ one: "free demo request", many: "free demo requests" }}
      loaded={loaded}
      filtered={{ kind: "demos", filters }}
      caption="Free demo requests"
      rowKey={(row) => row.id}
      empty={
        <EmptyState title={MESSAGES.demo.empty}>
          Requests sent from the Book a Free Demo form appear here, newest first.
        </EmptyState>
      }
      columns={enquiryColumns<ListedDemo>({
        statuses: DEMO_STATUSES,
        statusName: (row) => `Status of the demo for ${row.studentName}`,
        detailsPath: (row) => `/admin/demos/${row.id}`,
        extra: [{ header: "Preferred time", cell: (row) => row.preferredDateTime }],
      })}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Demo Requests",
    "Free demo class requests and their status: pending, contacted, completed or cancelled.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
