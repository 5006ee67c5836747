import { and, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import type { ListFilter, ListQuery } from "~/domain/list-query";
import { ORDER_VIEWS, type OrderView } from "~/domain/orders";
import { orders, paymentEvents, refunds, SEARCH_TEXT, type OrderRow } from "../../../db/schema";
import { byAge, listFilterOf, matchesText, withinDays, type FilteredPage } from "../paging.server";
import type { ActivityColumns, DashboardSource } from "../dashboard.server";
import { recordList } from "../record-list.server";
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

const VIEWS = Object.keys(ORDER_VIEWS) as OrderView[];

/**
 * Each order's view (the statuses it groups), as the view tabs are counted by. Written with
 * literals, not parameters: PostgreSQL matches the grouped expression to the selected one by its
 * text, and the same expression with differently numbered parameters would not match. The values
 * are this file's constants, never input.
 */
const literal = (text: string) => sql.raw(`'${text}'`);
const viewOf = sql<OrderView>`case ${sql.join(
  VIEWS.map(
    (view) =>
      sql`when ${orders.status} in (${sql.join(ORDER_VIEWS[view].statuses.map(literal), sql`, `)}) then ${literal(view)}`,
  ),
  sql` `,
)} end`;

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
  const filtered = (filter: ListFilter<OrderView>) =>
    and(
      filter.grade ? eq(orders.grade, filter.grade) : undefined,
      withinDays(orders.createdAt, filter),
      matchesText(SEARCH_TEXT.order(orders), filter.q),
    );
  /** The admin list: its tabs are the views (`?view=`), each a set of statuses. */
  const staffList = recordList<StaffOrder, OrderView>({
    db,
    table: orders,
    id: orders.id,
    createdAt: orders.createdAt,
    select: (extra) =>
      db
        .select({ ...staffOrder, ...extra })
        .from(orders)
        .$dynamic(),
    filtered,
    tabs: { values: VIEWS, of: viewOf, where: inView },
  });

  async function countPaid(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(orders).where(paid);
    return row?.total ?? 0;
  }

  /**
   * One order for staff, with what the gateway reported and the refunds, and the parent's
   * consent (null on orders made before it was asked) and WhatsApp choice (issue 39).
   */
  async function get(
    id: string,
  ): Promise<
    StaffOrder &
      Pick<
        OrderRow,
        | "consentAt"
        | "noticeVersion"
        | "language"
        | "whatsappUpdatesAt"
        | "utmSource"
        | "utmMedium"
        | "utmCampaign"
        | "referrerHost"
        | "heardAbout"
        | "heardAboutOther"
      >
  > {
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
      language: row.language,
      whatsappUpdatesAt: row.whatsappUpdatesAt,
      // Where the family came from (issue 40): the page's "Source".
      utmSource: row.utmSource,
      utmMedium: row.utmMedium,
      utmCampaign: row.utmCampaign,
      referrerHost: row.referrerHost,
      heardAbout: row.heardAbout,
      heardAboutOther: row.heardAboutOther,
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
    const [page, [totals]] = await Promise.all([
      staffList.listPage({ ...query, status: view }),
      db
        .select({ sum: view === "refunded" ? sum(orders.refundedAmount) : sum(orders.amount) })
        .from(orders)
        .where(and(inView(view), filtered(listFilterOf<OrderView>(query)))),
    ]);
    return { ...page, sumPaise: Number(totals?.sum ?? 0) };
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

    /**
     * Every order under `filter`, in its order, in batches (the CSV export); the filter's
     * `status` is the view (the orders' tabs are their views).
     */
    exportRows: staffList.exportRows,

    listPage,

    /** The dashboard's reads: how many a view holds, and the newest paid orders (when paid, what). */
    dashboard: {
      counted: (view) => staffList.tabCount(view as OrderView),
      newest: (limit) =>
        staffList.newestRows(
          {
            id: orders.id,
            at: sql`coalesce(${orders.paidAt}, ${orders.createdAt})`,
            studentName: orders.studentName,
            grade: orders.grade,
            status: orders.status,
            amount: orders.amount,
          } satisfies ActivityColumns,
          limit,
          "paid",
        ),
    } satisfies DashboardSource,

    /** How many orders were paid: each is an enrolled student. */
    countPaid,

    /** Admin "Check with Razorpay": asks the query API about this order now. */
    async checkWithGateway(id: string): Promise<StaffOrder> {
      const order = await askGateway(parts, await byId(id), "admin");
      return get(order.id);
    },
  };
}
