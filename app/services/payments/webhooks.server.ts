import { createHash } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import { orders, refunds, type OrderRow } from "../../../db/schema";
import { badRequest } from "../errors";
import type { PaymentGateway } from "./gateway.server";
import { razorpayWebhook, toGatewayPayment, type RazorpayWebhook } from "./razorpay.server";
import type { PaymentRecorder, PaymentTransaction } from "./recorder.server";
import { settleRefund } from "./refunds.server";

/** What a webhook did: applied, recognised as a replay, or about nothing we know. */
export type WebhookResult = "applied" | "replay" | "ignored";

async function applyWebhook(
  recorder: PaymentRecorder,
  payment: PaymentTransaction,
  event: RazorpayWebhook,
  eventId: string,
): Promise<WebhookResult> {
  const { tx } = payment;
  const reported = event.payload.payment?.entity;
  const gatewayOrderId = reported?.order_id;
  const order: OrderRow | undefined = gatewayOrderId
    ? await recorder.lockOrder(tx, eq(orders.gatewayOrderId, gatewayOrderId))
    : undefined;
  const fresh = await recorder.logEvent(tx, {
    orderId: order?.id ?? null,
    source: "webhook",
    type: event.event,
    eventId,
    paymentId: reported?.id,
    detail: event.payload,
  });
  if (!fresh) return "replay";
  if (!order || !reported) return "ignored";
  switch (event.event) {
    case "payment.captured":
    case "order.paid": {
      const captured = toGatewayPayment(reported);
      if (captured.status !== "captured") return "ignored";
      await recorder.markPaid(
        payment,
        order,
        {
          paymentId: captured.id,
          gatewayOrderId: order.gatewayOrderId!,
          amountPaise: captured.amountPaise,
          currency: captured.currency,
        },
        "webhook",
      );
      return "applied";
    }
    case "payment.failed":
      await recorder.markFailed(
        payment,
        order,
        { reason: reported.error_description ?? "The payment was not completed.", paymentId: reported.id },
        "webhook",
      );
      return "applied";
    case "refund.processed": {
      const refund = event.payload.refund?.entity;
      if (!refund) return "ignored";
      const [known] = await tx
        .select()
        .from(refunds)
        .where(
          or(
            eq(refunds.gatewayRefundId, refund.id),
            refund.receipt ? eq(refunds.requestKey, refund.receipt) : sql`false`,
          ),
        );
      // A refund made on Razorpay's dashboard is recorded here as it arrives.
      const row =
        known ??
        (
          await tx
            .insert(refunds)
            .values({
              orderId: order.id,
              requestKey: `gateway-${refund.id}`.slice(0, 40),
              amount: refund.amount,
              reason: "Refunded on the payment gateway's dashboard.",
            })
            .returning()
        )[0]!;
      await settleRefund(recorder, tx, row, refund.id);
      return "applied";
    }
    default:
      return "ignored";
  }
}

/**
 * What Razorpay tells us by webhook. Webhooks are verified on the raw body before anything is
 * parsed, and each event id is stored with its effect in one transaction, so a replay changes
 * nothing. Arrival order does not matter: payment moves only go forward (see recorder.server.ts).
 */
export function createWebhooks({
  gateway,
  recorder,
}: {
  gateway: PaymentGateway;
  recorder: PaymentRecorder;
}) {
  return {
    /**
     * A Razorpay webhook: 400 for a missing or wrong signature (checked on the exact bytes, before
     * parsing), then applied once per event id.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined) {
      if (!signature || !gateway.verifyWebhookSignature(rawBody, signature)) {
        throw badRequest("Invalid webhook signature.");
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString("utf8"));
      } catch {
        throw badRequest("The webhook body is not JSON.");
      }
      const event = razorpayWebhook.safeParse(parsed);
      if (!event.success) return { result: "ignored" as WebhookResult, event: "unknown" };
      // Razorpay always sends an event id; without one, the exact body stands for the event.
      const id =
        eventId?.slice(0, 100) || `body-sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
      const result = await recorder.transaction((payment) => applyWebhook(recorder, payment, event.data, id));
      return { result, event: event.data.event };
    },
  };
}
