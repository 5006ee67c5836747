import type { OrderRow } from "../../../db/schema";
import type { GradesService } from "../grades.server";
import type { MailOutbox } from "../mail/outbox.server";
import type { RecordHistory } from "../record-history.server";
import { createCheckout, paymentStep } from "./checkout.server";
import { TEST_GATEWAY_NAME } from "./gateway.server";
import type { OrderParts } from "./order-rows.server";
import { reconcileOrders } from "./reconciler.server";
import type { UpdatesOutbox } from "../updates/outbox.server";
import { createPaymentRecorder, type PaymentRecorder } from "./recorder.server";
import { createRefunds } from "./refunds.server";
import { createStaffQueries } from "./staff.server";
import { createWebhooks } from "./webhooks.server";

/**
 * Orders, from the parent's checkout (checkout.server.ts), the gateway's reports and the
 * reconciliation (reconciler.server.ts) and staff's screens (staff.server.ts), as one service.
 */
export function createOrdersService({
  db,
  grades,
  gateway,
  outbox,
  publicUrl,
  history,
  updates,
}: Pick<OrderParts, "db" | "gateway" | "publicUrl"> & {
  grades: GradesService;
  outbox: MailOutbox;
  /** WhatsApp and SMS updates (issue 39). */
  updates: UpdatesOutbox;
  /** Where each move of an order's status is written, in its transaction (issue 19). */
  history: Pick<RecordHistory, "add">;
}) {
  const payments = createPaymentRecorder({ db, outbox, publicUrl, history, updates });
  const parts: OrderParts = { db, gateway, publicUrl, payments };
  return {
    /** True while the test gateway marks orders PAID without taking any money. */
    simulatedPayments: gateway.name === TEST_GATEWAY_NAME,
    gatewayName: gateway.name,
    /** Where the checkout form posts (pages allow it as a form target). */
    checkoutOrigin: gateway.checkoutOrigin,

    ...createCheckout({ ...parts, grades }),
    ...createStaffQueries(parts),

    /** Asks the gateway about unpaid orders in batches (the reconciler's timer, `npm run payments:reconcile`). */
    reconcile: (options?: Parameters<typeof reconcileOrders>[1]) => reconcileOrders(parts, options),

    /** For the payment webhooks and refunds (webhooks.server.ts, refunds.server.ts). */
    payments,
    paymentStep: (order: OrderRow, message: string | null = null) => paymentStep(parts, order, message),
  };
}

/** Razorpay's webhooks and refunds, moving orders through the orders service's recorder. */
export function createPaymentsService({
  db,
  gateway,
  recorder,
}: Pick<OrderParts, "db" | "gateway"> & { recorder: PaymentRecorder }) {
  return { ...createWebhooks({ gateway, recorder }), ...createRefunds({ db, gateway, recorder }) };
}
