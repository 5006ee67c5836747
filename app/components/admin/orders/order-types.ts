import type { Language } from "~/domain/languages";
import type { OrderStatus } from "~/domain/statuses";

/** One order as its staff page shows it (what `orders.get` answers). */
export type StaffOrderView = {
  id: string;
  studentName: string;
  parentName: string;
  grade: string;
  email: string;
  mobile: string;
  amount: number;
  status: OrderStatus;
  transactionId: string | null;
  createdAt: Date | string;
  paidAt: Date | string | null;
  gateway: string;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
  failureReason: string | null;
  refundedAmount: number;
  consentAt: Date | string | null;
  noticeVersion: string | null;
  /** The family's language (its mails are written in it). */
  language: Language;
};

/** A refund of the order, without its one-time key. */
export type OrderRefundView = {
  id: number;
  amount: number;
  reason: string;
  status: string;
  gatewayRefundId: string | null;
  failureReason: string | null;
  createdAt: Date | string;
  processedAt: Date | string | null;
};

/** What the gateway reported about the order: what staff need of each report, never its raw body. */
export type PaymentEventView = {
  id: number;
  source: string;
  type: string;
  gatewayPaymentId: string | null;
  createdAt: Date | string;
};
