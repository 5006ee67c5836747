import { randomBytes } from "node:crypto";

/** What the gateway needs to take a payment for an order. */
type PaymentRequest = {
  orderId: string;
  amountPaise: number;
  currency: "INR";
  email: string;
  mobile: string;
};

/**
 * A gateway answers at once (the test gateway: PAID or FAILED) or later (a real one such as
 * Razorpay: PENDING now, then a signed webhook that the orders service records as PAID/FAILED).
 */
export type PaymentOutcome =
  | { status: "PAID"; transactionId: string; gatewayOrderId: string; gatewayPaymentId: string }
  | { status: "PENDING"; gatewayOrderId: string }
  | { status: "FAILED"; gatewayOrderId?: string; reason: string };

export type PaymentGateway = {
  name: string;
  startPayment(request: PaymentRequest): Promise<PaymentOutcome>;
};

const token = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();

export const TEST_GATEWAY_NAME = "test";

/**
 * Confirms every payment immediately with a unique transaction id, and takes no money: for demos
 * and tests, and the only gateway until a real one (Razorpay) is connected. Staff are told so on
 * the orders screen, operators at every start.
 */
export function createTestGateway(): PaymentGateway {
  return {
    name: TEST_GATEWAY_NAME,
    async startPayment() {
      return {
        status: "PAID",
        transactionId: `TXN-${token(8)}`,
        gatewayOrderId: `test_order_${token(6).toLowerCase()}`,
        gatewayPaymentId: `test_pay_${token(6).toLowerCase()}`,
      };
    },
  };
}
