import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client";
import { orders, paymentEvents, type OrderRow } from "../../../db/schema";
import type { MailOutbox } from "../mail/outbox.server";
import type { RecordHistory } from "../record-history.server";
import { admitOnPayment } from "./admission.server";
import { orderLinks } from "./order-links.server";
import type { UpdatesOutbox } from "../updates/outbox.server";
import { paymentMails, paymentUpdates } from "./payment-mails.server";

type MailWriter = Awaited<ReturnType<MailOutbox["prepare"]>>;
/** A transaction with the mail writer prepared before it opened (PGlite has one connection: nothing may wait outside it). */
export type PaymentTransaction = { tx: Executor; mail: MailWriter };

/** Statuses from which a captured payment makes the order PAID. */
export const PAYABLE = ["CREATED", "FAILED"] as const;

/** Where a report about a payment came from (kept with each payment event). */
export type PaymentSource = "callback" | "webhook" | "reconcile" | "admin" | "gateway";

export type CapturedPayment = {
  /** The gateway's payment id; the order's transaction id. */
  paymentId: string;
  gatewayOrderId: string;
  /** Paise and currency as the gateway reports them; checked against the order's before it is PAID. */
  amountPaise?: number;
  currency?: string;
};

/**
 * The one place an order's payment status moves, for every source (the test gateway's answer,
 * Razorpay's callback, its webhooks, the query API): each move is a conditional UPDATE, so a
 * paid order is never paid twice nor unpaid by a late failure, and the mails that follow from a
 * move are queued in its transaction.
 */
export function createPaymentRecorder({
  db,
  outbox,
  publicUrl,
  history,
  updates,
}: {
  db: Database;
  outbox: MailOutbox;
  /** WhatsApp and SMS updates (issue 39), queued with the mails of each move. */
  updates: UpdatesOutbox;
  publicUrl: string;
  /** Where each status move is written, in its transaction (issue 19). */
  history: Pick<RecordHistory, "add">;
}) {
  async function logEvent(
    tx: Executor,
    event: {
      orderId: string | null;
      source: PaymentSource;
      type: string;
      paymentId?: string | null;
      eventId?: string | null;
      detail?: unknown;
    },
  ): Promise<boolean> {
    const stored = await tx
      .insert(paymentEvents)
      .values({
        orderId: event.orderId,
        source: event.source,
        type: event.type,
        gatewayPaymentId: event.paymentId ?? null,
        eventId: event.eventId ?? null,
        detail: event.detail ?? null,
      })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ id: paymentEvents.id });
    return stored.length > 0;
  }

  /**
   * Marks the order PAID with this payment, once. Refused (nothing changes, an event says why)
   * when the gateway's amount or currency is not the order's: a payment for another sum does not
   * pay this fee.
   */
  async function markPaid(
    { tx, mail }: PaymentTransaction,
    order: OrderRow,
    payment: CapturedPayment,
    source: PaymentSource,
  ): Promise<OrderRow> {
    const wrongSum =
      (payment.amountPaise !== undefined && payment.amountPaise !== order.amount) ||
      (payment.currency !== undefined && payment.currency !== order.currency);
    if (wrongSum) {
      await logEvent(tx, {
        orderId: order.id,
        source,
        type: "payment.amount_mismatch",
        paymentId: payment.paymentId,
        detail: { expected: order.amount, got: payment.amountPaise, currency: payment.currency },
      });
      return order;
    }
    const before = await statusNow(tx, order.id);
    const [moved] = await tx
      .update(orders)
      .set({
        status: "PAID",
        transactionId: payment.paymentId,
        gatewayOrderId: payment.gatewayOrderId,
        gatewayPaymentId: payment.paymentId,
        paidAt: new Date(),
        failureReason: null,
      })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...PAYABLE])))
      .returning();
    if (!moved) return (await current(tx, order.id)) ?? order;
    await statusMoved(tx, order.id, before, moved.status);
    // The seat: held for good, the offer accepted (issue 38), in the payment's transaction.
    await admitOnPayment(tx, moved, history);
    // A webhook's own row already records it.
    if (source !== "webhook") {
      await logEvent(tx, { orderId: order.id, source, type: "order.paid", paymentId: payment.paymentId });
    }
    await mail.queue(tx, ...paymentMails(publicUrl, moved, mail.staff));
    await updates.queue(tx, ...paymentUpdates(publicUrl, moved));
    return moved;
  }

  /**
   * Records a failed attempt: a CREATED order becomes FAILED (its mail with the link to try again
   * is queued); a FAILED one keeps the newest reason; a PAID or refunded one is left alone.
   */
  async function markFailed(
    { tx, mail }: PaymentTransaction,
    order: OrderRow,
    failure: { reason: string; paymentId?: string | null },
    source: PaymentSource,
  ): Promise<OrderRow> {
    if (source !== "webhook") {
      await logEvent(tx, {
        orderId: order.id,
        source,
        type: "payment.failed",
        paymentId: failure.paymentId,
        detail: { reason: failure.reason },
      });
    }
    const before = await statusNow(tx, order.id);
    const [moved] = await tx
      .update(orders)
      .set({ status: "FAILED", failureReason: failure.reason })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...PAYABLE])))
      .returning();
    if (!moved) return (await current(tx, order.id)) ?? order;
    // A second failure of a FAILED order only keeps the newer reason: no move to write.
    await statusMoved(tx, order.id, before, moved.status);
    if (order.status === "CREATED") {
      await mail.queue(tx, ...paymentMails(publicUrl, moved, mail.staff));
      await updates.queue(tx, ...paymentUpdates(publicUrl, moved));
    }
    return moved;
  }

  /**
   * The order's status as it stands, its row locked as the UPDATE that follows locks it (FOR NO
   * KEY UPDATE, which a payment event's foreign key does not wait for): the "from" of the move.
   */
  async function statusNow(tx: Executor, id: string): Promise<OrderRow["status"] | undefined> {
    const [row] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, id))
      .for("no key update");
    return row?.status;
  }

  /**
   * Writes a status move in the order's history (same transaction); nothing when the status
   * stayed. `actorId`: the staff account behind it (a refund from the order's page), else the site.
   */
  async function statusMoved(
    tx: Executor,
    id: string,
    from: OrderRow["status"] | undefined,
    to: OrderRow["status"],
    actorId: number | null = null,
  ): Promise<void> {
    if (from === to) return;
    await history.add(tx, {
      recordType: "ORDER",
      recordId: id,
      kind: "STATUS_CHANGED",
      actorId,
      fromStatus: from ?? null,
      toStatus: to,
    });
  }

  async function current(executor: Executor, id: string): Promise<OrderRow | undefined> {
    const [row] = await executor.select().from(orders).where(eq(orders.id, id));
    return row;
  }

  /** Locks the order's row for the rest of the transaction, so two reports about it queue up. */
  async function lockOrder(tx: Executor, where: ReturnType<typeof eq>): Promise<OrderRow | undefined> {
    const [row] = await tx.select().from(orders).where(where).for("update");
    return row;
  }

  /** Runs `work` in one transaction with the mail writer it needs, so a move and its mails commit together. */
  async function transaction<T>(work: (payment: PaymentTransaction) => Promise<T>): Promise<T> {
    const mail = await outbox.prepare();
    return db.transaction((tx) => work({ tx, mail }));
  }

  return {
    transaction,
    markPaid,
    markFailed,
    logEvent,
    lockOrder,
    statusMoved,
    current,
    links: (order: Pick<OrderRow, "linkToken" | "language">) => orderLinks(publicUrl, order),
    /** Orders by status (SQL), for the totals of the admin views. */
    statusIn: (statuses: readonly OrderRow["status"][]) => sql`${orders.status} in ${statuses}`,
  };
}

export type PaymentRecorder = ReturnType<typeof createPaymentRecorder>;
