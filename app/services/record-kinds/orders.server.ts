import { asc, inArray, sql } from "drizzle-orm";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import type { OrderStatus } from "~/domain/statuses";
import { formatPaise } from "~/domain/format";
import { orders, paymentEvents, refunds, SEARCH_TEXT } from "../../../db/schema";
import { badRequest } from "../errors";
import { PAYABLE } from "../payments/recorder.server";
import { sourceColumns } from "./source-columns.server";
import { familyFieldsErased } from "./erased-fields.server";
import { ownedBy } from "./ownership.server";
import { csvColumns, searchPart, tableOf, type RecordStore } from "./store.server";
import type { StaffOrder } from "../payments/order-rows.server";
import { contactColumns, indiaTime, rupees } from "./csv-cells.server";

/** Orders whose receipt exists: paid, then perhaps refunded in part or whole. */
const RECEIPTED: readonly OrderStatus[] = ["PAID", "PARTIALLY_REFUNDED", "REFUNDED"];

/** An order's id is a uuid: anything else is no order's, and PostgreSQL would refuse to compare it. */
const UUID = /^[0-9a-f-]{36}$/i;

/** Fee payments for a grade (spec section 4, issue 16). */
export const ordersStore = {
  kind: "orders",
  ...tableOf(orders),
  idFrom: (text) => (UUID.test(text) ? text : null),
  ownerColumns: orders,
  family: {
    columns: {
      id: orders.id,
      studentName: orders.studentName,
      grade: orders.grade,
      amount: orders.amount,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      linkToken: orders.linkToken,
    },
    /** The order's own links in place of its secret: pay while payable, the receipt once paid. */
    shape: ({ linkToken, ...order }) => ({
      ...order,
      payPath: (PAYABLE as readonly unknown[]).includes(order.status) ? `/pay/${String(linkToken)}` : null,
      receiptPath: (RECEIPTED as readonly unknown[]).includes(order.status)
        ? `/receipt/${String(linkToken)}`
        : null,
    }),
  },
  dataExport: {
    key: "orders",
    columns: {
      id: orders.id,
      studentName: orders.studentName,
      parentName: orders.parentName,
      grade: orders.grade,
      email: orders.email,
      mobile: orders.mobile,
      amountPaise: orders.amount,
      currency: orders.currency,
      status: orders.status,
      transactionId: orders.transactionId,
      paymentGateway: orders.gateway,
      failureReason: orders.failureReason,
      refundedPaise: orders.refundedAmount,
      consentAt: orders.consentAt,
      noticeVersion: orders.noticeVersion,
      whatsappUpdatesAt: orders.whatsappUpdatesAt,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      ...sourceColumns(orders),
    },
    nestedAs: { field: "refunds", parentKey: "orderId" },
    /** Each order with the refunds given on it, under the order (the CSV lists them as their own rows). */
    async nested(db, rows) {
      const ids = rows.map((order) => order.id as string);
      const given = ids.length
        ? await db
            .select({
              id: refunds.id,
              orderId: refunds.orderId,
              amountPaise: refunds.amount,
              reason: refunds.reason,
              status: refunds.status,
              createdAt: refunds.createdAt,
              processedAt: refunds.processedAt,
            })
            .from(refunds)
            .where(inArray(refunds.orderId, ids))
            .orderBy(asc(refunds.createdAt))
        : [];
      return rows.map((order) => ({
        ...order,
        refunds: given
          .filter((refund) => refund.orderId === order.id)
          .map(({ orderId: _order, ...refund }) => refund),
      }));
    },
  },
  /**
   * Kept, for the school's accounts: amounts, dates, status and payment ids stay; names and contact
   * go, and so do the gateway's copies of the payment, which carry them. Refused while a payment
   * is under way, so the erasure is all done or none: the owner's orders are locked first, and a
   * payment arriving meanwhile waits until the erasure has decided.
   */
  erasure: {
    countedAs: "orders",
    fields: familyFieldsErased(orders.id),
    async refuse(tx, owner) {
      const own = await tx
        .select({ status: orders.status, studentName: orders.studentName })
        .from(orders)
        .where(ownedBy(orders, owner))
        .for("update");
      const pending = own.filter((order) => order.status === "CREATED");
      if (pending.length > 0)
        throw badRequest(
          ERASURE_MESSAGES.pendingPayment([...new Set(pending.map((order) => order.studentName))]),
        );
    },
    async after(tx, ids) {
      await tx
        .update(paymentEvents)
        .set({ detail: null })
        .where(inArray(paymentEvents.orderId, ids as string[]));
    },
  },
  /** New on the bell once paid (a created order is not news until its payment arrives). */
  bell: { at: orders.paidAt, title: orders.studentName, detail: sql<string>`${orders.grade}::text` },
  /** Found also by its own id, the gateway's transaction id and Razorpay's order id. */
  search: searchPart({
    text: SEARCH_TEXT.order(orders),
    columns: {
      id: orders.id,
      studentName: orders.studentName,
      parentName: orders.parentName,
      email: orders.email,
      amount: orders.amount,
      transactionId: orders.transactionId,
      gatewayOrderId: orders.gatewayOrderId,
      status: orders.status,
    },
    shown: (row) => ({
      title: row.studentName,
      details: [
        formatPaise(row.amount),
        `Parent: ${row.parentName}`,
        row.email,
        ...(row.transactionId ? [row.transactionId] : []),
        ...(row.gatewayOrderId ? [row.gatewayOrderId] : []),
      ],
      status: row.status,
    }),
  }),
  csv: csvColumns<StaffOrder>([
    ["Order ID", (row) => row.id],
    ["Created", (row) => indiaTime(row.createdAt)],
    ["Paid", (row) => indiaTime(row.paidAt)],
    ["Student", (row) => row.studentName],
    ["Grade", (row) => row.grade],
    ...contactColumns(),
    ["Amount (INR)", (row) => rupees(row.amount)],
    ["Refunded (INR)", (row) => rupees(row.refundedAmount)],
    ["Status", (row) => row.status],
    ["Transaction ID", (row) => row.transactionId ?? ""],
    ["Gateway", (row) => row.gateway],
    ["Gateway order ID", (row) => row.gatewayOrderId ?? ""],
    ["Gateway payment ID", (row) => row.gatewayPaymentId ?? ""],
  ]),
} satisfies RecordStore;
