import { localHref } from "~/domain/languages";
import type { OrderRow } from "../../../db/schema";

/**
 * The parent's links to an order, apart from the order's rows: the payment mails and the recorder
 * need them, and the rows' module needs the recorder's type, so here they depend on nothing.
 */
export type OrderLinks = { payUrl: string; receiptUrl: string };

/**
 * The parent's links to an order, both keyed by the order's secret token: its checkout page in the
 * order's language (a Hindi order's is /hi/pay/…, and so the gateway's way back to it), and its
 * receipt, which has one address in every language and shows itself in the order's.
 */
export function orderLinks(publicUrl: string, order: Pick<OrderRow, "linkToken" | "language">): OrderLinks {
  return {
    payUrl: `${publicUrl}${localHref(order.language, `/pay/${order.linkToken}`)}`,
    receiptUrl: `${publicUrl}/receipt/${order.linkToken}`,
  };
}
