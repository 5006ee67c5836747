import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ContactCell, WhenCell } from "~/components/admin/cells";
import type { Column } from "~/components/admin/data-table";
import { DataTable } from "~/components/admin/data-table";
import { ListFilterForm } from "~/components/admin/list-filters";
import { listSummary } from "~/components/admin/list-page";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { Pagination } from "~/components/admin/pagination";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState, ErrorState } from "~/components/admin/states";
import { StatusBadge } from "~/components/admin/status-badge";
import { MESSAGES } from "~/domain/messages";
import { listSearch, type ListFilters } from "~/domain/list-query";
import { isOrderView, ORDER_VIEWS, type OrderView } from "~/domain/orders";
import type { StaffOrder } from "~/services/payments/order-rows.server";
import { loadAdminList } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatPaise } from "~/utils/format";

const VIEWS = Object.keys(ORDER_VIEWS) as OrderView[];
const DEFAULT_VIEW: OrderView = "paid";

/** How each view names its rows, its table and its emptiness ("paid" is the spec's table, as it was). */
const VIEW_TEXT: Record<
  OrderView,
  { counted: { one: string; many: string }; caption: string; empty: string; emptyText: string; total: string }
> = {
  paid: {
    counted: { one: "successful (paid) order", many: "successful (paid) orders" },
    caption: "Successful orders",
    empty: MESSAGES.orders.empty,
    emptyText: "Fee payments completed through Enroll Now appear here.",
    total: "",
  },
  pending: {
    counted: { one: "pending order", many: "pending orders" },
    caption: "Pending orders",
    empty: "No pending orders found.",
    emptyText: "Enrollments waiting for their payment appear here until the parent pays.",
    total: " not paid yet",
  },
  failed: {
    counted: { one: "failed order", many: "failed orders" },
    caption: "Failed orders",
    empty: "No failed orders found.",
    emptyText: "Orders whose last payment attempt failed appear here; the parent can still pay them.",
    total: " not paid",
  },
  refunded: {
    counted: { one: "refunded order", many: "refunded orders" },
    caption: "Refunded orders",
    empty: "No refunded orders found.",
    emptyText: "Orders with money given back, in part or in full, appear here.",
    total: " refunded",
  },
};

/** A view's tab keeps the other filters (usable ones only) and goes back to its first page. */
const hrefOf = (view: OrderView, filters: ListFilters | null) => {
  const kept = filters
    ? Object.fromEntries(Object.entries(filters.values).filter(([field]) => !(field in filters.errors)))
    : {};
  return `/admin/orders${listSearch({ view: view === DEFAULT_VIEW ? "" : view, ...kept })}`;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const { orders } = context.services;
  const simulatedPayments = orders.simulatedPayments;
  const requested = new URL(request.url).searchParams.get("view") ?? DEFAULT_VIEW;
  // An unknown view answers 400 inside the page (tabs to the real views, and why), rather than
  // quietly showing another list than the one the address names.
  if (!isOrderView(requested)) {
    const shown = requested.length > 40 ? `${requested.slice(0, 40)}…` : requested;
    return data(
      {
        view: null,
        filters: null,
        loaded: {
          data: null,
          error: `There is no “${shown}” view of the orders. Choose Successful, Pending, Failed or Refunded.`,
        },
        simulatedPayments,
      },
      { status: 400 },
    );
  }
  const view = requested;
  // The page of this view under the filters, with every view's count under them for the tabs.
  const answer = await loadAdminList(
    request,
    context,
    "orders",
    (query) => orders.listPage(view, query),
    MESSAGES.orders.listFailed,
  );
  return data({ view, ...answer.data, simulatedPayments }, answer.init ?? undefined);
}

export default function OrdersPage() {
  const { view, loaded, filters, simulatedPayments } = useLoaderData<typeof loader>();
  const list = loaded.data;
  const text = view ? VIEW_TEXT[view] : null;
  return (
    <>
      <AdminPageHeading
        title="Orders"
        description={
          list && text ? (
            <>
              {listSummary(list.total, text.counted, filters ?? undefined)}.{" "}
              <strong className="whitespace-nowrap text-ink">
                Total: {formatPaise(list.sumPaise)}
                {text.total}
              </strong>
            </>
          ) : undefined
        }
      />
      <OrderTabs current={view} counts={list?.counts ?? null} filters={filters} />
      {view && filters ? (
        <ListFilterForm kind="orders" filters={filters} hidden={view === DEFAULT_VIEW ? {} : { view }} />
      ) : null}
      {simulatedPayments ? (
        <p role="note" className="mb-6 rounded-2xl border-2 border-sun/60 bg-sun-50 p-4 text-ink">
          <strong>Payments are simulated.</strong> No payment gateway is connected yet, so the built-in test
          gateway marks every enrollment paid without taking any money.
        </p>
      ) : null}
      {list && view && text ? (
        <>
          <DataTable
            caption={text.caption}
            columns={columnsOf(view)}
            rows={list.rows}
            rowKey={(row) => row.id}
            empty={<EmptyState title={text.empty}>{text.emptyText}</EmptyState>}
          />
          <Pagination currentPage={list.currentPage} totalPages={list.totalPages} />
        </>
      ) : (
        <ErrorState
          heading={view ? undefined : "No such view"}
          message={loaded.error ?? MESSAGES.orders.listFailed}
        />
      )}
    </>
  );
}

/** The views as tabs: plain links (the default view has no query), each with its number of orders. */
function OrderTabs({
  current,
  counts,
  filters,
}: {
  current: OrderView | null;
  counts: Record<OrderView, number> | null;
  filters: ListFilters | null;
}) {
  return (
    <nav aria-label="Order views" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {VIEWS.map((view) => {
          const active = view === current;
          return (
            <li key={view}>
              <Link
                to={hrefOf(view, filters)}
                aria-current={active ? "page" : undefined}
                className={`inline-flex items-center gap-2 rounded-full border-2 px-3 py-1 text-sm font-bold transition-colors sm:px-4 sm:py-1.5 sm:text-base ${
                  active
                    ? "border-navy bg-navy text-white"
                    : "border-navy/15 bg-white text-navy hover:border-navy hover:bg-navy-50"
                }`}
              >
                {ORDER_VIEWS[view].label}
                {counts ? (
                  <span
                    className={`rounded-full px-2 text-sm ${active ? "bg-white text-navy" : "bg-navy-50 text-navy"}`}
                  >
                    {counts[view].toLocaleString("en-IN")}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type Row = StaffOrder;

const none = <span className="text-ink-soft">None</span>;

function Code({ children }: { children: ReactNode }) {
  return <code className="break-all font-mono text-sm">{children}</code>;
}

/** The student's name links to the order's page; the grade under it. */
function StudentCell({ row }: { row: Row }) {
  return (
    <span className="flex flex-col">
      <Link
        to={`/admin/orders/${row.id}`}
        className="font-bold text-navy underline underline-offset-2 hover:text-navy-dark"
      >
        {row.studentName}
      </Link>
      <span className="text-sm text-ink-soft">{row.grade}</span>
    </span>
  );
}

/** The spec's columns for the default view; the others add the status and the gateway's ids. */
function columnsOf(view: OrderView): Column<Row>[] {
  const amount: Column<Row> = {
    header: "Amount",
    cell: (row) => (
      <span className="flex flex-col">
        <span className="whitespace-nowrap font-bold text-ink">{formatPaise(row.amount)}</span>
        {row.refundedAmount > 0 ? (
          <span className="whitespace-nowrap text-sm text-ink-soft">
            {formatPaise(row.refundedAmount)} refunded
          </span>
        ) : null}
      </span>
    ),
  };
  if (view === "paid") {
    return [
      { header: "Date", cell: (row) => <WhenCell at={row.paidAt ?? row.createdAt} /> },
      { header: "Student", cell: (row) => <StudentCell row={row} /> },
      { header: "Parent", cell: (row) => row.parentName },
      { header: "Contact", cell: (row) => <ContactCell mobile={row.mobile} email={row.email} /> },
      amount,
      { header: "Transaction ID", cell: (row) => <Code>{row.transactionId}</Code> },
    ];
  }
  return [
    view === "refunded"
      ? { header: "Paid", cell: (row) => <WhenCell at={row.paidAt ?? row.createdAt} /> }
      : { header: "Created", cell: (row) => <WhenCell at={row.createdAt} /> },
    { header: "Student", cell: (row) => <StudentCell row={row} /> },
    {
      // Parent and contact in one column here, to leave room for the status and the gateway's ids.
      header: "Parent",
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span>{row.parentName}</span>
          <ContactCell mobile={row.mobile} email={row.email} />
        </span>
      ),
    },
    amount,
    {
      header: "Status",
      cell: (row) => (
        <span className="flex flex-col items-start gap-1">
          <StatusBadge status={row.status} />
          {view === "failed" && row.failureReason ? (
            <span className="line-clamp-3 break-words text-sm text-coral-dark">{row.failureReason}</span>
          ) : null}
        </span>
      ),
    },
    {
      header: "Gateway IDs",
      cell: (row) => (
        <dl className="grid gap-1 text-sm">
          <div>
            <dt className="inline font-semibold text-ink-soft">Order: </dt>
            <dd className="inline">{row.gatewayOrderId ? <Code>{row.gatewayOrderId}</Code> : none}</dd>
          </div>
          <div>
            <dt className="inline font-semibold text-ink-soft">Payment: </dt>
            <dd className="inline">{row.gatewayPaymentId ? <Code>{row.gatewayPaymentId}</Code> : none}</dd>
          </div>
        </dl>
      ),
    },
  ];
}

export const meta: MetaFunction = () =>
  adminMeta(
    "Orders",
    "Fee payments: successful, pending, failed and refunded orders, who enrolled, in which grade, and for how much.",
  );

export function ErrorBoundary() {
  return <AdminRouteError />;
}
