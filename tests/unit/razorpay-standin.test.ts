import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startRazorpayStandIn,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
  type RazorpayStandIn,
  type WebhookDelivery,
} from "../support/razorpay-standin";

const KEY_ID = "rzp_test_unit";
const KEY_SECRET = "unit_key_secret";
const WEBHOOK_SECRET = "unit_webhook_secret";
const AUTH = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`;
const CALLBACK = "http://127.0.0.1:1/payments/callback?order=A-1&x=y";
const CANCEL = "http://127.0.0.1:1/payments/cancelled";

type Received = { headers: Record<string, string | string[] | undefined>; body: string; path: string };

/** The merchant's side: a tiny server that keeps every POST (webhooks, callbacks) and answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: request.url ?? "",
      });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/razorpay/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let standIn: RazorpayStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startRazorpayStandIn({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: receiver.url,
  });
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});
beforeEach(async () => {
  standIn.delay(0);
  standIn.setWebhooks(true);
  standIn.setWebhookUrl(receiver.url);
  await standIn.start();
});

const hmac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("hex");

async function api(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  authorization: string | null = AUTH,
) {
  const response = await fetch(`${standIn.url}${path}`, {
    method,
    headers: {
      ...(authorization ? { Authorization: authorization } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const json: any = await response.json();
  return { status: response.status, json };
}

async function createOrder(amount = 150_000, extra: Record<string, unknown> = {}): Promise<RazorpayOrder> {
  const { status, json } = await api("POST", "/v1/orders", { amount, currency: "INR", ...extra });
  expect(status).toBe(200);
  return json;
}

function checkoutFields(orderId: string, overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    key_id: KEY_ID,
    order_id: orderId,
    amount: "150000",
    currency: "INR",
    name: "Zipat School",
    description: "Admission fee <Grade 2>",
    "prefill[name]": "Asha Parent",
    "prefill[email]": "asha@example.com",
    "prefill[contact]": "+919812345678",
    callback_url: CALLBACK,
    cancel_url: CANCEL,
    ...overrides,
  });
}

async function postForm(path: string, form: URLSearchParams) {
  const response = await fetch(`${standIn.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Each form of a page: its method, action, button and fields, as a browser would post them. */
function formsOf(html: string) {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes = "", inner = ""]) => ({
    method: /method="([^"]*)"/.exec(attributes)?.[1],
    action: unescape(/action="([^"]*)"/.exec(attributes)?.[1] ?? ""),
    button: /<button[^>]*>([^<]*)<\/button>/.exec(inner)?.[1],
    fields: [...inner.matchAll(/<input\b[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g)].map(
      ([, name = "", value = ""]) => [unescape(name), unescape(value)] as [string, string],
    ),
  }));
}

/** Opens the checkout of an order and returns its Pay and Fail forms. */
async function openCheckout(orderId: string) {
  const page = await postForm("/v1/checkout/embedded", checkoutFields(orderId));
  expect(page.status).toBe(200);
  const [payForm, failForm] = formsOf(page.html);
  return { html: page.html, payForm: payForm!, failForm: failForm! };
}

async function submit(form: { action: string; fields: [string, string][] }) {
  return postForm(form.action, new URLSearchParams(form.fields));
}

/** The receiver's copy of each delivery from `from` on, parsed. */
function deliveredSince(from: number) {
  return standIn.webhooks.slice(from).map((delivery: WebhookDelivery) => {
    const copy = receiver.received.find(
      (request) =>
        request.headers["x-razorpay-event-id"] === delivery.eventId && request.body === delivery.body,
    );
    return { delivery, copy, json: JSON.parse(delivery.body) };
  });
}

describe("the Razorpay stand-in's API", () => {
  it("refuses a missing or wrong key, unknown paths and malformed JSON in Razorpay's error shape", async () => {
    const refused = { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } };
    expect(await api("GET", "/v1/orders/order_x", undefined, null)).toMatchObject({
      status: 401,
      json: refused,
    });
    const wrong = `Basic ${Buffer.from(`${KEY_ID}:not_the_secret`).toString("base64")}`;
    const answer = await api("POST", "/v1/orders", { amount: 100, currency: "INR" }, wrong);
    expect(answer).toMatchObject({ status: 401, json: refused });
    expect(answer.json.error).toMatchObject({ source: "NA", step: "NA", reason: "NA", metadata: {} });
    expect(await api("GET", "/v1/nothing/here")).toMatchObject({
      status: 404,
      json: { error: { description: "The requested URL was not found on the server." } },
    });
    expect((await api("POST", "/v1/orders", "{not json")).status).toBe(400);
    expect(standIn.url).toBe(`http://127.0.0.1:${standIn.port}`);
  });

  it("creates an order, answers it by id, and refuses bad amounts, currencies and receipts", async () => {
    const order = await createOrder(150_000, { receipt: "A-1", notes: { order: "A-1" } });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: "order",
      amount: 150_000,
      amount_paid: 0,
      amount_due: 150_000,
      currency: "INR",
      receipt: "A-1",
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: { order: "A-1" },
      created_at: expect.any(Number),
    });
    expect(Math.abs(order.created_at - Date.now() / 1000)).toBeLessThan(5);
    expect(await api("GET", `/v1/orders/${order.id}`)).toEqual({ status: 200, json: order });
    expect((await createOrder(100)).notes).toEqual([]);

    for (const [body, field] of [
      [{ amount: 99, currency: "INR" }, "amount"],
      [{ amount: 100.5, currency: "INR" }, "amount"],
      [{ currency: "INR" }, "amount"],
      [{ amount: 1000, currency: "USD" }, "currency"],
      [{ amount: 1000, currency: "INR", receipt: "r".repeat(41) }, "receipt"],
    ] as const) {
      const answer = await api("POST", "/v1/orders", body);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatchObject({
        code: "BAD_REQUEST_ERROR",
        source: "business",
        step: "payment_initiation",
        reason: "input_validation_failed",
        field,
      });
    }
    expect(await api("GET", "/v1/orders/order_00000000000000")).toMatchObject({
      status: 400,
      json: { error: { description: "The id provided does not exist" } },
    });
  });
});

describe("the stand-in's hosted checkout", () => {
  it("shows the order with a Pay form of three signed fields, a Fail form and a Cancel link", async () => {
    const order = await createOrder(12_345_678);
    const { html, payForm, failForm } = await openCheckout(order.id);
    expect(html).toContain("<title>Razorpay stand-in checkout</title>");
    expect(html).toContain("<h1>Zipat School</h1>");
    expect(html).toContain("Admission fee &lt;Grade 2&gt;");
    expect(html).toContain("₹1,23,456.78");
    expect(html).toContain("asha@example.com");
    expect(html).toContain("+919812345678");
    expect(html).toContain("Local Razorpay stand-in: no money moves.");
    expect(html).toContain(`<a href="${CANCEL}">Cancel</a>`);

    const callback = encodeURIComponent(CALLBACK);
    expect(payForm).toMatchObject({ method: "post", action: `/_standin/checkout/pay?callback=${callback}` });
    expect(payForm.button).toBe("Pay");
    expect(payForm.fields.map(([name]) => name)).toEqual([
      "razorpay_payment_id",
      "razorpay_order_id",
      "razorpay_signature",
    ]);
    const fields = Object.fromEntries(payForm.fields);
    expect(fields.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(fields.razorpay_order_id).toBe(order.id);
    expect(fields.razorpay_signature).toBe(hmac(KEY_SECRET, `${order.id}|${fields.razorpay_payment_id}`));
    expect(standIn.payments.some((payment) => payment.id === fields.razorpay_payment_id)).toBe(false);

    expect(failForm).toMatchObject({
      method: "post",
      action: `/_standin/checkout/fail?callback=${callback}`,
    });
    expect(failForm.button).toBe("Fail");
    expect(failForm.fields).toEqual([
      ["error[code]", "BAD_REQUEST_ERROR"],
      ["error[description]", "Payment failed because the bank declined it."],
      ["error[source]", "bank"],
      ["error[step]", "payment_authorization"],
      ["error[reason]", "payment_failed"],
      ["error[metadata]", JSON.stringify({ payment_id: fields.razorpay_payment_id, order_id: order.id })],
    ]);
  });

  it("refuses a wrong key id, an unknown order and a callback that is not http(s)", async () => {
    const order = await createOrder();
    for (const overrides of [
      { key_id: "rzp_test_other" } as Record<string, string>,
      { order_id: "order_00000000000000" },
      { callback_url: "javascript:alert(1)" },
    ]) {
      const page = await postForm("/v1/checkout/embedded", checkoutFields(order.id, overrides));
      expect(page.status).toBe(400);
      expect(page.html).toContain("<title>Razorpay stand-in checkout</title>");
    }
  });

  it("Pay answers 307 to the callback, sends payment.captured then order.paid signed, once", async () => {
    const order = await createOrder(150_000);
    const before = standIn.webhooks.length;
    const { payForm } = await openCheckout(order.id);
    const paid = await submit(payForm);
    expect(paid).toMatchObject({ status: 307, location: CALLBACK });
    // The browser posts the same three fields on to the callback; the merchant checks them so.
    const fields = new URLSearchParams(payForm.fields);
    const paymentId = fields.get("razorpay_payment_id")!;
    expect(fields.get("razorpay_signature")).toBe(
      createHmac("sha256", KEY_SECRET).update(`${order.id}|${paymentId}`).digest("hex"),
    );

    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({
      status: "paid",
      amount_paid: 150_000,
      amount_due: 0,
      attempts: 1,
    });
    const payment = (await api("GET", `/v1/payments/${paymentId}`)).json;
    expect(payment).toMatchObject({
      id: paymentId,
      entity: "payment",
      amount: 150_000,
      currency: "INR",
      status: "captured",
      order_id: order.id,
      captured: true,
      method: "card",
      amount_refunded: 0,
      refund_status: null,
      description: "Admission fee <Grade 2>",
      email: "asha@example.com",
      contact: "+919812345678",
      fee: 3_000,
      error_code: null,
      error_description: null,
    });
    expect(await api("GET", `/v1/orders/${order.id}/payments`)).toEqual({
      status: 200,
      json: { entity: "collection", count: 1, items: [payment] },
    });

    await standIn.waitForWebhooks(before + 2);
    const sent = deliveredSince(before);
    expect(sent.map(({ delivery }) => delivery.event)).toEqual(["payment.captured", "order.paid"]);
    for (const { delivery, copy, json } of sent) {
      expect(delivery.status).toBe(200);
      expect(delivery.eventId).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      expect(copy?.headers["x-razorpay-signature"]).toBe(hmac(WEBHOOK_SECRET, copy!.body));
      expect(copy?.headers["content-type"]).toBe("application/json");
      expect(json).toMatchObject({
        entity: "event",
        account_id: "acc_standin0000001",
        event: delivery.event,
      });
      expect(json.payload.payment.entity).toEqual(payment);
    }
    expect(sent[0]!.json.contains).toEqual(["payment"]);
    expect(sent[1]!.json.contains).toEqual(["payment", "order"]);
    expect(sent[1]!.json.payload.order.entity).toMatchObject({ id: order.id, status: "paid" });
    const [first, second] = sent.map(({ copy }) => receiver.received.indexOf(copy!));
    expect(first).toBeLessThan(second!);

    // The same form again, or a second checkout of the paid order, pays nothing.
    expect((await submit(payForm)).status).toBe(400);
    const again = await postForm("/v1/checkout/embedded", checkoutFields(order.id));
    expect(again.status).toBe(400);
    expect(again.html).toContain("This order has already been paid");
    expect(standIn.payments.filter((made) => made.order_id === order.id)).toHaveLength(1);
  });

  it("refuses a Pay form whose signature or callback was changed", async () => {
    const order = await createOrder();
    const { payForm } = await openCheckout(order.id);
    const forged = payForm.fields.map(([name, value]) =>
      name === "razorpay_signature" ? ([name, hmac("guess", value)] as [string, string]) : [name, value],
    );
    expect((await submit({ ...payForm, fields: forged as [string, string][] })).status).toBe(400);
    const elsewhere = `/_standin/checkout/pay?callback=${encodeURIComponent("https://evil.example/")}`;
    expect((await submit({ action: elsewhere, fields: payForm.fields })).status).toBe(400);
    expect((await submit(payForm)).status).toBe(307);
  });

  it("Fail records a failed payment, answers 307 and sends payment.failed; a second checkout can pay", async () => {
    const order = await createOrder(50_000);
    const before = standIn.webhooks.length;
    const { failForm } = await openCheckout(order.id);
    expect(await submit(failForm)).toMatchObject({ status: 307, location: CALLBACK });
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({
      status: "attempted",
      attempts: 1,
      amount_paid: 0,
    });
    const [failed] = (await api("GET", `/v1/orders/${order.id}/payments`)).json.items;
    expect(failed).toMatchObject({
      status: "failed",
      captured: false,
      fee: null,
      error_code: "BAD_REQUEST_ERROR",
      error_description: "Payment failed because the bank declined it.",
      error_source: "bank",
      error_step: "payment_authorization",
      error_reason: "payment_failed",
    });
    await standIn.waitForWebhooks(before + 1);
    expect(deliveredSince(before).map(({ json }) => [json.event, json.payload.payment.entity.id])).toEqual([
      ["payment.failed", failed.id],
    ]);

    expect((await submit((await openCheckout(order.id)).payForm)).status).toBe(307);
    expect((await api("GET", `/v1/orders/${order.id}`)).json).toMatchObject({ status: "paid", attempts: 2 });
    const items = (await api("GET", `/v1/orders/${order.id}/payments`)).json.items;
    expect(items.map((payment: RazorpayPayment) => payment.status)).toEqual(["failed", "captured"]);
  });
});

describe("the stand-in's refunds", () => {
  it("refunds part then the rest, refuses more, and answers the same refund for the same receipt", async () => {
    const order = await createOrder(100_000);
    const payment = standIn.capture(order.id);
    const before = standIn.webhooks.length;

    const part = await api("POST", `/v1/payments/${payment.id}/refund`, {
      amount: 30_000,
      speed: "normal",
      receipt: "R-1",
      notes: { reason: "Withdrawn" },
    });
    expect(part).toEqual({
      status: 200,
      json: {
        id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
        entity: "refund",
        amount: 30_000,
        currency: "INR",
        payment_id: payment.id,
        notes: { reason: "Withdrawn" },
        receipt: "R-1",
        acquirer_data: { arn: null },
        created_at: expect.any(Number),
        batch_id: null,
        status: "processed",
        speed_processed: "normal",
        speed_requested: "normal",
      },
    });
    expect((await api("GET", `/v1/payments/${payment.id}`)).json).toMatchObject({
      amount_refunded: 30_000,
      refund_status: "partial",
      status: "captured",
    });

    const replay = await api("POST", `/v1/payments/${payment.id}/refund`, { amount: 30_000, receipt: "R-1" });
    expect(replay).toEqual(part);
    const first: RazorpayRefund = part.json;
    expect(standIn.refunds).toContainEqual(first);

    const tooMuch = await api("POST", `/v1/payments/${payment.id}/refund`, { amount: 70_001 });
    expect(tooMuch).toMatchObject({
      status: 400,
      json: { error: { description: "The refund amount provided is greater than amount captured" } },
    });
    for (const amount of [99, 150.5]) {
      expect((await api("POST", `/v1/payments/${payment.id}/refund`, { amount })).status).toBe(400);
    }

    const rest = await api("POST", `/v1/payments/${payment.id}/refund`, {});
    expect(rest.json).toMatchObject({ amount: 70_000, receipt: null, notes: [] });
    expect((await api("GET", `/v1/payments/${payment.id}`)).json).toMatchObject({
      amount_refunded: 100_000,
      refund_status: "full",
    });
    expect((await api("POST", `/v1/payments/${payment.id}/refund`, { amount: 100 })).status).toBe(400);
    expect(standIn.refunds.filter((made) => made.payment_id === payment.id)).toHaveLength(2);

    await standIn.waitForWebhooks(before + 2);
    const sent = deliveredSince(before);
    expect(sent.map(({ json }) => [json.event, json.contains, json.payload.refund.entity.amount])).toEqual([
      ["refund.processed", ["refund", "payment"], 30_000],
      ["refund.processed", ["refund", "payment"], 70_000],
    ]);
    expect(sent[1]!.json.payload.payment.entity).toMatchObject({ id: payment.id, refund_status: "full" });
  });

  it("refuses to refund a payment that was not captured", async () => {
    const order = await createOrder();
    const failed = standIn.failPayment(order.id);
    expect(await api("POST", `/v1/payments/${failed.id}/refund`, { amount: 100 })).toMatchObject({
      status: 400,
      json: { error: { description: "The payment has not been captured" } },
    });
  });
});

describe("the stand-in's controls", () => {
  it("capture() pays an order silently: no webhook", async () => {
    const order = await createOrder(20_000);
    const before = standIn.webhooks.length;
    const payment = standIn.capture(order.id);
    expect(payment).toMatchObject({
      status: "captured",
      order_id: order.id,
      email: "standin@example.com",
      contact: "+919000000000",
    });
    expect((await api("GET", `/v1/orders/${order.id}/payments`)).json.items).toEqual([payment]);
    expect((await api("GET", `/v1/orders/${order.id}`)).json.status).toBe("paid");
    expect(() => standIn.capture(order.id)).toThrow(/already been paid/);
    expect(standIn.webhooks.length).toBe(before);
  });

  it("setWebhooks(false) sends and records none; an unreachable receiver is status 0", async () => {
    const order = await createOrder();
    const before = standIn.webhooks.length;
    standIn.setWebhooks(false);
    expect((await submit((await openCheckout(order.id)).payForm)).status).toBe(307);
    expect(standIn.webhooks.length).toBe(before);

    standIn.setWebhooks(true);
    standIn.setWebhookUrl("http://127.0.0.1:1/webhook");
    const delivery = await standIn.sendWebhook("payment.captured", {
      payment: { entity: standIn.payments.at(-1) },
    });
    expect(delivery).toMatchObject({ status: 0, error: expect.any(String) });
  });

  it("delay() holds the API's answers until a client gives up", async () => {
    // Wide margins: on a busy two-core machine timers fire late.
    standIn.delay(5_000);
    const started = Date.now();
    await expect(
      fetch(`${standIn.url}/v1/orders`, {
        method: "POST",
        headers: { Authorization: AUTH, "Content-Type": "application/json" },
        body: JSON.stringify({ amount: 100, currency: "INR", receipt: "slow" }),
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(4_000);
    standIn.delay(0);
    // The order was made although its answer never came (as on a slow network).
    await expect
      .poll(async () => (await api("GET", "/v1/orders?receipt=slow")).json.count, { timeout: 5_000 })
      .toBe(1);
  });

  it("stopped, it refuses connections and keeps its orders; started, it answers on the same port", async () => {
    const order = await createOrder();
    const { port } = standIn;
    await standIn.stop();
    await standIn.stop();
    await expect(
      fetch(`${standIn.url}/v1/orders/${order.id}`, { headers: { Authorization: AUTH } }),
    ).rejects.toThrow();
    await standIn.start();
    await standIn.start();
    expect(standIn.port).toBe(port);
    expect(await api("GET", `/v1/orders/${order.id}`)).toMatchObject({ status: 200, json: { id: order.id } });
  });

  it("resend() replays a webhook with the same event id, body and signature", async () => {
    const order = await createOrder();
    const before = standIn.webhooks.length;
    const original = await standIn.sendWebhook("order.paid", { order: { entity: order } });
    expect(original.status).toBe(200);
    const replay = await standIn.resend(original.eventId);
    expect(replay).not.toBe(original);
    expect(replay).toMatchObject({
      eventId: original.eventId,
      body: original.body,
      signature: original.signature,
      status: 200,
    });
    expect(await standIn.waitForWebhooks(before + 2)).toHaveLength(before + 2);
    const copies = receiver.received.filter(
      (request) => request.headers["x-razorpay-event-id"] === original.eventId,
    );
    expect(copies.map((copy) => copy.body)).toEqual([original.body, original.body]);
    expect(copies[1]?.headers["x-razorpay-signature"]).toBe(hmac(WEBHOOK_SECRET, original.body));
    await expect(standIn.resend("evt_00000000000000")).rejects.toThrow();
  });
});
