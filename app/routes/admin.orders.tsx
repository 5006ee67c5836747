import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContactCell, PersonCell, WhenCell } from "~/components/admin/cells";
import { AdminListPage } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { MESSAGES } from "~/domain/messages";
import { loadAdminPage } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatPaise } from "~/utils/format";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { orders } = context.services;
  const loaded = await loadAdminPage(
    request,
    context,
    (query) => orders.listPaidPage(query),
    MESSAGES.orders.listFailed,
  );
  return { ...loaded, simulatedPayments: orders.simulatedPayments };
}

export default function OrdersPage() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <AdminListPage
      title="Orders"
      counted={{ one: "successful (paid) order", many: "successful (paid) orders" }}
      loaded={loaded}
      caption="Successful orders"
      rowKey={(row) => row.id}
      notice={
        loaded.simulatedPayments ? (
          <p role="note" className="mb-6 rounded-2xl border-2 border-sun/60 bg-sun-50 p-4 text-ink">
            <strong>Payments are simulated.</strong> No payment gateway is connected yet, so the built-in test
            gateway marks every enrollment paid without taking any money.
          </p>
        ) : null
      }
      empty={
        <EmptyState title={MESSAGES.orders.empty}>
          Fee payments completed through Enroll Now appear here.
        </EmptyState>
      }
      columns={[
        { header: "Date", cell: (row) => <WhenCell at={row.paidAt ?? row.createdAt} /> },
        { header: "Student", cell: (row) => <PersonCell name={row.studentName} detail={row.grade} /> },
        { header: "Parent", cell: (row) => row.parentName },
        { header: "Contact", cell: (row) => <ContactCell mobile={row.mobile} email={row.email} /> },
        {
          header: "Amount",
          cell: (row) => (
            <span className="whitespace-nowrap font-bold text-ink">{formatPaise(row.amount)}</span>
          ),
        },
        {
          header: "Transaction ID",
          cell: (row) => <code className="break-all font-mono text-sm">{row.transactionId}</code>,
        },
      ]}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Orders", "Successful fee payments: who enrolled, in which grade, and for how much.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
