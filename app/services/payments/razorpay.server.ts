import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { RazorpaySettings } from "~/domain/settings";
import { PAYMENT_TEXTS } from "~/domain/texts/payment";
import { AppError } from "../errors";
import type { GatewayPayment, PaymentGateway } from "./gateway.server";

const RAZORPAY_GATEWAY_NAME = "razorpay";
/** The services and /api answer in English; the payment page says it in its own language. */
export const PAYMENT_SERVICE_UNREACHABLE = PAYMENT_TEXTS.en.unreachable;

/** Hex HMAC-SHA256, Razorpay's signature recipe for callbacks (`order|payment`) and webhooks (raw body). */
export function razorpaySignature(payload: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/**
 * Compares in constant time, so the answer's timing tells a forger nothing about the right
 * signature. Only the documented spelling passes: 64 lowercase hex digits, exactly.
 */
function signatureMatches(expected: string, given: string): boolean {
  return (
    /^[0-9a-f]{64}$/.test(given) && timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given, "hex"))
  );
}

const orderEntity = z.object({ id: z.string(), amount: z.number(), currency: z.string() });
const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullable().optional(),
});
const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number(),
  status: z.string(),
});
const errorAnswer = z.object({ error: z.object({ description: z.string().optional() }) });

export type RazorpayPayment = z.infer<typeof paymentEntity>;

/** The payment as the rest of the site needs it. */
export function toGatewayPayment(payment: RazorpayPayment): GatewayPayment {
  return {
    id: payment.id,
    gatewayOrderId: payment.order_id ?? "",
    amountPaise: payment.amount,
    currency: payment.currency,
    status: payment.status === "captured" ? "captured" : payment.status === "failed" ? "failed" : "other",
    reason: payment.error_description ?? null,
  };
}

/**
 * Razorpay through its documented REST API, over fetch: Orders API to open a payment, the query
 * API (`/v1/orders/{id}/payments`) to reconcile, `/v1/payments/{id}/refund` to give money back;
 * Hosted Checkout is a form post to `/v1/checkout/embedded`. Not the official SDK: it cannot be
 * pointed at another base URL (tests use a stand-in), has no timeout, and compares signatures with
 * `===`; see docs/decisions/0027-razorpay-over-fetch.md.
 */
export function createRazorpayGateway(
  settings: RazorpaySettings,
  { timeoutMs = 10_000 } = {},
): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    answer: z.ZodType<T>,
    body?: object,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AppError(503, PAYMENT_SERVICE_UNREACHABLE, undefined, undefined, { cause: error });
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 500 || response.status === 429) {
      throw new AppError(503, PAYMENT_SERVICE_UNREACHABLE, undefined, undefined, {
        cause: new Error(`Razorpay ${method} ${path}: ${response.status}`),
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError(502, PAYMENT_SERVICE_UNREACHABLE, undefined, undefined, {
        cause: new Error(`Razorpay ${method} ${path}: ${response.status}, not JSON`),
      });
    }
    if (!response.ok) {
      const refused = errorAnswer.safeParse(parsed);
      const description = refused.success ? refused.data.error.description : undefined;
      throw new AppError(
        response.status === 401 ? 502 : 400,
        description
          ? `The payment service refused: ${description}`
          : "The payment service refused the request.",
        undefined,
        undefined,
        { cause: new Error(`Razorpay ${method} ${path}: ${response.status} ${text.slice(0, 300)}`) },
      );
    }
    const valid = answer.safeParse(parsed);
    if (!valid.success) {
      throw new AppError(502, PAYMENT_SERVICE_UNREACHABLE, undefined, undefined, {
        cause: new Error(`Razorpay ${method} ${path}: unexpected answer ${text.slice(0, 300)}`),
      });
    }
    return valid.data;
  }

  return {
    name: RAZORPAY_GATEWAY_NAME,
    checkoutOrigin: new URL(settings.apiUrl).origin,

    async startPayment(request) {
      const order = await call("POST", "/v1/orders", orderEntity, {
        amount: request.amountPaise,
        currency: request.currency,
        receipt: request.orderId,
        notes: { order: request.orderId },
      });
      return { status: "PENDING", gatewayOrderId: order.id };
    },

    checkoutForm(request) {
      return {
        action: `${settings.apiUrl}/v1/checkout/embedded`,
        method: "POST",
        fields: {
          key_id: settings.keyId,
          order_id: request.gatewayOrderId,
          amount: String(request.amountPaise),
          currency: "INR",
          name: request.merchantName,
          description: request.description,
          "prefill[name]": request.payer.name,
          "prefill[email]": request.payer.email,
          "prefill[contact]": request.payer.mobile,
          callback_url: request.callbackUrl,
          cancel_url: request.cancelUrl,
        },
      };
    },

    verifyPaymentSignature(gatewayOrderId, paymentId, signature) {
      return signatureMatches(
        razorpaySignature(`${gatewayOrderId}|${paymentId}`, settings.keySecret),
        signature,
      );
    },

    verifyWebhookSignature(rawBody, signature) {
      return signatureMatches(razorpaySignature(rawBody, settings.webhookSecret), signature);
    },

    async paymentsOf(gatewayOrderId) {
      const list = await call(
        "GET",
        `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
        z.object({ items: z.array(paymentEntity) }),
      );
      return list.items.map(toGatewayPayment);
    },

    async refund(paymentId, amountPaise, notes) {
      const refund = await call(
        "POST",
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        refundEntity,
        {
          amount: amountPaise,
          speed: "normal",
          receipt: notes.receipt,
          notes: { reason: notes.reason.slice(0, 250) },
        },
      );
      return {
        id: refund.id,
        paymentId: refund.payment_id,
        amountPaise: refund.amount,
        status: refund.status,
      };
    },
  };
}

/** Reads what a Razorpay webhook is about; anything it does not need is ignored. */
export const razorpayWebhook = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    refund: z
      .object({ entity: refundEntity.extend({ receipt: z.string().nullable().optional() }) })
      .optional(),
  }),
});
export type RazorpayWebhook = z.infer<typeof razorpayWebhook>;
