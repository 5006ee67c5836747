// Razorpay payments end to end over real HTTP: the app (API and services over PGlite, or
// PostgreSQL in CI) talks to the local Razorpay stand-in through its own client, the stand-in's
// hosted checkout is driven with fetch as a browser with JavaScript off would, and its webhooks
// reach the app's /api/payments/razorpay/webhook. Each test asserts what is stored (the order,
// payment_events, refunds, mail_outbox) and what a client sees. The page callback
// (/pay/{token}/callback) is a Remix route, which this API-only app does not serve: its service,
// orders.confirmPayment / recordFailedAttempt, is called with the fields the checkout posted.
import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { orderAnswer, paymentStepAnswer } from "~/api/schemas.server";
import { isAppError } from "~/services/errors";
import type { CheckoutForm, PaymentGateway } from "~/services/payments/gateway.server";
import { createRazorpayGateway, PAYMENT_SERVICE_UNREACHABLE } from "~/services/payments/razorpay.server";
import { grades, mailOutbox, orders, paymentEvents, refunds } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-standin";
import { expectError, expectOk, rowCount, validEnrollment } from "./helpers";

const KEY_ID = "rzp_test_ApiPayments01";
const KEY_SECRET = "api_key_secret_0123456789";
const WEBHOOK_SECRET = "api_webhook_secret_0123456789";
const STAFF = "office@zipat.example";
const PUBLIC_URL = "http://localhost:3000";
const FEE_PAISE = 1_500_000;
const UNREACHABLE = "We could not reach the payment service. Please try again in a minute.";
const BANK_DECLINED = "Payment failed because the bank declined it.";

let standIn: RazorpayStandIn;
let app: TestApp;
let adminId: number;
let webhookUrl: string;

/**
 * The app's gateway is createRazorpayGateway pointed at the stand-in; `patience` picks between two
 * such clients, one with a generous timeout and one with 300 ms (the slow stand-in test).
 */
let patience: "normal" | "impatient" = "normal";
function switchableGateway(normal: PaymentGateway, impatient: PaymentGateway): PaymentGateway {
  const current = () => (patience === "normal" ? normal : impatient);
  return {
    name: normal.name,
    checkoutOrigin: normal.checkoutOrigin,
    startPayment: (request) => current().startPayment(request),
    checkoutForm: (request) => current().checkoutForm(request),
    verifyPaymentSignature: (...args) => current().verifyPaymentSignature(...args),
    verifyWebhookSignature: (...args) => current().verifyWebhookSignature(...args),
    paymentsOf: (id) => current().paymentsOf(id),
    refund: (...args) => current().refund(...args),
  };
}

beforeAll(async () => {
  standIn = await startRazorpayStandIn({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
  });
  const settings = {
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
  };
  app = await startTestApp({
    gateway: switchableGateway(
      createRazorpayGateway(settings, { timeoutMs: 10_000 }),
      createRazorpayGateway(settings, { timeoutMs: 300 }),
    ),
    mail: { staffEmail: STAFF },
  });
  webhookUrl = `${app.baseUrl}/api/payments/razorpay/webhook`;
  adminId = (await app.createUser("ADMIN")).user.id;
});
afterAll(async () => {
  await standIn?.close();
  await app?.close();
});
beforeEach(async () => {
  patience = "normal";
  standIn.delay(0);
  standIn.setWebhooks(true);
  standIn.setWebhookUrl(webhookUrl);
  await standIn.start();
  // Every webhook of the previous test has been answered before this one looks at the database.
  await settled();
});

// --- Helpers --------------------------------------------------------------------------------

const createAnswer = z.object({ order: orderAnswer, payment: paymentStepAnswer });
const createOrder = (json: unknown) => app.api("/tuition/create-order", { method: "POST", json });
const tokenOf = (payUrl: string) => new URL(payUrl).pathname.split("/")[2]!;

/** Enrolls through the API (Razorpay): 201, CREATED, with its checkout. */
async function enroll(overrides: Record<string, unknown> = {}) {
  const { order, payment } = expectOk(
    await createOrder({ ...validEnrollment(), ...overrides }),
    201,
    createAnswer,
  );
  const row = await stored(order.id);
  expect(payment.checkout, JSON.stringify(payment)).not.toBeNull();
  return { order, payment, row, token: tokenOf(payment.payUrl), checkout: payment.checkout! };
}

const stored = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (id: string) =>
  app.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id)).orderBy(asc(paymentEvents.id));
const eventsWithId = (eventId: string) =>
  app.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
const mailsOf = (id: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.about, `order:${id}`))
    .orderBy(asc(mailOutbox.id));
const mailKinds = async (id: string) => (await mailsOf(id)).map((mail) => [mail.kind, mail.toAddress]);
const refundsOf = (id: string) =>
  app.db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.id));
const standInOrdersFor = (id: string) => standIn.orders.filter((order) => order.receipt === id);

/** Waits until every webhook the stand-in has sent so far has been answered; resolves with all of them. */
const settled = () => standIn.waitForWebhooks(standIn.webhooks.length);

/** Resolves with the AppError a service call rejects with. */
async function appError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { status: number; message: string; errors?: Record<string, string[]> };
}

const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** Posts a form as a browser with JavaScript off does, without following a redirect. */
async function postForm(url: string, fields: Iterable<[string, string]> | Record<string, string>) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields as Record<string, string>),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** Opens the hosted checkout with the app's form, as the payer's browser does, and reads its Pay and Fail forms. */
async function openCheckout(checkout: CheckoutForm) {
  expect(checkout.method).toBe("POST");
  const page = await postForm(checkout.action, checkout.fields);
  expect(page.status, page.html).toBe(200);
  const forms = [...page.html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(
    ([, attributes = "", inner = ""]) => ({
      action: new URL(
        unescapeHtml(/action="([^"]*)"/.exec(attributes)?.[1] ?? ""),
        checkout.action,
      ).toString(),
      fields: [...inner.matchAll(/<input\b[^>]*name="([^"]*)"[^>]*value="([^"]*)"/g)].map(
        ([, name = "", value = ""]) => [unescapeHtml(name), unescapeHtml(value)] as [string, string],
      ),
    }),
  );
  const [payForm, failForm] = forms;
  return { payForm: payForm!, failForm: failForm! };
}

/** Pays on the hosted checkout: 307 back to our callback_url with the three signed fields. */
async function payAtCheckout(checkout: CheckoutForm) {
  const { payForm } = await openCheckout(checkout);
  const answer = await postForm(payForm.action, payForm.fields);
  expect(answer.status, answer.html).toBe(307);
  expect(answer.location).toBe(checkout.fields.callback_url);
  const fields = Object.fromEntries(payForm.fields);
  return {
    paymentId: fields.razorpay_payment_id!,
    gatewayOrderId: fields.razorpay_order_id!,
    signature: fields.razorpay_signature!,
  };
}

/** Fails on the hosted checkout: 307 back to our callback_url with Razorpay's error fields. */
async function failAtCheckout(checkout: CheckoutForm) {
  const { failForm } = await openCheckout(checkout);
  const answer = await postForm(failForm.action, failForm.fields);
  expect(answer.status, answer.html).toBe(307);
  expect(answer.location).toBe(checkout.fields.callback_url);
  return Object.fromEntries(failForm.fields);
}

const hmac = (secret: string, payload: string) => createHmac("sha256", secret).update(payload).digest("hex");
const newEventId = () => `evt_${randomBytes(7).toString("hex")}`;

/** A Razorpay payment entity as its webhooks carry it. */
function paymentEntity(entity: {
  id?: string;
  order_id: string | null;
  amount?: number;
  currency?: string;
  status?: string;
  error_description?: string | null;
}) {
  return {
    id: `pay_${randomBytes(7).toString("hex")}`,
    entity: "payment",
    amount: FEE_PAISE,
    currency: "INR",
    status: "captured",
    method: "card",
    captured: entity.status === undefined || entity.status === "captured",
    error_code: null,
    error_description: null,
    created_at: Math.floor(Date.now() / 1000),
    ...entity,
  };
}

/** A webhook's body, compact as Razorpay sends it. */
const webhookBody = (event: string, payload: Record<string, unknown>) =>
  JSON.stringify({
    entity: "event",
    account_id: "acc_ApiPayments01",
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });

/** Posts a webhook straight to the app; signed with the webhook secret unless told otherwise. */
async function postWebhook(
  body: string,
  {
    signature = hmac(WEBHOOK_SECRET, body),
    eventId = newEventId(),
  }: { signature?: string | null; eventId?: string | null } = {},
) {
  const response = await fetch(webhookUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature === null ? {} : { "X-Razorpay-Signature": signature }),
      ...(eventId === null ? {} : { "x-razorpay-event-id": eventId }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, eventId };
}

/** Pays an order at the stand-in silently and has the app find it (Check with Razorpay). */
async function paidOrder(overrides: Record<string, unknown> = {}) {
  const enrolled = await enroll(overrides);
  const payment = standIn.capture(enrolled.row.gatewayOrderId!);
  const checked = await app.services.orders.checkWithGateway(enrolled.order.id);
  expect(checked).toMatchObject({ status: "PAID", transactionId: payment.id });
  return { ...enrolled, paymentId: payment.id };
}

const refundKey = () => `refund-${randomBytes(8).toString("hex")}`;

// --- Creating an order ----------------------------------------------------------------------

describe("POST /tuition/create-order with Razorpay", () => {
  it("stores a CREATED order, opens a Razorpay order for the server's fee and answers its checkout", async () => {
    const before = standIn.orders.length;
    const answer = await createOrder({ ...validEnrollment(), amount: 15000 });
    const { order, payment } = expectOk(answer, 201, createAnswer);
    expect(order).toMatchObject({ status: "CREATED", transactionId: null, paidAt: null, amount: FEE_PAISE });

    const row = await stored(order.id);
    expect(row).toMatchObject({
      status: "CREATED",
      gateway: "razorpay",
      amount: FEE_PAISE,
      transactionId: null,
    });
    expect(row.gatewayOrderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(row.linkToken).toMatch(/^[0-9a-f]{64}$/);

    // The stand-in has exactly one order for it: receipt = our id, the amount from our fee.
    expect(standIn.orders.length).toBe(before + 1);
    expect(standInOrdersFor(order.id)).toEqual([
      expect.objectContaining({
        id: row.gatewayOrderId,
        amount: FEE_PAISE,
        currency: "INR",
        status: "created",
      }),
    ]);

    const payUrl = `${PUBLIC_URL}/pay/${row.linkToken}`;
    expect(payment).toEqual({
      gateway: "razorpay",
      status: "CREATED",
      payUrl,
      receiptUrl: null,
      message: null,
      checkout: {
        action: `${standIn.url}/v1/checkout/embedded`,
        method: "POST",
        fields: {
          key_id: KEY_ID,
          order_id: row.gatewayOrderId,
          amount: String(FEE_PAISE),
          currency: "INR",
          name: expect.any(String),
          description: expect.stringContaining("Grade 5"),
          "prefill[name]": "Neel Shah",
          "prefill[email]": "neel.shah@example.com",
          "prefill[contact]": "+918765432109",
          callback_url: `${payUrl}/callback`,
          cancel_url: `${payUrl}?cancelled=1`,
        },
      },
    });
    // No secret reaches a client; no mail goes before the money is in.
    expect(JSON.stringify(answer.body)).not.toContain(KEY_SECRET);
    expect(JSON.stringify(answer.body)).not.toContain(WEBHOOK_SECRET);
    expect(answer.body.order).not.toHaveProperty("linkToken");
    expect(await mailsOf(order.id)).toEqual([]);
  });

  it("charges the fee the server knows, whatever the client thought", async () => {
    await app.db.update(grades).set({ fee: 18000 }).where(eq(grades.name, "Grade 8"));
    app.services.publicData.invalidate();
    try {
      const { order, checkout } = await enroll({ grade: "Grade 8" });
      expect(order.amount).toBe(1_800_000);
      expect(checkout.fields.amount).toBe("1800000");
      expect(standInOrdersFor(order.id).map((made) => made.amount)).toEqual([1_800_000]);
    } finally {
      await app.db.update(grades).set({ fee: 15000 }).where(eq(grades.name, "Grade 8"));
      app.services.publicData.invalidate();
    }
  });

  it("refuses a tampered amount with 400: no order here, none at Razorpay", async () => {
    const before = { ours: await rowCount(app, orders), theirs: standIn.orders.length };
    for (const amount of [1, 14999, 1_500_000, "150"]) {
      const body = expectError(await createOrder({ ...validEnrollment(), amount }), 400, ["amount"]);
      expect(body.message).toContain("15,000");
    }
    expect(await rowCount(app, orders)).toBe(before.ours);
    expect(standIn.orders.length).toBe(before.theirs);
  });
});

// --- The callback -----------------------------------------------------------------------------

describe("paying through the hosted checkout and the signed callback", () => {
  it("marks the order PAID once with the payment id, with one set of mails; a replay changes nothing", async () => {
    standIn.setWebhooks(false); // Only the callback tells the app.
    const webhooksBefore = standIn.webhooks.length;
    const { order, token, checkout } = await enroll();
    const paid = await payAtCheckout(checkout);
    expect(paid.gatewayOrderId).toBe(checkout.fields.order_id);
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", transactionId: null });

    const confirmed = await app.services.orders.confirmPayment(token, paid);
    expect(confirmed).toMatchObject({ id: order.id, status: "PAID", transactionId: paid.paymentId });
    const row = await stored(order.id);
    expect(row).toMatchObject({
      status: "PAID",
      transactionId: paid.paymentId,
      gatewayPaymentId: paid.paymentId,
      gatewayOrderId: paid.gatewayOrderId,
      failureReason: null,
    });
    expect(row.paidAt).toBeInstanceOf(Date);

    const mails = await mailsOf(order.id);
    expect(mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ["paymentReceived", "neel.shah@example.com"],
      ["staffPaymentReceived", STAFF],
    ]);
    expect(mails[0]!.data).toMatchObject({
      transactionId: paid.paymentId,
      orderId: order.id,
      amountPaise: FEE_PAISE,
      receiptUrl: `${PUBLIC_URL}/receipt/${token}`,
    });
    expect(mails[1]!.data).toMatchObject({ transactionId: paid.paymentId, orderId: order.id });
    expect(
      (await eventsOf(order.id)).map((event) => [event.source, event.type, event.gatewayPaymentId]),
    ).toEqual([["callback", "order.paid", paid.paymentId]]);

    // The parent presses Back and posts the callback again: nothing moves, no second mail.
    const replayed = await app.services.orders.confirmPayment(token, paid);
    expect(replayed).toMatchObject({ status: "PAID", transactionId: paid.paymentId });
    const again = await stored(order.id);
    expect(again).toEqual(row);
    expect(await mailsOf(order.id)).toHaveLength(2);
    expect(await eventsOf(order.id)).toHaveLength(1);
    expect(standIn.webhooks).toHaveLength(webhooksBefore); // none were sent
  });

  it("refuses (400) a signature for another order, a tampered order or payment id and a missing signature", async () => {
    standIn.setWebhooks(false);
    const mine = await enroll({ studentName: "Mine Child" });
    const other = await enroll({ studentName: "Other Child" });
    const [minePaid, otherPaid] = [await payAtCheckout(mine.checkout), await payAtCheckout(other.checkout)];

    const attempts: Array<[string, { paymentId: string; gatewayOrderId: string; signature: string }]> = [
      ["the other order's signed fields", otherPaid],
      ["a signature for another order", { ...minePaid, signature: otherPaid.signature }],
      [
        "a tampered order id, signed for it",
        {
          ...minePaid,
          gatewayOrderId: otherPaid.gatewayOrderId,
          signature: standIn.signPayment(otherPaid.gatewayOrderId, minePaid.paymentId),
        },
      ],
      ["a tampered order id", { ...minePaid, gatewayOrderId: otherPaid.gatewayOrderId }],
      ["a tampered payment id", { ...minePaid, paymentId: otherPaid.paymentId }],
      ["a made-up payment id", { ...minePaid, paymentId: "pay_00000000000000" }],
      ["a missing signature", { ...minePaid, signature: "" }],
      [
        "a signature made with another secret",
        { ...minePaid, signature: hmac("guess", `${minePaid.gatewayOrderId}|${minePaid.paymentId}`) },
      ],
      ["a missing order id", { ...minePaid, gatewayOrderId: "" }],
    ];
    for (const [label, reported] of attempts) {
      const error = await appError(app.services.orders.confirmPayment(mine.token, reported));
      expect(error.status, label).toBe(400);
      expect(error.message).toBe(
        "We could not verify this payment. If money was taken, it will be confirmed shortly.",
      );
    }
    const row = await stored(mine.order.id);
    expect(row).toMatchObject({
      status: "CREATED",
      transactionId: null,
      gatewayPaymentId: null,
      paidAt: null,
    });
    expect(row.gatewayOrderId).toBe(minePaid.gatewayOrderId);
    expect(await mailsOf(mine.order.id)).toEqual([]);
    expect(await eventsOf(mine.order.id)).toEqual([]);

    // An unknown or malformed link is a 404; the right fields still pay the order.
    expect((await appError(app.services.orders.confirmPayment("f".repeat(64), minePaid))).status).toBe(404);
    expect((await appError(app.services.orders.confirmPayment("../etc", minePaid))).status).toBe(404);
    expect(await app.services.orders.confirmPayment(mine.token, minePaid)).toMatchObject({ status: "PAID" });
    expect(await app.services.orders.confirmPayment(other.token, otherPaid)).toMatchObject({
      status: "PAID",
    });
  });
});

// --- Webhooks ---------------------------------------------------------------------------------

describe("POST /api/payments/razorpay/webhook", () => {
  it("payment.captured and order.paid pay the order before any callback; the callback and a replay change nothing", async () => {
    const { order, token, checkout } = await enroll();
    const before = standIn.webhooks.length;
    const paid = await payAtCheckout(checkout);
    const sent = (await settled()).slice(before);
    expect(sent.map((delivery) => [delivery.event, delivery.status])).toEqual([
      ["payment.captured", 200],
      ["order.paid", 200],
    ]);
    expect(await stored(order.id)).toMatchObject({ status: "PAID", transactionId: paid.paymentId });
    expect(await mailKinds(order.id)).toEqual([
      ["paymentReceived", "neel.shah@example.com"],
      ["staffPaymentReceived", STAFF],
    ]);
    for (const delivery of sent) {
      expect(await eventsWithId(delivery.eventId)).toEqual([
        expect.objectContaining({ orderId: order.id, source: "webhook", type: delivery.event }),
      ]);
    }

    // The callback arrives afterwards: still PAID, still one set of mails.
    expect(await app.services.orders.confirmPayment(token, paid)).toMatchObject({ status: "PAID" });
    const row = await stored(order.id);
    expect(await mailsOf(order.id)).toHaveLength(2);

    // Razorpay retries the first webhook (the stand-in's resend), and we post it again ourselves.
    const captured = sent[0]!;
    expect((await standIn.resend(captured.eventId)).status).toBe(200);
    const replay = await postWebhook(captured.body, {
      signature: captured.signature,
      eventId: captured.eventId,
    });
    expect(replay).toMatchObject({ status: 200, body: { status: "replay" } });
    expect(await eventsWithId(captured.eventId)).toHaveLength(1);
    expect(await stored(order.id)).toEqual(row);
    expect(await mailsOf(order.id)).toHaveLength(2);
    // The webhooks' own rows are the history: no second row for the move they made, nor for the
    // callback that changed nothing.
    expect((await eventsOf(order.id)).map((event) => [event.source, event.type])).toEqual([
      ["webhook", "payment.captured"],
      ["webhook", "order.paid"],
    ]);
  });

  it("refuses a bad, missing or re-serialised signature with 400 and changes nothing", async () => {
    const { order, row } = await enroll();
    const body = webhookBody("payment.captured", {
      payment: { entity: paymentEntity({ order_id: row.gatewayOrderId }) },
    });
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    const eventIds: string[] = [];
    for (const [label, sentBody, signature] of [
      ["the key secret's HMAC", body, hmac(KEY_SECRET, body)],
      ["a guessed secret's HMAC", body, hmac("guess", body)],
      ["no signature", body, null],
      ["an empty signature", body, ""],
      ["the signature of the compact body on a re-serialised one", pretty, hmac(WEBHOOK_SECRET, body)],
      [
        "a body changed by one byte",
        body.replace(`"amount":${FEE_PAISE}`, `"amount":${FEE_PAISE + 1}`),
        hmac(WEBHOOK_SECRET, body),
      ],
    ] as const) {
      const answer = await postWebhook(sentBody, { signature });
      expect(answer.status, label).toBe(400);
      expect(answer.body).toEqual({ message: "Invalid webhook signature." });
      eventIds.push(answer.eventId!);
    }
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", transactionId: null });
    expect(await eventsOf(order.id)).toEqual([]);
    for (const eventId of eventIds) expect(await eventsWithId(eventId)).toEqual([]);
    expect(await mailsOf(order.id)).toEqual([]);

    // The same body, rightly signed, is applied.
    expect(await postWebhook(body)).toMatchObject({ status: 200, body: { status: "applied" } });
    expect(await stored(order.id)).toMatchObject({ status: "PAID" });
  });

  it("answers 200 for an order it does not know and stores nothing about any order", async () => {
    const ordersBefore = await app.db.select().from(orders).orderBy(asc(orders.id));
    const mailsBefore = await rowCount(app, mailOutbox);
    const answer = await postWebhook(
      webhookBody("payment.captured", {
        payment: { entity: paymentEntity({ order_id: "order_Unknown0000001" }) },
      }),
    );
    expect(answer).toMatchObject({ status: 200, body: { status: "ignored" } });
    const [event] = await eventsWithId(answer.eventId!);
    expect(event).toMatchObject({ orderId: null, type: "payment.captured", source: "webhook" });
    expect(await app.db.select().from(orders).orderBy(asc(orders.id))).toEqual(ordersBefore);
    expect(await rowCount(app, mailOutbox)).toBe(mailsBefore);
  });

  it("a late payment.failed leaves a PAID order PAID", async () => {
    const { order, row, paymentId } = await paidOrder();
    const failed = paymentEntity({
      order_id: row.gatewayOrderId,
      status: "failed",
      error_description: BANK_DECLINED,
    });
    expect(await postWebhook(webhookBody("payment.failed", { payment: { entity: failed } }))).toMatchObject({
      status: 200,
    });
    expect(await stored(order.id)).toMatchObject({
      status: "PAID",
      transactionId: paymentId,
      failureReason: null,
    });
    expect((await mailsOf(order.id)).map((mail) => mail.kind)).toEqual([
      "paymentReceived",
      "staffPaymentReceived",
    ]);
  });

  it("payment.failed makes a CREATED order FAILED with its reason and mails the retry link; a retry pays it", async () => {
    const { order, token, checkout, payment } = await enroll();
    const before = standIn.webhooks.length;
    const failure = await failAtCheckout(checkout);
    const sent = (await settled()).slice(before);
    expect(sent.map((delivery) => [delivery.event, delivery.status])).toEqual([["payment.failed", 200]]);
    expect(await stored(order.id)).toMatchObject({
      status: "FAILED",
      failureReason: BANK_DECLINED,
      transactionId: null,
    });
    const [mail, ...more] = await mailsOf(order.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "paymentFailed", toAddress: "neel.shah@example.com" });
    expect(mail!.data).toMatchObject({ reason: BANK_DECLINED, retryUrl: payment.payUrl, orderId: order.id });
    expect(payment.payUrl).toBe(`${PUBLIC_URL}/pay/${token}`);

    // The callback's failure fields arrive too: recorded, no second mail.
    const { payment_id: failedPaymentId } = JSON.parse(failure["error[metadata]"]!) as { payment_id: string };
    const recorded = await app.services.orders.recordFailedAttempt(token, {
      reason: failure["error[description]"]!,
      paymentId: failedPaymentId,
    });
    expect(recorded.status).toBe("FAILED");
    expect(await mailsOf(order.id)).toHaveLength(1);

    // "Try again" reuses the same order: a new checkout for the same Razorpay order, paid.
    const page = await app.services.orders.paymentPage(token);
    expect(page.order).toMatchObject({ status: "FAILED", failureReason: BANK_DECLINED });
    expect(page.checkout?.fields.order_id).toBe(checkout.fields.order_id);
    const paid = await payAtCheckout(page.checkout!);
    await settled();
    expect(await stored(order.id)).toMatchObject({
      status: "PAID",
      transactionId: paid.paymentId,
      failureReason: null,
      gatewayOrderId: checkout.fields.order_id,
    });
    expect(await mailKinds(order.id)).toEqual([
      ["paymentFailed", "neel.shah@example.com"],
      ["paymentReceived", "neel.shah@example.com"],
      ["staffPaymentReceived", STAFF],
    ]);
    expect(standInOrdersFor(order.id)).toHaveLength(1);
  });

  it("applies two different webhooks that come without an event id", async () => {
    const first = await enroll({ studentName: "First Unlabelled" });
    const second = await enroll({ studentName: "Second Unlabel" });
    for (const { row } of [first, second]) {
      const body = webhookBody("payment.captured", {
        payment: {
          entity: paymentEntity({ id: `pay_${row.id.slice(0, 14)}`, order_id: row.gatewayOrderId }),
        },
      });
      expect(await postWebhook(body, { eventId: null })).toMatchObject({ status: 200 });
    }
    expect((await stored(first.order.id)).status).toBe("PAID");
    expect((await stored(second.order.id)).status).toBe("PAID");
  });
});

describe("a captured payment for another sum", () => {
  it("does not pay the order: a payment.amount_mismatch event is stored instead", async () => {
    const { order, row } = await enroll();
    const forged = paymentEntity({ order_id: row.gatewayOrderId, amount: 100 });
    const delivery = await standIn.sendWebhook("payment.captured", { payment: { entity: forged } });
    expect(delivery.status).toBe(200);
    const inDollars = paymentEntity({ order_id: row.gatewayOrderId, currency: "USD" });
    expect(await postWebhook(webhookBody("order.paid", { payment: { entity: inDollars } }))).toMatchObject({
      status: 200,
    });

    expect(await stored(order.id)).toMatchObject({ status: "CREATED", transactionId: null, paidAt: null });
    expect(await mailsOf(order.id)).toEqual([]);
    const mismatches = (await eventsOf(order.id)).filter((event) => event.type === "payment.amount_mismatch");
    expect(mismatches.map((event) => [event.source, event.gatewayPaymentId, event.detail])).toEqual([
      ["webhook", forged.id, { expected: FEE_PAISE, got: 100, currency: "INR" }],
      ["webhook", inDollars.id, { expected: FEE_PAISE, got: FEE_PAISE, currency: "USD" }],
    ]);
    // Razorpay's query API knows no captured payment for it: asking does not pay it either.
    expect(await app.services.orders.checkWithGateway(order.id)).toMatchObject({ status: "CREATED" });
  });
});

// --- Reconciliation ----------------------------------------------------------------------------

describe("reconciliation with the query API", () => {
  it("finds a payment whose callback and webhooks were lost", async () => {
    const { order, row } = await enroll();
    const payment = standIn.capture(row.gatewayOrderId!);
    expect(await stored(order.id)).toMatchObject({ status: "CREATED" });

    const result = await app.services.orders.reconcile({ olderThanMs: 0 });
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(result.paid).toBeGreaterThanOrEqual(1);
    const paid = await stored(order.id);
    expect(paid).toMatchObject({ status: "PAID", transactionId: payment.id, gatewayPaymentId: payment.id });
    expect(paid.reconciledAt).toBeInstanceOf(Date);
    expect((await eventsOf(order.id)).map((event) => [event.source, event.type])).toEqual([
      ["reconcile", "order.checked"],
      ["reconcile", "order.paid"],
    ]);
    expect((await mailsOf(order.id)).map((mail) => mail.kind)).toEqual([
      "paymentReceived",
      "staffPaymentReceived",
    ]);

    // A paid order is not asked about again.
    await app.services.orders.reconcile({ olderThanMs: 0 });
    expect(await eventsOf(order.id)).toHaveLength(2);
  });

  it("leaves orders younger than 15 minutes alone; Check with Razorpay asks about one at once", async () => {
    const { order, row } = await enroll();
    const payment = standIn.capture(row.gatewayOrderId!);
    await app.services.orders.reconcile();
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", reconciledAt: null });
    expect(await eventsOf(order.id)).toEqual([]);

    const checked = await app.services.orders.checkWithGateway(order.id);
    expect(checked).toMatchObject({
      status: "PAID",
      transactionId: payment.id,
      gatewayPaymentId: payment.id,
      gatewayOrderId: row.gatewayOrderId,
    });
    expect((await eventsOf(order.id)).map((event) => [event.source, event.type])).toEqual([
      ["admin", "order.checked"],
      ["admin", "order.paid"],
    ]);
    expect((await appError(app.services.orders.checkWithGateway("not-an-id"))).status).toBe(404);
  });

  it("stamps each order it asks about and does not ask again within the interval", async () => {
    const { order, row } = await enroll();
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await app.db.update(orders).set({ createdAt: hourAgo }).where(eq(orders.id, order.id));
    const checks = async () =>
      (await eventsOf(order.id)).filter(
        (event) => event.type === "order.checked" && event.source === "reconcile",
      );

    await app.services.orders.reconcile();
    expect(await checks()).toHaveLength(1);
    expect((await stored(order.id)).reconciledAt).toBeInstanceOf(Date);
    const payment = standIn.capture(row.gatewayOrderId!);
    await app.services.orders.reconcile();
    expect(await checks()).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ status: "CREATED" });

    // Twenty minutes later it is asked again, and paid.
    await app.db
      .update(orders)
      .set({ reconciledAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(orders.id, order.id));
    await app.services.orders.reconcile();
    expect(await checks()).toHaveLength(2);
    expect(await stored(order.id)).toMatchObject({ status: "PAID", transactionId: payment.id });
  });

  it("finds a retry captured after a failed attempt (a FAILED order)", async () => {
    const { order, row } = await enroll();
    standIn.setWebhooks(false);
    standIn.failPayment(row.gatewayOrderId!);
    await app.services.orders.recordFailedAttempt(row.linkToken, { reason: BANK_DECLINED, paymentId: null });
    expect(await stored(order.id)).toMatchObject({ status: "FAILED" });
    const payment = standIn.capture(row.gatewayOrderId!);
    await app.services.orders.reconcile({ olderThanMs: 0 });
    expect(await stored(order.id)).toMatchObject({
      status: "PAID",
      transactionId: payment.id,
      failureReason: null,
    });
    expect((await mailsOf(order.id)).map((mail) => mail.kind)).toEqual([
      "paymentFailed",
      "paymentReceived",
      "staffPaymentReceived",
    ]);
  });

  // `npm run payments:reconcile -- --older-than-minutes 0` calls reconcile({ olderThanMs: 0 }) in
  // batches until one checks nothing (app/cli/reconcile-payments.server.ts).
  it("does not ask again at once about an order it has just asked about, even with olderThanMs 0", async () => {
    const { order } = await enroll();
    const batches: number[] = [];
    for (let batch = 0; batch < 4; batch += 1) {
      const { checked } = await app.services.orders.reconcile({ olderThanMs: 0 });
      batches.push(checked);
      if (checked === 0) break;
    }
    const checks = (await eventsOf(order.id)).filter((event) => event.type === "order.checked");
    expect(checks, `batches: ${batches.join(", ")}`).toHaveLength(1);
    expect(batches.at(-1), `batches: ${batches.join(", ")}`).toBe(0);
  });

  it("never asks about orders older than a week", async () => {
    const { order, row } = await enroll();
    await app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) })
      .where(eq(orders.id, order.id));
    standIn.capture(row.gatewayOrderId!);
    await app.services.orders.reconcile({ olderThanMs: 0 });
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", reconciledAt: null });
  });
});

// --- Refunds -----------------------------------------------------------------------------------

describe("refunds", () => {
  it("refunds part (rupees and paise), then the rest; refuses more than is left; the webhooks count nothing twice", async () => {
    const { order, paymentId } = await paidOrder();
    const firstKey = refundKey();
    const part = await app.services.payments.refund(
      order.id,
      { amount: "5000.55", reason: "Sibling discount", requestKey: firstKey },
      adminId,
    );
    const atStandIn = standIn.refunds.filter((made) => made.payment_id === paymentId);
    expect(atStandIn.map((made) => [made.amount, made.receipt])).toEqual([[500_055, firstKey]]);
    expect(part).toMatchObject({
      orderId: order.id,
      amount: 500_055,
      status: "PROCESSED",
      gatewayRefundId: atStandIn[0]!.id,
      requestKey: firstKey,
      reason: "Sibling discount",
      requestedBy: adminId,
    });
    expect(part.processedAt).toBeInstanceOf(Date);
    expect(await stored(order.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedAmount: 500_055 });

    // The same form submitted twice is one refund.
    const twice = await app.services.payments.refund(
      order.id,
      { amount: "5000.55", reason: "Sibling discount", requestKey: firstKey },
      adminId,
    );
    expect(twice.id).toBe(part.id);
    expect(standIn.refunds.filter((made) => made.payment_id === paymentId)).toHaveLength(1);

    // More than is left: a clear 400, nothing asked of Razorpay, nothing stored.
    const tooMuch = await appError(
      app.services.payments.refund(
        order.id,
        { amount: 10_000, reason: "Too much", requestKey: refundKey() },
        adminId,
      ),
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.message).toBe("The refund (₹10,000.00) is more than what is left to refund (₹9,999.45).");
    expect(tooMuch.errors).toEqual({ amount: [tooMuch.message] });
    expect(standIn.refunds.filter((made) => made.payment_id === paymentId)).toHaveLength(1);
    expect(await refundsOf(order.id)).toHaveLength(1);

    const rest = await app.services.payments.refund(
      order.id,
      { amount: 9999.45, reason: "Withdrawn", requestKey: refundKey() },
      adminId,
    );
    expect(rest).toMatchObject({ amount: 999_945, status: "PROCESSED" });
    expect(await stored(order.id)).toMatchObject({ status: "REFUNDED", refundedAmount: FEE_PAISE });

    // The stand-in's refund.processed webhooks arrive: answered, counted nothing twice.
    const sent = (await settled()).filter(
      (delivery) => delivery.event === "refund.processed" && delivery.body.includes(paymentId),
    );
    expect(sent.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await stored(order.id)).toMatchObject({ status: "REFUNDED", refundedAmount: FEE_PAISE });
    expect((await refundsOf(order.id)).map((made) => [made.amount, made.status])).toEqual([
      [500_055, "PROCESSED"],
      [999_945, "PROCESSED"],
    ]);
    for (const delivery of sent) expect(await eventsWithId(delivery.eventId)).toHaveLength(1);

    // Fully refunded, nothing more can be given back; the receipt shows both refunds.
    const more = await appError(
      app.services.payments.refund(
        order.id,
        { amount: 1, reason: "Again", requestKey: refundKey() },
        adminId,
      ),
    );
    expect(more.status).toBe(400);
    const { linkToken } = await stored(order.id);
    expect((await app.services.orders.receipt(linkToken)).refunds).toHaveLength(2);
  });

  it("refuses to refund an unpaid order, or an unknown one", async () => {
    const { order } = await enroll();
    const unpaid = await appError(
      app.services.payments.refund(
        order.id,
        { amount: 100, reason: "Nope", requestKey: refundKey() },
        adminId,
      ),
    );
    expect(unpaid).toMatchObject({ status: 400, message: "Only a paid order can be refunded." });
    const unknown = await appError(
      app.services.payments.refund(
        "00000000-0000-4000-8000-000000000000",
        { amount: 100, reason: "Nope", requestKey: refundKey() },
        adminId,
      ),
    );
    expect(unknown.status).toBe(404);
    for (const input of [
      { amount: 0, reason: "Zero", requestKey: refundKey() },
      { amount: 10.001, reason: "Mills", requestKey: refundKey() },
      { amount: 10, reason: "", requestKey: refundKey() },
      { amount: 10, reason: "Short key", requestKey: "abc" },
    ]) {
      expect((await appError(app.services.payments.refund(order.id, input, adminId))).status).toBe(400);
    }
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", refundedAmount: 0 });
  });

  it("records a refund made on Razorpay's dashboard when its webhook arrives, once", async () => {
    const { order, paymentId } = await paidOrder();
    const before = standIn.webhooks.length;
    const response = await fetch(`${standIn.url}/v1/payments/${paymentId}/refund`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ amount: 20_000 }),
    });
    expect(response.status).toBe(200);
    const made = (await response.json()) as { id: string };
    const [delivery] = (await settled()).slice(before);
    expect(delivery).toMatchObject({ event: "refund.processed", status: 200 });

    expect(await stored(order.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedAmount: 20_000 });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        amount: 20_000,
        status: "PROCESSED",
        gatewayRefundId: made.id,
        requestedBy: null,
        reason: "Refunded on the payment gateway's dashboard.",
      }),
    ]);

    // Razorpay delivers it again: nothing counted twice.
    expect((await standIn.resend(delivery!.eventId)).status).toBe(200);
    expect(await stored(order.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedAmount: 20_000 });
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  it("a refund whose answer was lost (Razorpay slow) is completed by its refund.processed webhook", async () => {
    const { order, paymentId } = await paidOrder();
    const key = refundKey();
    patience = "impatient";
    standIn.delay(2_000);
    const before = standIn.webhooks.length;
    const lost = await appError(
      app.services.payments.refund(
        order.id,
        { amount: 2500.5, reason: "Transport fee", requestKey: key },
        adminId,
      ),
    );
    expect(lost).toMatchObject({ status: 503, message: UNREACHABLE });
    expect(standIn.refunds.filter((made) => made.payment_id === paymentId)).toHaveLength(1);
    const [delivery] = (await settled()).slice(before);
    expect(delivery).toMatchObject({ event: "refund.processed", status: 200 });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        requestKey: key,
        amount: 250_050,
        status: "PROCESSED",
        gatewayRefundId: expect.any(String),
      }),
    ]);
    expect(await stored(order.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedAmount: 250_050 });
  });

  it("a refund asked while Razorpay was down is made when the same form is sent again", async () => {
    const { order, paymentId } = await paidOrder();
    const key = refundKey();
    const input = { amount: 15000, reason: "Withdrawn before term", requestKey: key };
    await standIn.stop();
    const down = await appError(app.services.payments.refund(order.id, input, adminId));
    expect(down).toMatchObject({ status: 503, message: UNREACHABLE });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({ status: "REQUESTED", requestKey: key }),
    ]);
    expect(await stored(order.id)).toMatchObject({ status: "PAID", refundedAmount: 0 });

    await standIn.start();
    const retried = await app.services.payments.refund(order.id, input, adminId);
    expect(retried).toMatchObject({ status: "PROCESSED", amount: FEE_PAISE });
    expect(standIn.refunds.filter((made) => made.payment_id === paymentId)).toHaveLength(1);
    expect(await stored(order.id)).toMatchObject({ status: "REFUNDED", refundedAmount: FEE_PAISE });
  });
});

// --- Faults ------------------------------------------------------------------------------------

describe("when Razorpay is down or slow", () => {
  it("keeps the order (201, CREATED, the clear message) and opens its payment once Razorpay is back", async () => {
    await standIn.stop();
    const answer = await createOrder(validEnrollment());
    const { order, payment } = expectOk(answer, 201, createAnswer);
    expect(order).toMatchObject({ status: "CREATED", transactionId: null });
    expect(payment).toMatchObject({
      gateway: "razorpay",
      status: "CREATED",
      checkout: null,
      receiptUrl: null,
    });
    expect(payment.message).toBe(UNREACHABLE);
    expect(PAYMENT_SERVICE_UNREACHABLE).toBe(UNREACHABLE);
    expect(await stored(order.id)).toMatchObject({
      status: "CREATED",
      gatewayOrderId: null,
      failureReason: null,
    });
    const token = tokenOf(payment.payUrl);
    expect(await app.services.orders.paymentPage(token)).toMatchObject({ unreachable: true, checkout: null });
    expect((await appError(app.services.orders.openPayment(token))).status).toBe(503);

    await standIn.start();
    const opened = await app.services.orders.openPayment(token);
    const row = await stored(order.id);
    expect(row.gatewayOrderId).toMatch(/^order_/);
    expect(opened).toMatchObject({ status: "CREATED", message: null, payUrl: payment.payUrl });
    expect(opened.checkout).toMatchObject({
      action: `${standIn.url}/v1/checkout/embedded`,
      fields: { order_id: row.gatewayOrderId, amount: String(FEE_PAISE) },
    });
    expect(standInOrdersFor(order.id).map((made) => made.id)).toEqual([row.gatewayOrderId]);
    // Opening it again reuses the Razorpay order.
    expect((await app.services.orders.openPayment(token)).checkout?.fields.order_id).toBe(row.gatewayOrderId);
    expect(standInOrdersFor(order.id)).toHaveLength(1);
    expect(await app.services.orders.paymentPage(token)).toMatchObject({ unreachable: false });
  });

  it("times out on a slow Razorpay instead of hanging", async () => {
    patience = "impatient";
    standIn.delay(2_000);
    const started = Date.now();
    const { order, payment } = expectOk(await createOrder(validEnrollment()), 201, createAnswer);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(payment).toMatchObject({ checkout: null, message: UNREACHABLE });
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", gatewayOrderId: null });

    standIn.delay(0);
    patience = "normal";
    const opened = await app.services.orders.openPayment(tokenOf(payment.payUrl));
    const { gatewayOrderId } = await stored(order.id);
    expect(opened.checkout?.fields.order_id).toBe(gatewayOrderId);
    // The timed-out call did reach Razorpay (its order is left unused); the new one is the one kept.
    expect(standInOrdersFor(order.id).at(-1)?.id).toBe(gatewayOrderId);
  });

  it("never marks an order PAID without a verified signature or a payment the query API says is captured", async () => {
    // An order whose Razorpay side could not be opened cannot be confirmed by any callback.
    await standIn.stop();
    const { order: unopened, payment } = expectOk(await createOrder(validEnrollment()), 201, createAnswer);
    await standIn.start();
    const unopenedToken = tokenOf(payment.payUrl);
    const guess = {
      paymentId: "pay_00000000000000",
      gatewayOrderId: "",
      signature: hmac(KEY_SECRET, "|pay_00000000000000"),
    };
    expect((await appError(app.services.orders.confirmPayment(unopenedToken, guess))).status).toBe(400);

    // A failed payment at Razorpay, and webhooks saying "captured" of a payment that is not.
    const { order, row } = await enroll();
    standIn.failPayment(row.gatewayOrderId!);
    await app.services.orders.checkWithGateway(order.id);
    for (const status of ["authorized", "failed", "created"]) {
      const entity = paymentEntity({ order_id: row.gatewayOrderId, status });
      expect(await postWebhook(webhookBody("payment.captured", { payment: { entity } }))).toMatchObject({
        status: 200,
      });
    }
    expect(await stored(order.id)).toMatchObject({ status: "CREATED", transactionId: null });
    expect(await stored(unopened.id)).toMatchObject({ status: "CREATED", transactionId: null });
    expect(await mailsOf(order.id)).toEqual([]);
    const moved = await app.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderId, order.id), eq(paymentEvents.type, "order.paid")));
    expect(moved.filter((event) => event.eventId === null)).toEqual([]);
  });
});

// --- Receipts ----------------------------------------------------------------------------------

describe("the receipt", () => {
  it("shows a paid order with its payment id; 404 for an unpaid order and for unknown or malformed links", async () => {
    const { order, paymentId, row } = await paidOrder();
    const receipt = await app.services.orders.receipt(row.linkToken);
    expect(receipt.order).toMatchObject({
      id: order.id,
      status: "PAID",
      transactionId: paymentId,
      gatewayOrderId: row.gatewayOrderId,
      amount: FEE_PAISE,
      refundedAmount: 0,
    });
    expect(receipt.refunds).toEqual([]);

    const unpaid = await enroll();
    for (const token of [
      unpaid.row.linkToken,
      "0".repeat(64),
      "not-a-token",
      row.linkToken.toUpperCase(),
      "",
    ]) {
      const error = await appError(app.services.orders.receipt(token));
      expect(error, token).toMatchObject({ status: 404, message: "Order not found." });
    }
  });
});

// --- The test gateway --------------------------------------------------------------------------

describe("without Razorpay (the test gateway)", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp({ mail: { staffEmail: STAFF } });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it("still pays at once through the API, with a receipt link and no checkout", async () => {
    const answer = await plain.api("/tuition/create-order", { method: "POST", json: validEnrollment() });
    const { order, payment } = expectOk(answer, 201, createAnswer);
    const [row] = await plain.db.select().from(orders).where(eq(orders.id, order.id));
    expect(order).toMatchObject({ status: "PAID", amount: FEE_PAISE });
    expect(order.transactionId).toMatch(/^TXN-/);
    expect(payment).toEqual({
      gateway: "test",
      status: "PAID",
      payUrl: `${PUBLIC_URL}/pay/${row!.linkToken}`,
      receiptUrl: `${PUBLIC_URL}/receipt/${row!.linkToken}`,
      checkout: null,
      message: null,
    });
    const mails = await plain.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.about, `order:${order.id}`));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["paymentReceived", "staffPaymentReceived"]);
    expect((await plain.services.orders.receipt(row!.linkToken)).order.transactionId).toBe(
      order.transactionId,
    );
    // Nothing from outside can pay or refund through it.
    expect(await plain.services.orders.reconcile({ olderThanMs: 0 })).toEqual({ checked: 0, paid: 0 });
    const webhook = await fetch(`${plain.baseUrl}/api/payments/razorpay/webhook`, {
      method: "POST",
      headers: { "X-Razorpay-Signature": "00", "x-razorpay-event-id": newEventId() },
      body: "{}",
    });
    expect(webhook.status).toBe(400);
  });
});
