import { DataTable } from "~/components/admin/data-table";
import { ListFilterForm, TabLink } from "~/components/admin/list-filters";
import { listSummary } from "~/components/admin/list-page";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { Pagination } from "~/components/admin/pagination";
import { EmptyState, ErrorState } from "~/components/admin/states";
import { MESSAGES } from "~/domain/messages";
import { listSearch, type ListFilters } from "~/domain/list-query";
import { ORDER_VIEWS, type OrderView } from "~/domain/orders";
import { formatPaise } from "~/domain/format";
import { columnsOf, type OrderListRow } from "./order-columns";

const VIEWS = Object.keys(ORDER_VIEWS) as OrderView[];
/** The view at /admin/orders without a query: the spec's list of successful orders. */
export const DEFAULT_VIEW: OrderView = "paid";

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

/** A page of one view under the filters, with every view's count for the tabs and the view's total. */
type OrderListPage = {
  rows: OrderListRow[];
  total: number;
  currentPage: number;
  totalPages: number;
  counts: Record<OrderView, number>;
  sumPaise: number;
};

/**
 * The orders screen: the view tabs with their counts, the filters, the note while payments are
 * simulated, and the view's table; a view that does not exist or a failed load shows why.
 */
export function OrdersList({
  view,
  loaded,
  filters,
  simulatedPayments,
}: {
  view: OrderView | null;
  loaded: { data: OrderListPage | null; error: string | null };
  filters: ListFilters | null;
  simulatedPayments: boolean;
}) {
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
              <TabLink
                to={hrefOf(view, filters)}
                active={active}
                label={ORDER_VIEWS[view].label}
                count={counts ? counts[view] : null}
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
