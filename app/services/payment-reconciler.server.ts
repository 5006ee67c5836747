import type { Logger } from "pino";
import type { OrdersService } from "./orders.server";

export type PaymentReconciler = { stop(): Promise<void> };

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
  orders: Pick<OrdersService, "reconcile">;
  logger: Pick<Logger, "info" | "warn">;
  everyMs?: number;
}): PaymentReconciler {
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const { checked, paid } = await orders.reconcile();
      if (checked > 0) logger.info({ checked, paid }, "payments reconciled with the gateway");
    } catch (error) {
      logger.warn({ err: error }, "payment reconciliation failed; will try again");
    }
  };
  const timer = setInterval(() => {
    running = running.then(run);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
