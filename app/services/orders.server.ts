import { and, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import { SCHOOL } from "~/domain/brand";
import { FORMS } from "~/domain/forms";
import { ORDER_VIEWS, type OrderView } from "~/domain/orders";
import { ORDER_STATUSES, type OrderStatus } from "~/domain/statuses";
import { formatRupees } from "~/domain/format";
import { queryRows, type Database } from "../../db/client";
import { orders, paymentEvents, refunds, SEARCH_TEXT, type OrderRow } from "../../db/schema";
import { AppError, badRequest, notFound } from "./errors";
import type { GradesService } from "./grades.server";
import type { MailOutbox } from "./mail/outbox.server";
import { createPaymentRecorder, orderLinks, PAYABLE } from "./order-payments.server";
import type { ListFilter, ListQuery } from "~/domain/list-query";
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
} from "./paging.server";
import {
  TEST_GATEWAY_NAME,
  type CheckoutForm,
  type PaymentGateway,
  type PaymentOutcome,
} from "./payment-gateway.server";
import { PAYMENT_SERVICE_UNREACHABLE } from "./razorpay.server";
import type { RecordHistory } from "./record-history.server";
import { consentGiven } from "./consent.server";
import { schemaOf, type FormInput } from "./validation";

export const enrollmentInput = schemaOf(FORMS.enrollment);
/** `amount` is optional: the fee the visitor saw. The server's fee decides; a different one is refused. */
export type EnrollmentInput = FormInput<typeof FORMS.enrollment>;

/** What clients see of an order: no gateway internals, no link token. */
export type Order = Pick<
  OrderRow,
  | "id"
  | "studentName"
  | "parentName"
  | "grade"
  | "email"
  | "mobile"
  | "amount"
  | "currency"
  | "status"
  | "transactionId"
  | "createdAt"
  | "paidAt"
>;

/** What staff see of an order: with the gateway's ids, the refunds and why the last attempt failed. */
export type StaffOrder = Order &
  Pick<OrderRow, "gateway" | "gatewayOrderId" | "gatewayPaymentId" | "failureReason" | "refundedAmount">;

const publicOrder = {
  id: orders.id,
  studentName: orders.studentName,
  parentName: orders.parentName,
  grade: orders.grade,
  email: orders.email,
  mobile: orders.mobile,
  amount: orders.amount,
  currency: orders.currency,
  status: orders.status,
  transactionId: orders.transactionId,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};
const staffOrder = {
  ...publicOrder,
  gateway: orders.gateway,
  gatewayOrderId: orders.gatewayOrderId,
  gatewayPaymentId: orders.gatewayPaymentId,
  failureReason: orders.failureReason,
  refundedAmount: orders.refundedAmount,
};

const toPublic = (row: OrderRow): Order => ({
  id: row.id,
  studentName: row.studentName,
  parentName: row.parentName,
  grade: row.grade,
  email: row.email,
  mobile: row.mobile,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  transactionId: row.transactionId,
  createdAt: row.createdAt,
  paidAt: row.paidAt,
});

/** What follows an enrollment: paid already (test gateway), or the way to the gateway's checkout. */
export type PaymentStep = {
  gateway: string;
  status: OrderStatus;
  /** The parent's page for this order: checkout while unpaid, the confirmation once paid. */
  payUrl: string;
  /** The printable receipt, once paid. */
  receiptUrl: string | null;
  /** The form that opens the gateway's hosted checkout (POST these fields to `action`). */
  checkout: CheckoutForm | null;
  /** Why there is no checkout yet (the gateway could not be reached); the order is kept, payable later at payUrl. */
  message: string | null;
};

/** The parent's checkout page: the order, and the form to the gateway while it can still be paid. */
export type PaymentPage = {
  order: Order & { failureReason: string | null };
  payUrl: string;
  receiptUrl: string;
  checkout: CheckoutForm | null;
  /** True when the gateway's side of the order could not be opened yet. */
  unreachable: boolean;
};

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService({
  db,
  grades,
  gateway,
  outbox,
  publicUrl,
  history,
}: {
  db: Database;
  grades: GradesService;
  gateway: PaymentGateway;
  outbox: MailOutbox;
  /** The site's address, for the links in the payment mails and the checkout's return addresses. */
  publicUrl: string;
  /** Where each move of an order's status is written, in its transaction (issue 19). */
  history: Pick<RecordHistory, "add">;
}) {
  const payments = createPaymentRecorder({ db, outbox, publicUrl, history });
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

  async function byToken(token: string): Promise<OrderRow> {
    const [row] = /^[0-9a-f]{64}$/.test(token)
      ? await db.select().from(orders).where(eq(orders.linkToken, token))
      : [];
    if (!row) throw notFound("Order not found.");
    return row;
  }

  async function byId(id: string): Promise<OrderRow> {
    const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(orders).where(eq(orders.id, id)) : [];
    if (!row) throw notFound("Order not found.");
    return row;
  }

  /** Records a synchronous gateway's answer (the test gateway: PAID at once). */
  async function recordOutcome(order: OrderRow, outcome: PaymentOutcome): Promise<OrderRow> {
    if (outcome.status === "PENDING") {
      const [opened] = await db
        .update(orders)
        .set({ gatewayOrderId: outcome.gatewayOrderId })
        .where(eq(orders.id, order.id))
        .returning();
      return opened!;
    }
    return payments.transaction((tx) =>
      outcome.status === "PAID"
        ? payments.markPaid(
            tx,
            order,
            { paymentId: outcome.transactionId, gatewayOrderId: outcome.gatewayOrderId },
            "gateway",
          )
        : payments.markFailed(tx, order, { reason: outcome.reason }, "gateway"),
    );
  }

  /** Opens the gateway's side of an order (once); false when the gateway cannot be reached now. */
  async function openAtGateway(order: OrderRow): Promise<OrderRow> {
    if (order.gatewayOrderId) return order;
    const outcome = await gateway.startPayment({
      orderId: order.id,
      amountPaise: order.amount,
      currency: "INR",
      email: order.email,
      mobile: order.mobile,
    });
    return recordOutcome(order, outcome);
  }

  function checkoutFor(order: OrderRow): CheckoutForm | null {
    if (!order.gatewayOrderId || !(PAYABLE as readonly string[]).includes(order.status)) return null;
    const links = orderLinks(publicUrl, order.linkToken);
    return gateway.checkoutForm({
      gatewayOrderId: order.gatewayOrderId,
      amountPaise: order.amount,
      merchantName: SCHOOL.fullName,
      description: `Yearly fee, ${order.grade} (${SCHOOL.session})`,
      payer: { name: order.parentName, email: order.email, mobile: order.mobile },
      callbackUrl: `${links.payUrl}/callback`,
      cancelUrl: `${links.payUrl}?cancelled=1`,
    });
  }

  function paymentStep(order: OrderRow, message: string | null = null): PaymentStep {
    const links = orderLinks(publicUrl, order.linkToken);
    return {
      gateway: order.gateway,
      status: order.status,
      payUrl: links.payUrl,
      receiptUrl: order.paidAt ? links.receiptUrl : null,
      checkout: checkoutFor(order),
      message,
    };
  }

  /** Asks the gateway about an unpaid order's payments; a captured one the callback and webhooks missed makes it PAID. */
  async function askGateway(order: OrderRow, source: "reconcile" | "admin"): Promise<OrderRow> {
    if (!order.gatewayOrderId || !(PAYABLE as readonly string[]).includes(order.status)) return order;
    const found = await gateway.paymentsOf(order.gatewayOrderId);
    const captured = found.find((payment) => payment.status === "captured");
    return payments.transaction(async (tx) => {
      await payments.logEvent(tx.tx, {
        orderId: order.id,
        source,
        type: "order.checked",
        detail: { payments: found.map(({ id, status, amountPaise }) => ({ id, status, amountPaise })) },
      });
      if (!captured) return order;
      return payments.markPaid(
        tx,
        order,
        {
          paymentId: captured.id,
          gatewayOrderId: order.gatewayOrderId!,
          amountPaise: captured.amountPaise,
          currency: captured.currency,
        },
        source,
      );
    });
  }

  return {
    /** True while the test gateway marks orders PAID without taking any money. */
    simulatedPayments: gateway.name === TEST_GATEWAY_NAME,
    gatewayName: gateway.name,
    /** Where the checkout form posts (pages allow it as a form target). */
    checkoutOrigin: gateway.checkoutOrigin,

    /**
     * Enrolls a student in a grade: the amount comes from the grade's fee, never from the client.
     * The order is stored before the gateway is asked, so no payment can exist without its order;
     * if the gateway cannot be reached, the order stays, payable later at its pay link. `userId`
     * is the account signed in when it was made, if any: its profile then shows it.
     */
    async createOrder(
      values: EnrollmentInput,
      { userId = null }: { userId?: number | null } = {},
    ): Promise<{ order: Order; payment: PaymentStep }> {
      const fee = await grades.feeFor(values.grade);
      if (values.amount !== undefined && values.amount !== fee) {
        const message = `The fee for ${values.grade} is ${formatRupees(fee)}. Please refresh the page and try again.`;
        throw badRequest(message, { amount: [message] });
      }
      const [created] = await db
        .insert(orders)
        .values({
          studentName: values.studentName,
          parentName: values.parentName,
          grade: values.grade,
          email: values.email,
          mobile: values.mobile,
          amount: fee * 100,
          gateway: gateway.name,
          userId,
          ...consentGiven(values),
        })
        .returning();
      let order = created!;
      try {
        order = await openAtGateway(order);
      } catch (error) {
        if (error instanceof AppError && error.status >= 500) {
          return { order: toPublic(order), payment: paymentStep(order, PAYMENT_SERVICE_UNREACHABLE) };
        }
        await recordOutcome(order, {
          status: "FAILED",
          reason: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
      if (order.status === "FAILED") {
        throw new AppError(402, "The payment could not be completed. No money was taken; please try again.");
      }
      return { order: toPublic(order), payment: paymentStep(order) };
    },

    /** The parent's checkout page for an order, by its link token. */
    async paymentPage(token: string): Promise<PaymentPage> {
      const order = await byToken(token);
      const links = orderLinks(publicUrl, order.linkToken);
      return {
        order: { ...toPublic(order), failureReason: order.failureReason },
        ...links,
        checkout: checkoutFor(order),
        unreachable: !order.gatewayOrderId && (PAYABLE as readonly string[]).includes(order.status),
      };
    },

    /** Tries again to open the gateway's side of an order whose first attempt could not reach it. */
    async openPayment(token: string): Promise<PaymentStep> {
      const order = await openAtGateway(await byToken(token));
      return paymentStep(order);
    },

    /**
     * Razorpay's callback after a successful payment: the signature must be the HMAC of OUR stored
     * gateway order id and the payment id; anything else is refused (400) and changes nothing.
     */
    async confirmPayment(
      token: string,
      reported: { paymentId: string; gatewayOrderId: string; signature: string },
    ): Promise<Order> {
      const order = await byToken(token);
      const valid =
        order.gatewayOrderId !== null &&
        reported.gatewayOrderId === order.gatewayOrderId &&
        gateway.verifyPaymentSignature(order.gatewayOrderId, reported.paymentId, reported.signature);
      if (!valid) {
        throw badRequest(
          "We could not verify this payment. If money was taken, it will be confirmed shortly.",
        );
      }
      const recorded = await payments.transaction(async (tx) => {
        const locked = await payments.lockOrder(tx.tx, eq(orders.id, order.id));
        return payments.markPaid(
          tx,
          locked!,
          { paymentId: reported.paymentId, gatewayOrderId: order.gatewayOrderId! },
          "callback",
        );
      });
      return toPublic(recorded);
    },

    /** Razorpay's callback after a failed attempt: recorded; the order stays payable. */
    async recordFailedAttempt(
      token: string,
      failure: { reason: string; paymentId: string | null },
    ): Promise<Order> {
      const order = await byToken(token);
      const recorded = await payments.transaction(async (tx) => {
        const locked = await payments.lockOrder(tx.tx, eq(orders.id, order.id));
        return payments.markFailed(tx, locked!, failure, "callback");
      });
      return toPublic(recorded);
    },

    /** Admin "Check with Razorpay": asks the query API about this order now. */
    async checkWithGateway(id: string): Promise<StaffOrder> {
      const order = await askGateway(await byId(id), "admin");
      return this.get(order.id);
    },

    /**
     * Asks the gateway about unpaid orders older than `olderThanMs` (and at most a week old) not
     * asked about in the last `askAgainAfterMs`: each instance claims a batch with SKIP LOCKED
     * and stamps it, so two instances never ask about the same order at once.
     */
    async reconcile({ olderThanMs = 15 * 60_000, limit = 50, askAgainAfterMs = 15 * 60_000 } = {}): Promise<{
      checked: number;
      paid: number;
    }> {
      if (gateway.name === TEST_GATEWAY_NAME) return { checked: 0, paid: 0 };
      const claimed = await queryRows<{ id: string }>(
        db,
        sql`
        update ${orders} set reconciled_at = now()
        where id in (
          select id from ${orders}
          where status in ('CREATED', 'FAILED') and gateway_order_id is not null
            and created_at < now() - make_interval(secs => ${olderThanMs / 1000})
            and created_at > now() - interval '7 days'
            and (reconciled_at is null or reconciled_at < now() - make_interval(secs => ${askAgainAfterMs / 1000}))
          order by created_at
          limit ${limit}
          for update skip locked
        )
        returning id`,
      );
      let paidNow = 0;
      for (const { id } of claimed) {
        const order = await byId(id);
        const checked = await askGateway(order, "reconcile");
        if (checked.status === "PAID") paidNow += 1;
      }
      return { checked: claimed.length, paid: paidNow };
    },

    /**
     * One order for staff, with what the gateway reported and the refunds, and the parent's
     * consent (null on orders made before it was asked).
     */
    async get(id: string): Promise<StaffOrder & Pick<OrderRow, "consentAt" | "noticeVersion">> {
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
    },

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

    /** A paid order's receipt, by the parent's link token; 404 for an unpaid one. */
    async receipt(token: string) {
      const row = await byToken(token);
      if (!row.paidAt || !row.transactionId) throw notFound("Order not found.");
      const given = await db
        .select({
          amount: refunds.amount,
          processedAt: refunds.processedAt,
          gatewayRefundId: refunds.gatewayRefundId,
        })
        .from(refunds)
        .where(and(eq(refunds.orderId, row.id), eq(refunds.status, "PROCESSED")));
      return {
        order: { ...toPublic(row), gatewayOrderId: row.gatewayOrderId, refundedAmount: row.refundedAmount },
        refunds: given,
      };
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
     * A page of one view of the orders for the admin screen under its filters, with the view's
     * total in paise and, for the view tabs, how many orders each view has under the filters.
     */
    async listPage(
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

    /** A page of successful orders (the dashboard's and the admin screen's default view). */
    listPaidPage(query: ListQuery<never> = {}) {
      return this.listPage("paid", query);
    },

    /** How many orders were paid: each is an enrolled student. */
    countPaid,

    /** For the payment webhooks and refunds (order-webhooks.server.ts, refunds.server.ts). */
    payments,
    paymentStep,
  };
}
