// Razorpay's two signatures, checked against the documented recipe computed here independently
// with node:crypto: the checkout's `razorpay_signature` is the hex HMAC-SHA256 of
// `{order_id}|{razorpay_payment_id}` with the key secret; a webhook's X-Razorpay-Signature is the
// hex HMAC-SHA256 of the raw body with the webhook secret. Razorpay compares them as strings
// (`generated_signature == razorpay_signature`), so anything but that exact lowercase hex string
// is refused.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "~/services/payments/gateway.server";
import { createTestGateway } from "~/services/payments/gateway.server";
import { createRazorpayGateway, razorpaySignature } from "~/services/payments/razorpay.server";

const SETTINGS = {
  keyId: "rzp_test_Sig0123456789",
  keySecret: "key_secret_SIGNATURES_0001",
  webhookSecret: "webhook_secret_SIGNATURES_0001",
  apiUrl: "http://127.0.0.1:9",
};
const ORDER_ID = "order_Sig00000000001";
const OTHER_ORDER_ID = "order_Sig00000000002";
const PAYMENT_ID = "pay_Sig000000000001";
const OTHER_PAYMENT_ID = "pay_Sig000000000002";

const gateway = createRazorpayGateway(SETTINGS);
/** The documented recipe, independently of the code under test. */
const hexHmac = (secret: string, payload: string | Buffer) =>
  createHmac("sha256", secret).update(payload).digest("hex");
const paymentSignature = hexHmac(SETTINGS.keySecret, `${ORDER_ID}|${PAYMENT_ID}`);

const webhookBody = JSON.stringify({
  entity: "event",
  account_id: "acc_Sig00000000001",
  event: "payment.captured",
  contains: ["payment"],
  payload: {
    payment: {
      entity: { id: PAYMENT_ID, order_id: ORDER_ID, amount: 1_500_000, currency: "INR", status: "captured" },
    },
  },
  created_at: 1_767_225_600,
});
const rawBody = Buffer.from(webhookBody, "utf8");
const webhookSignature = hexHmac(SETTINGS.webhookSecret, rawBody);

describe("razorpaySignature", () => {
  it("is the lowercase hex HMAC-SHA256 of the payload with the secret", () => {
    // RFC 4231, test case 2: a known HMAC-SHA256 value, not computed by either side.
    expect(razorpaySignature("what do ya want for nothing?", "Jefe")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(razorpaySignature(`${ORDER_ID}|${PAYMENT_ID}`, SETTINGS.keySecret)).toBe(paymentSignature);
    expect(paymentSignature).toMatch(/^[0-9a-f]{64}$/);
    expect(razorpaySignature(rawBody, SETTINGS.webhookSecret)).toBe(webhookSignature);
    expect(razorpaySignature(webhookBody, SETTINGS.webhookSecret)).toBe(webhookSignature);
  });
});

describe("the payment (callback) signature", () => {
  it("accepts the documented HMAC of `order_id|payment_id` with the key secret", () => {
    expect(gateway.verifyPaymentSignature(ORDER_ID, PAYMENT_ID, paymentSignature)).toBe(true);
    const other = hexHmac(SETTINGS.keySecret, `${OTHER_ORDER_ID}|${OTHER_PAYMENT_ID}`);
    expect(gateway.verifyPaymentSignature(OTHER_ORDER_ID, OTHER_PAYMENT_ID, other)).toBe(true);
  });

  it("refuses a wrong secret, another order, another payment and the fields swapped", () => {
    const refused = (signature: string, orderId = ORDER_ID, paymentId = PAYMENT_ID) =>
      expect(gateway.verifyPaymentSignature(orderId, paymentId, signature), signature).toBe(false);
    refused(hexHmac("not_the_key_secret", `${ORDER_ID}|${PAYMENT_ID}`));
    // The webhook secret is not the key secret.
    refused(hexHmac(SETTINGS.webhookSecret, `${ORDER_ID}|${PAYMENT_ID}`));
    // A signature of another order or another payment, or this one offered for another.
    refused(hexHmac(SETTINGS.keySecret, `${OTHER_ORDER_ID}|${PAYMENT_ID}`));
    refused(hexHmac(SETTINGS.keySecret, `${ORDER_ID}|${OTHER_PAYMENT_ID}`));
    refused(paymentSignature, OTHER_ORDER_ID);
    refused(paymentSignature, ORDER_ID, OTHER_PAYMENT_ID);
    refused(hexHmac(SETTINGS.keySecret, `${PAYMENT_ID}|${ORDER_ID}`));
    refused(hexHmac(SETTINGS.keySecret, `${ORDER_ID}${PAYMENT_ID}`));
    refused(hexHmac(SETTINGS.keySecret, `${ORDER_ID}|${PAYMENT_ID}\n`));
  });

  it("refuses empty, non-hex, truncated and padded signatures", () => {
    const refused = (signature: string) =>
      expect(gateway.verifyPaymentSignature(ORDER_ID, PAYMENT_ID, signature), JSON.stringify(signature)).toBe(
        false,
      );
    refused("");
    refused(" ");
    refused(paymentSignature.slice(0, 63));
    refused(paymentSignature.slice(0, 62));
    refused(paymentSignature.slice(0, 32));
    refused(`${paymentSignature.slice(0, 63)}g`);
    refused(`${paymentSignature.slice(0, 62)}zz`);
    refused(` ${paymentSignature}`);
    refused(`${paymentSignature} `);
    refused(`${paymentSignature}\n`);
    refused(Buffer.from(paymentSignature, "hex").toString("base64"));
    refused(paymentSignature + paymentSignature);
    refused("0".repeat(64));
  });

  // Razorpay's recipe compares the strings: only the exact lowercase hex is its signature.
  it("refuses another spelling of the right signature: uppercase, or an extra hex digit", () => {
    const refused = (signature: string) =>
      expect
        .soft(gateway.verifyPaymentSignature(ORDER_ID, PAYMENT_ID, signature), JSON.stringify(signature))
        .toBe(false);
    refused(paymentSignature.toUpperCase());
    refused(`${paymentSignature}0`);
    refused(`${paymentSignature}f`);
  });

  it("is never accepted by the test gateway", () => {
    const test = createTestGateway();
    expect(test.verifyPaymentSignature(ORDER_ID, PAYMENT_ID, paymentSignature)).toBe(false);
    expect(test.verifyWebhookSignature(rawBody, webhookSignature)).toBe(false);
  });
});

describe("the webhook signature", () => {
  it("accepts the documented HMAC of the raw body with the webhook secret", () => {
    expect(gateway.verifyWebhookSignature(rawBody, webhookSignature)).toBe(true);
    const empty = Buffer.alloc(0);
    expect(gateway.verifyWebhookSignature(empty, hexHmac(SETTINGS.webhookSecret, empty))).toBe(true);
  });

  it("refuses a wrong secret, the key secret, and a signature of other bytes", () => {
    const refused = (body: Buffer, signature: string) =>
      expect(gateway.verifyWebhookSignature(body, signature), signature).toBe(false);
    refused(rawBody, hexHmac("not_the_webhook_secret", rawBody));
    refused(rawBody, hexHmac(SETTINGS.keySecret, rawBody));
    refused(rawBody, paymentSignature);
    // One byte changed: the amount, or the last byte.
    const cheaper = Buffer.from(webhookBody.replace("1500000", "1500001"), "utf8");
    expect(cheaper.length).toBe(rawBody.length);
    refused(cheaper, webhookSignature);
    const flipped = Buffer.from(rawBody);
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 1) ^ 1, flipped.length - 1);
    refused(flipped, webhookSignature);
    // The same JSON serialised again: whitespace, or keys reordered, are other bytes.
    const parsed: unknown = JSON.parse(webhookBody);
    refused(Buffer.from(JSON.stringify(parsed, null, 2)), webhookSignature);
    refused(Buffer.from(`${webhookBody}\n`), webhookSignature);
    refused(Buffer.from(` ${webhookBody}`), webhookSignature);
    const { event, ...rest } = parsed as Record<string, unknown>;
    refused(Buffer.from(JSON.stringify({ ...rest, event })), webhookSignature);
  });

  it("refuses empty, non-hex and truncated signatures", () => {
    const refused = (signature: string) =>
      expect(gateway.verifyWebhookSignature(rawBody, signature), JSON.stringify(signature)).toBe(false);
    refused("");
    refused(webhookSignature.slice(0, 63));
    refused(webhookSignature.slice(0, 2));
    refused(`${webhookSignature.slice(0, 63)}x`);
    refused(` ${webhookSignature}`);
    refused(`sha256=${webhookSignature}`);
    refused(Buffer.from(webhookSignature, "hex").toString("base64"));
  });

  it("refuses another spelling of the right signature: uppercase, or an extra hex digit", () => {
    const refused = (signature: string) =>
      expect.soft(gateway.verifyWebhookSignature(rawBody, signature), JSON.stringify(signature)).toBe(false);
    refused(webhookSignature.toUpperCase());
    refused(`${webhookSignature}0`);
  });
});

describe("the hosted checkout form", () => {
  const request: CheckoutRequest = {
    gatewayOrderId: ORDER_ID,
    amountPaise: 1_500_050,
    merchantName: "Zipat Online School",
    description: "Yearly fee, Grade 5 (2026-27)",
    payer: { name: "Neel Shah", email: "neel.shah@example.com", mobile: "+918765432109" },
    callbackUrl: "https://school.example/pay/abc/callback",
    cancelUrl: "https://school.example/pay/abc?cancelled=1",
  };

  it("posts exactly the documented fields to {RAZORPAY_API_URL}/v1/checkout/embedded", () => {
    const form = gateway.checkoutForm(request);
    expect(form).toEqual({
      action: "http://127.0.0.1:9/v1/checkout/embedded",
      method: "POST",
      fields: {
        key_id: SETTINGS.keyId,
        order_id: ORDER_ID,
        amount: "1500050",
        currency: "INR",
        name: "Zipat Online School",
        description: "Yearly fee, Grade 5 (2026-27)",
        "prefill[name]": "Neel Shah",
        "prefill[email]": "neel.shah@example.com",
        "prefill[contact]": "+918765432109",
        callback_url: "https://school.example/pay/abc/callback",
        cancel_url: "https://school.example/pay/abc?cancelled=1",
      },
    });
    expect(Object.keys(form!.fields).sort()).toEqual(
      [
        "key_id",
        "order_id",
        "amount",
        "currency",
        "name",
        "description",
        "prefill[name]",
        "prefill[email]",
        "prefill[contact]",
        "callback_url",
        "cancel_url",
      ].sort(),
    );
    expect(Object.values(form!.fields).every((value) => typeof value === "string")).toBe(true);
    expect(gateway.checkoutOrigin).toBe("http://127.0.0.1:9");
  });

  it("never carries the key secret or the webhook secret, in any form", () => {
    const text = JSON.stringify(gateway.checkoutForm(request));
    for (const secret of [SETTINGS.keySecret, SETTINGS.webhookSecret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(Buffer.from(secret).toString("base64"));
      expect(text).not.toContain(Buffer.from(`${SETTINGS.keyId}:${secret}`).toString("base64"));
    }
    expect(createTestGateway().checkoutForm(request)).toBeNull();
  });
});
