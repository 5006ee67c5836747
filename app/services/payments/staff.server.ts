import { and, count, desc, eq, inArray, sum } from "drizzle-orm";
import type { ListFilter, ListQuery } from "~/domain/list-query";
import { ORDER_VIEWS, type OrderView } from "~/domain/orders";
import { ORDER_STATUSES } from "~/domain/statuses";
import { orders, paymentEvents, refunds, SEARCH_TEXT, type OrderRow } from "../../../db/schema";
import {
  afterCursor,
  byAge,
  countsByStatus,
  cursorTime,
  keysetBatches,
  listFilterOf,
  matchesText,
  pageOf,
  withinDays,
  type FilteredPage,
  type ReadRows,
} from "../paging.server";
import {
  orderById,
  publicOrder,
  staffOrder,
  toPublic,
  type Order,
  type OrderParts,
  type StaffOrder,
} from "./order-rows.server";
import { askGateway } from "./reconciler.server";

/**
 * Staff's side of the orders: one order with its history, the admin list's views and their
 * totals, the CSV export, the dashboard's count, and "Check with Razorpay".
 */
export function createStaffQueries(parts: OrderParts) {
  const { db } = parts;
  const byId = (id: string) => orderById(db, id);

  const paid = eq(orders.status, "PAID");

  const inView = (view: OrderView) => inArray(orders.status, [...ORDER_VIEWS[view].statuses]);
  /** The list's filters but its view: what the view tabs count under. */
  const filtered = (filter: ListFilter<never>) =>
    and(
      filter.grade ? eq(orders.grade, filter.grade) : undefined,
      withinDays(orders.createdAt, filter),
      matchesText(SEARCH_TEXT.order(orders), filter.q),
    );
  const viewByAge = (view: OrderView, filter: ListFilter<never>, order: "newest" | "oldest") =>
    db
      .select(staffOrder)
      .from(orders)
      .where(and(inView(view), filtered(filter)))
      .orderBy(...byAge(order, orders.createdAt, orders.id));

  async function countPaid(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(orders).where(paid);
    return row?.total ?? 0;
  }

  /**
   * One order for staff, with what the gateway reported and the refunds, and the parent's
   * consent (null on orders made before it was asked).
   */
  async function get(id: string): Promise<StaffOrder & Pick<OrderRow, "consentAt" | "noticeVersion">> {
    const row = await byId(id);
    return {
      ...toPublic(row),
      gateway: row.gateway,
      gatewayOrderId: row.gatewayOrderId,
      gatewayPaymentId: row.gatewayPaymentId,
      failureReason: row.failureReason,
      refundedAmount: row.refundedAmount,
      consentAt: row.consentAt,
      noticeVersion: row.noticeVersion,
    };
  }

  /**
   * A page of one view of the orders for the admin screen under its filters, with the view's
   * total in paise and, for the view tabs, how many orders each view has under the filters.
   */
  async function listPage(
    view: OrderView,
    query: ListQuery<never> = {},
  ): Promise<FilteredPage<StaffOrder, OrderView> & { sumPaise: number }> {
    const filter = listFilterOf(query);
    const rows: ReadRows<StaffOrder> = async (order, limit, offset) =>
      viewByAge(view, filter, order).limit(limit).offset(offset);
    const [[totals], grouped] = await Promise.all([
      db
        .select({ sum: view === "refunded" ? sum(orders.refundedAmount) : sum(orders.amount) })
        .from(orders)
        .where(and(inView(view), filtered(filter))),
      db
        .select({ status: orders.status, total: count() })
        .from(orders)
        .where(filtered(filter))
        .groupBy(orders.status),
    ]);
    const byStatus = countsByStatus(ORDER_STATUSES, grouped);
    const counts = Object.fromEntries(
      Object.entries(ORDER_VIEWS).map(([name, { statuses }]) => [
        name,
        statuses.reduce((total, status) => total + byStatus[status], 0),
      ]),
    ) as Record<OrderView, number>;
    const page = await pageOf(
      { page: query.page, limit: query.limit },
      { count: async () => counts[view], rows },
      filter.sort,
    );
    return { ...page, counts, sumPaise: Number(totals?.sum ?? 0) };
  }

  return {
    get,

    /** The order's history as the gateway reported it, newest first, and its refunds. */
    async history(id: string) {
      const order = await byId(id);
      const [events, given] = await Promise.all([
        db
          .select()
          .from(paymentEvents)
          .where(eq(paymentEvents.orderId, order.id))
          .orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id)),
        db.select().from(refunds).where(eq(refunds.orderId, order.id)).orderBy(desc(refunds.createdAt)),
      ]);
      return { events, refunds: given };
    },

    /** Successful (PAID) orders, newest first. */
    async listPaid(): Promise<Order[]> {
      return db
        .select(publicOrder)
        .from(orders)
        .where(paid)
        .orderBy(...byAge("newest", orders.createdAt, orders.id));
    },

    /** Every order of a view under `filter`, in its order, in batches (the CSV export). */
    exportRows(view: OrderView, filter: ListFilter<never>, batchSize = 1000) {
      return keysetBatches(
        async (after, limit) =>
          db
            .select({ ...staffOrder, cursorAt: cursorTime(orders.createdAt) })
            .from(orders)
            .where(
              and(
                inView(view),
                filtered(filter),
                afterCursor(orders.createdAt, orders.id, filter.sort, after),
              ),
            )
            .orderBy(...byAge(filter.sort, orders.createdAt, orders.id))
            .limit(limit),
        batchSize,
      );
    },

    listPage,

    /** A page of successful orders (the dashboard's and the admin screen's default view). */
    listPaidPage(query: ListQuery<never> = {}) {
      return listPage("paid", query);
    },

    /** How many orders were paid: each is an enrolled student. */
    countPaid,

    /** Admin "Check with Razorpay": asks the query API about this order now. */
    async checkWithGateway(id: string): Promise<StaffOrder> {
      const order = await askGateway(parts, await byId(id), "admin");
      return get(order.id);
    },
  };
}
