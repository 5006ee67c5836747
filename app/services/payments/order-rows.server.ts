import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { orders, type OrderRow } from "../../../db/schema";
import { notFound } from "../errors";
import type { PaymentGateway } from "./gateway.server";
import type { PaymentRecorder } from "./recorder.server";

/** What every part of the orders service works with: the parent's, the gateway's and staff's. */
export type OrderParts = {
  db: Database;
  gateway: PaymentGateway;
  /** The site's address, for the links in the payment mails and the checkout's return addresses. */
  publicUrl: string;
  /** The one place an order's payment status moves. */
  payments: PaymentRecorder;
};

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

export const publicOrder = {
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
export const staffOrder = {
  ...publicOrder,
  gateway: orders.gateway,
  gatewayOrderId: orders.gatewayOrderId,
  gatewayPaymentId: orders.gatewayPaymentId,
  failureReason: orders.failureReason,
  refundedAmount: orders.refundedAmount,
};

export const toPublic = (row: OrderRow): Order => ({
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

/** An order by the parent's link token; "Order not found." for anything else. */
export async function orderByToken(db: Database, token: string): Promise<OrderRow> {
  const [row] = /^[0-9a-f]{64}$/.test(token)
    ? await db.select().from(orders).where(eq(orders.linkToken, token))
    : [];
  if (!row) throw notFound("Order not found.");
  return row;
}

/** An order by its id (staff, the API); a malformed id is "Order not found." like an unknown one. */
export async function orderById(db: Database, id: string): Promise<OrderRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(orders).where(eq(orders.id, id)) : [];
  if (!row) throw notFound("Order not found.");
  return row;
}
