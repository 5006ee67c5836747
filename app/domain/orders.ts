import type { OrderStatus } from "./statuses";

/** The admin orders screen's views (`?view=`), each a set of statuses; "paid" is the spec's default table. */
export const ORDER_VIEWS = {
  paid: { label: "Successful", statuses: ["PAID"] },
  pending: { label: "Pending", statuses: ["CREATED"] },
  failed: { label: "Failed", statuses: ["FAILED"] },
  refunded: { label: "Refunded", statuses: ["PARTIALLY_REFUNDED", "REFUNDED"] },
} as const satisfies Record<string, { label: string; statuses: readonly OrderStatus[] }>;
export type OrderView = keyof typeof ORDER_VIEWS;

export function isOrderView(value: unknown): value is OrderView {
  return typeof value === "string" && Object.hasOwn(ORDER_VIEWS, value);
}

/** The admin refund form: its field names and the reason's length. */
export const REFUND_FORM = {
  fields: { amount: "amount", reason: "reason", requestKey: "requestKey" },
  reasonMax: 500,
} as const;
