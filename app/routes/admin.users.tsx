import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DateCell, PersonCell } from "~/components/admin/cells";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { StatusBadge } from "~/components/admin/status-badge";
import { MESSAGES } from "~/domain/messages";
import type { ManagedUser } from "~/services/user-admin.server";
import { changeStatus, loadAdminList } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { accountChange, RECORD_ID, type AccountChange } from "~/utils/route-input.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = requireAdmin(request, context);
  const answer = await loadAdminList(
    request,
    context,
    "users",
    (query) => context.services.userAdmin.listPage(query),
    MESSAGES.users.listFailed,
  );
  return data({ ...answer.data, you: admin.id }, answer.init ?? undefined);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const { userAdmin } = context.services;
  return changeStatus(request, context, {
    update: (id, input) => {
      const userId = RECORD_ID.user(id);
      const change = accountChange(input);
      return change === "ADMIN" || change === "USER"
        ? userAdmin.setRole(admin.id, userId, change)
        : userAdmin.setDisabled(admin.id, userId, change === "DISABLED");
    },
    failed: MESSAGES.users.changeFailed,
    explained: true,
    saved: (user) => savedText(user),
  });
}

function savedText(user: ManagedUser): string {
  // The row as it is now says what changed; a repeated post of the same change says it again.
  return user.disabledAt
    ? MESSAGES.users.disabled(user.name)
    : user.role === "ADMIN"
      ? MESSAGES.users.madeAdmin(user.name)
      : MESSAGES.users.enabled(user.name);
}

export default function UsersPage() {
  const { you, loaded, filters } = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Users"
      counted={{ one: "registered user", many: "registered users" }}
      loaded={loaded}
      filtered={{ kind: "users", filters }}
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
        {
          header: "Role",
          cell: (row) => (
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={row.role} label={row.role} tone={row.role === "ADMIN" ? "blue" : "gray"} />
              <AccountButton
                id={row.id}
                change={row.role === "ADMIN" ? "USER" : "ADMIN"}
                label={row.role === "ADMIN" ? "Remove ADMIN" : "Make ADMIN"}
                name={row.name}
              />
            </div>
          ),
        },
        {
          header: "Account",
          cell: (row) => (
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge
                status={row.disabledAt ? "DISABLED" : "ACTIVE"}
                label={row.disabledAt ? "Disabled" : "Active"}
                tone={row.disabledAt ? "red" : "green"}
              />
              {row.id === you ? (
                <span className="text-sm text-ink-soft">You</span>
              ) : (
                <AccountButton
                  id={row.id}
                  change={row.disabledAt ? "ACTIVE" : "DISABLED"}
                  label={row.disabledAt ? "Enable" : "Disable"}
                  name={row.name}
                />
              )}
            </div>
          ),
        },
      ]}
    />
  );
}

/** One change to one account: a real form, so it works without JavaScript. */
function AccountButton({
  id,
  change,
  label,
  name,
}: {
  id: number;
  change: AccountChange;
  label: string;
  name: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="status" value={change} />
      <button
        type="submit"
        className="rounded-full border border-navy/30 px-3 py-1 text-sm font-bold text-navy hover:bg-navy-50 focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-coral"
      >
        {label}
        <span className="sr-only"> ({name})</span>
      </button>
    </Form>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Users", "Everyone registered on the school's website, their role and whether they may sign in.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
