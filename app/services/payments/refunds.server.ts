import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { freeText } from "~/domain/free-text";
import { REFUND_FORM } from "~/domain/orders";
import { formatPaise } from "~/domain/format";
import type { Database, Executor } from "../../../db/client";
import { orders, refunds, type RefundRow } from "../../../db/schema";
import { AppError, badRequest, notFound } from "../errors";
import { parseInput } from "../validation";
import type { PaymentGateway } from "./gateway.server";
import type { PaymentRecorder } from "./recorder.server";

/** The admin refund form: rupees (whole or with paise), a reason, and the form's one-time key. */
const refundInput = z.object({
  amount: z.coerce
    .number({ error: "Enter the amount to refund in rupees." })
    .positive("Enter the amount to refund in rupees.")
    .multipleOf(0.01, "Enter the amount in rupees and paise (at most two decimals)."),
  reason: freeText({ what: "the reason", multiline: true })
    .min(3, "Say why the money is refunded.")
    .max(REFUND_FORM.reasonMax, `Keep the reason under ${REFUND_FORM.reasonMax} characters.`),
  requestKey: z.string().regex(/^[A-Za-z0-9_-]{16,40}$/, "The form has expired; please open it again."),
});

const REFUND_SETTLED = (refundedAmount: number, amount: number) =>
  refundedAmount >= amount ? ("REFUNDED" as const) : ("PARTIALLY_REFUNDED" as const);

/**
 * Counts a processed refund on the order once, and settles its status; a move is written to
 * the order's history as the doing of whoever asked for the refund (the site for one made on
 * the gateway's dashboard).
 */
export async function settleRefund(
  recorder: PaymentRecorder,
  tx: Executor,
  refund: RefundRow,
  gatewayRefundId: string,
): Promise<void> {
  // The order's row first, as every payment move takes it: the answer to our refund call and
  // its refund.processed webhook then queue up instead of deadlocking on each other's rows.
  const before = await recorder.lockOrder(tx, eq(orders.id, refund.orderId));
  const [done] = await tx
    .update(refunds)
    .set({ status: "PROCESSED", gatewayRefundId, processedAt: new Date(), failureReason: null })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ["REQUESTED", "FAILED"])))
    .returning();
  if (!done) return;
  const [order] = await tx
    .update(orders)
    .set({ refundedAmount: sql`${orders.refundedAmount} + ${done.amount}` })
    .where(eq(orders.id, done.orderId))
    .returning();
  const settled = REFUND_SETTLED(order!.refundedAmount, order!.amount);
  await tx.update(orders).set({ status: settled }).where(eq(orders.id, done.orderId));
  await recorder.statusMoved(tx, done.orderId, before?.status, settled, refund.requestedBy);
}

/** Money given back on a paid order, from the order's admin page. */
export function createRefunds({
  db,
  gateway,
  recorder,
}: {
  db: Database;
  gateway: PaymentGateway;
  recorder: PaymentRecorder;
}) {
  return {
    /**
     * Gives back money on a paid order. The refund row is stored first (with the form's one-time
     * key, so a double submit is the same refund), then the gateway is asked, then the order is
     * settled; a lost answer is completed by the refund.processed webhook.
     */
    async refund(orderId: string, input: unknown, requestedBy: number | null): Promise<RefundRow> {
      const values = parseInput(refundInput, input);
      const amountPaise = Math.round(values.amount * 100);
      const requested = await db.transaction(async (tx) => {
        const order = /^[0-9a-f-]{36}$/i.test(orderId)
          ? await recorder.lockOrder(tx, eq(orders.id, orderId))
          : undefined;
        if (!order) throw notFound("Order not found.");
        const [existing] = await tx.select().from(refunds).where(eq(refunds.requestKey, values.requestKey));
        if (existing && existing.orderId !== order.id)
          throw badRequest("The form has expired; please open it again.");
        // The same form again: one refund. Still REQUESTED (the gateway's answer was lost or it
        // could not be reached): asked again below with the same receipt, which the gateway
        // answers with the same refund.
        if (existing) return { ...existing, paymentId: order.gatewayPaymentId ?? "" };
        if (!order.gatewayPaymentId || !["PAID", "PARTIALLY_REFUNDED"].includes(order.status)) {
          throw badRequest("Only a paid order can be refunded.");
        }
        const [pending] = await tx
          .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
          .from(refunds)
          .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "REQUESTED")));
        const left = order.amount - order.refundedAmount - (pending?.total ?? 0);
        if (amountPaise > left) {
          const message = `The refund (${formatPaise(amountPaise)}) is more than what is left to refund (${formatPaise(left)}).`;
          throw badRequest(message, { amount: [message] });
        }
        const [row] = await tx
          .insert(refunds)
          .values({
            orderId: order.id,
            requestKey: values.requestKey,
            amount: amountPaise,
            reason: values.reason,
            requestedBy,
          })
          .returning();
        return { ...row!, paymentId: order.gatewayPaymentId };
      });
      if (requested.status !== "REQUESTED" || !requested.paymentId) {
        const { paymentId: _paymentId, ...stored } = requested;
        return stored;
      }
      try {
        const answer = await gateway.refund(requested.paymentId, requested.amount, {
          reason: values.reason,
          receipt: values.requestKey,
        });
        await db.transaction((tx) => settleRefund(recorder, tx, requested, answer.id));
      } catch (error) {
        // Refused (4xx): nothing was refunded, the row says why. Unreachable: it stays REQUESTED
        // and its webhook (or a later retry with the same key) settles it.
        if (error instanceof AppError && error.status < 500) {
          await db
            .update(refunds)
            .set({ status: "FAILED", failureReason: error.message })
            .where(eq(refunds.id, requested.id));
        }
        throw error;
      }
      const [stored] = await db.select().from(refunds).where(eq(refunds.id, requested.id));
      return stored!;
    },
  };
}
