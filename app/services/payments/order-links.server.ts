/**
 * The parent's links to an order, apart from the order's rows: the payment mails and the recorder
 * need them, and the rows' module needs the recorder's type, so here they depend on nothing.
 */
export type OrderLinks = { payUrl: string; receiptUrl: string };

/** The parent's links to an order: its checkout page and its receipt, both keyed by the order's secret token. */
export function orderLinks(publicUrl: string, linkToken: string): OrderLinks {
  return { payUrl: `${publicUrl}/pay/${linkToken}`, receiptUrl: `${publicUrl}/receipt/${linkToken}` };
}
