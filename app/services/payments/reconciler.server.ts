import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { queryRows } from "../../../db/client";
import { orders, type OrderRow } from "../../../db/schema";
import { TEST_GATEWAY_NAME } from "./gateway.server";
import { orderById, type OrderParts } from "./order-rows.server";
import { PAYABLE } from "./recorder.server";
import { startRepeatingJob, type RepeatingJob } from "../repeating-job.server";

/** Asks the gateway about an unpaid order's payments; a captured one the callback and webhooks missed makes it PAID. */
export async function askGateway(
  { gateway, payments }: OrderParts,
  order: OrderRow,
  source: "reconcile" | "admin",
): Promise<OrderRow> {
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

/**
 * Asks the gateway about unpaid orders older than `olderThanMs` (and at most a week old) not
 * asked about in the last `askAgainAfterMs`: each instance claims a batch with SKIP LOCKED
 * and stamps it, so two instances never ask about the same order at once.
 */
export async function reconcileOrders(
  parts: OrderParts,
  { olderThanMs = 15 * 60_000, limit = 50, askAgainAfterMs = 15 * 60_000 } = {},
): Promise<{ checked: number; paid: number }> {
  const { db, gateway } = parts;
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
    const order = await orderById(db, id);
    const checked = await askGateway(parts, order, "reconcile");
    if (checked.status === "PAID") paidNow += 1;
  }
  return { checked: claimed.length, paid: paidNow };
}

/**
 * Every `everyMs`, asks the gateway about orders still unpaid 15 minutes after they were made
 * (a payment whose callback and webhooks were both lost is found this way). Every instance runs
 * one; the orders service claims each batch with SKIP LOCKED, so no order is asked about twice at once.
 */
export function startPaymentReconciler({
  orders,
  logger,
  everyMs = 5 * 60_000,
}: {
  /** The orders service (or anything that reconciles as it does). */
  orders: { reconcile(options?: Parameters<typeof reconcileOrders>[1]): ReturnType<typeof reconcileOrders> };
  logger: Pick<Logger, "info" | "warn">;
  everyMs?: number;
}): RepeatingJob {
  return startRepeatingJob({
    everyMs,
    logger,
    failed: "payment reconciliation failed; will try again",
    run: async () => {
      const { checked, paid } = await orders.reconcile();
      if (checked > 0) logger.info({ checked, paid }, "payments reconciled with the gateway");
    },
  });
}
