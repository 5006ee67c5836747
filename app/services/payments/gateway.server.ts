import { randomBytes } from "node:crypto";

/** What the gateway needs to open a payment for one of our orders. */
type PaymentRequest = {
  orderId: string;
  amountPaise: number;
  currency: "INR";
  email: string;
  mobile: string;
};

/**
 * A gateway answers at once (the test gateway: PAID) or later (Razorpay: PENDING with its order
 * id; the parent pays on its hosted checkout, and a signed callback, a signed webhook or the
 * query API tells us the outcome).
 */
export type PaymentOutcome =
  | { status: "PAID"; transactionId: string; gatewayOrderId: string; gatewayPaymentId: string }
  | { status: "PENDING"; gatewayOrderId: string }
  | { status: "FAILED"; gatewayOrderId?: string; reason: string };

/** A payment as the gateway's query API reports it. */
export type GatewayPayment = {
  id: string;
  gatewayOrderId: string;
  amountPaise: number;
  currency: string;
  status: "captured" | "failed" | "other";
  /** Why it failed, in the gateway's words. */
  reason: string | null;
};

type GatewayRefund = { id: string; paymentId: string; amountPaise: number; status: string };

/** The page form that sends the payer to the gateway's hosted checkout. */
export type CheckoutForm = { action: string; method: "POST"; fields: Record<string, string> };

export type CheckoutRequest = {
  gatewayOrderId: string;
  amountPaise: number;
  /** The school's name and what is paid for, shown on the gateway's page. */
  merchantName: string;
  description: string;
  payer: { name: string; email: string; mobile: string };
  callbackUrl: string;
  cancelUrl: string;
};

export type PaymentGateway = {
  name: string;
  /** The origin pages post the checkout form to (the page's form-action allows it); null without a hosted checkout. */
  checkoutOrigin: string | null;
  startPayment(request: PaymentRequest): Promise<PaymentOutcome>;
  /** The hosted checkout's form; null for a gateway that answers at once. */
  checkoutForm(request: CheckoutRequest): CheckoutForm | null;
  /** True when `signature` proves the gateway reported `paymentId` paid on `gatewayOrderId`. */
  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** True when `signature` is the gateway's signature of exactly these bytes. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /** Every payment made on the gateway's order (the query API). */
  paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /** Gives back `amountPaise` of a captured payment; `receipt` makes a repeated request the same refund. */
  refund(
    paymentId: string,
    amountPaise: number,
    notes: { reason: string; receipt: string },
  ): Promise<GatewayRefund>;
};

const token = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();

export const TEST_GATEWAY_NAME = "test";

/**
 * Confirms every payment immediately with a unique transaction id, and takes no money: for demos
 * and tests, and the gateway used when Razorpay is not configured. Staff are told so on the
 * orders screen, operators at every start. It never accepts a signature: nothing from outside can
 * mark one of its orders paid.
 */
export function createTestGateway(): PaymentGateway {
  return {
    name: TEST_GATEWAY_NAME,
    checkoutOrigin: null,
    async startPayment() {
      return {
        status: "PAID",
        transactionId: `TXN-${token(8)}`,
        gatewayOrderId: `test_order_${token(6).toLowerCase()}`,
        gatewayPaymentId: `test_pay_${token(6).toLowerCase()}`,
      };
    },
    checkoutForm: () => null,
    verifyPaymentSignature: () => false,
    verifyWebhookSignature: () => false,
    paymentsOf: async () => [],
    async refund(paymentId, amountPaise) {
      return { id: `test_rfnd_${token(6).toLowerCase()}`, paymentId, amountPaise, status: "processed" };
    },
  };
}
