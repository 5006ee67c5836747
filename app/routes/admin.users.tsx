import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DateCell, PersonCell } from "~/components/admin/cells";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { MESSAGES } from "~/domain/messages";
import { loadAdminPage } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return loadAdminPage(
    request,
    context,
    (query) => context.services.auth.listUsersPage(query),
    MESSAGES.users.listFailed,
  );
}

export default function UsersPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Users"
      counted={{ one: "registered user", many: "registered users" }}
      loaded={loaded}
      caption="Registered users"
      rowKey={(row) => row.id}
      empty={
        <EmptyState title={MESSAGES.users.empty}>
          Parents and students who create an account on the login page appear here.
        </EmptyState>
      }
      columns={[
        { header: "Name", cell: (row) => <PersonCell name={row.name} /> },
        {
          header: "Email",
          cell: (row) => (
            <a
              href={`mailto:${row.email}`}
              className="break-words text-navy underline-offset-2 hover:underline"
            >
              {row.email}
            </a>
          ),
        },
        { header: "Registered", cell: (row) => <DateCell at={row.createdAt} /> },
      ]}
    />
  );
}

export const meta: MetaFunction = () => adminMeta("Users", "Everyone registered on the school's website.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
