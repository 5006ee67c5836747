/**
 * What the payment pages say, kept out of MESSAGES (which every page's script carries) because
 * only the pages of an order's payment show them.
 */
export const PAYMENT_TEXTS = {
  unreachable: "We could not reach the payment service. Please try again in a minute.",
  opened: "The payment service is back: you can pay now.",
  cancelled: "You cancelled the payment. No money was taken; you can pay whenever you are ready.",
  noMoneyTaken: "No money was taken; you can try again.",
  securedBy: "You will pay on Razorpay's secure page and come back here.",
  notVerified: "We could not verify this payment. If money was taken, it will be confirmed shortly.",
} as const;
