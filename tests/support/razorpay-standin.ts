// The Razorpay stand-in of the tests and of `npm run payments:dev`: a real HTTP server (node:http
// only) on 127.0.0.1 that answers the part of Razorpay's documented REST API the site uses (Orders,
// the payments of an order, Payments, Refunds, with HTTP Basic auth and Razorpay's error shape),
// serves a Hosted Checkout page (`POST /v1/checkout/embedded`) that works with JavaScript off, and
// sends signed webhooks. The site's own Razorpay client, pointed at it by RAZORPAY_API_URL, cannot
// tell it from the real one, so payments are tested over the network as they run, and it can be
// told to be slow, to go away, to lose callbacks and webhooks, or to replay a webhook.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInOptions = {
  /** The key id the API's Basic auth and the checkout's `key_id` must give (rzp_test_…). */
  keyId: string;
  /** The key secret: Basic auth's password, and the key of the payment signatures. */
  keySecret: string;
  /** The key of the webhooks' X-Razorpay-Signature. */
  webhookSecret: string;
  /** Where webhooks go; none are sent without one (setWebhookUrl changes it). */
  webhookUrl?: string;
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Told of each webhook delivery once it has finished (dev/razorpay-dev.ts prints them). */
  onWebhook?: (delivery: WebhookDelivery) => void;
};

/** Razorpay answers notes as `[]` when there are none (a PHP empty array), an object otherwise. */
type Notes = Record<string, string | number | boolean | null> | never[];

/** Razorpay's order entity (Orders API). */
export type RazorpayOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: "INR";
  receipt: string | null;
  offer_id: null;
  /** "attempted" once a payment failed, "paid" once one was captured. */
  status: "created" | "attempted" | "paid";
  /** How many payments were made on it, failed or not. */
  attempts: number;
  notes: Notes;
  created_at: number;
};

/** Razorpay's payment entity, as it is once captured (auto-capture) or failed. */
export type RazorpayPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: "INR";
  /** "refunded" once refunded in full, as Razorpay does; a partial refund leaves "captured". */
  status: "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: false;
  method: "card";
  amount_refunded: number;
  refund_status: "partial" | "full" | null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
};

/** Razorpay's refund entity; the stand-in processes every refund at once. */
export type RazorpayRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: "INR";
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: "processed";
  speed_processed: "normal";
  speed_requested: "normal" | "optimum";
};

/** One webhook POST, as sent (a replay by resend() is a delivery of its own, same event id). */
export type WebhookDelivery = {
  /** The x-razorpay-event-id header: "evt_" + 14 characters. */
  eventId: string;
  event: string;
  url: string;
  /** The raw JSON body, byte for byte what was signed and sent. */
  body: string;
  /** The X-Razorpay-Signature header: hex HMAC-SHA256 of `body` with the webhook secret. */
  signature: string;
  /** The receiver's HTTP status, 0 if it could not be reached in 5 s; absent while in flight. */
  status?: number;
  /** Why the receiver could not be reached (status 0). */
  error?: string;
};

export type RazorpayStandIn = {
  /** "http://127.0.0.1:PORT", usable as RAZORPAY_API_URL. */
  url: string;
  port: number;
  /** Every order, payment and refund, in the order they were made; the stand-in's live entities. */
  readonly orders: readonly RazorpayOrder[];
  readonly payments: readonly RazorpayPayment[];
  readonly refunds: readonly RazorpayRefund[];
  /** Every webhook delivery attempted, in the order sent. */
  readonly webhooks: readonly WebhookDelivery[];
  /** Where webhooks go from now on; undefined sends none. */
  setWebhookUrl(url: string | undefined): void;
  /**
   * Off, the webhooks the stand-in would send by itself (checkout, refunds) are neither sent nor
   * recorded, as if lost; sendWebhook and resend still send, being asked to.
   */
  setWebhooks(enabled: boolean): void;
  /**
   * Hold every /v1 API answer this many ms (0: none), not the checkout pages: the request has
   * its effect at once, only the answer is late, as when a client times out on a slow network.
   */
  delay(ms: number): void;
  /**
   * A captured payment on the order, made silently: no callback and no webhook (a payment whose
   * callback and webhooks were all lost). Throws for an unknown or already paid order.
   */
  capture(orderId: string): RazorpayPayment;
  /** A failed payment on the order, made silently (no webhook). Throws for an unknown or paid order. */
  failPayment(orderId: string, description?: string): RazorpayPayment;
  /**
   * Signs and sends an event now (after the deliveries already queued), whatever setWebhooks said;
   * `contains` is the payload's keys. Resolves with the delivery once finished; rejects only when
   * no webhook URL is set.
   */
  sendWebhook(event: string, payload: Record<string, unknown>): Promise<WebhookDelivery>;
  /** Sends an earlier delivery again: same event id, body and signature (Razorpay's retries, a replay). */
  resend(eventId: string): Promise<WebhookDelivery>;
  /**
   * Resolves with `webhooks` once it holds at least `count` deliveries and the first `count` have
   * finished; rejects after timeoutMs (default 10 s) naming what was sent.
   */
  waitForWebhooks(count: number, timeoutMs?: number): Promise<readonly WebhookDelivery[]>;
  /** Hex HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret: the checkout's razorpay_signature. */
  signPayment(orderId: string, paymentId: string): string;
  /**
   * Stop listening (connections are refused) and end open connections, keeping every entity.
   * Does nothing when stopped.
   */
  stop(): Promise<void>;
  /** Listen again on the same port. Does nothing when listening. */
  start(): Promise<void>;
  /** Stop for good: webhooks in flight are abandoned (status 0), waitForWebhooks rejects. */
  close(): Promise<void>;
};

const HOST = "127.0.0.1";
const ACCOUNT_ID = "acc_standin0000001";
const WEBHOOK_TIMEOUT_MS = 5_000;
const MAX_BODY_BYTES = 1_000_000;
const DEFAULT_EMAIL = "standin@example.com";
const DEFAULT_CONTACT = "+919000000000";
const BANK_DECLINED = "Payment failed because the bank declined it.";
const ID_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ORDER_FIELDS = ["amount", "currency", "receipt", "notes"];
const REFUND_FIELDS = ["amount", "speed", "notes", "receipt"];

type Answer = { status: number; body: unknown };
/** A checkout page shown: its payment id is made up front, so its Pay form can carry the signature. */
type Checkout = {
  orderId: string;
  callbackUrl: string;
  description: string | null;
  email: string;
  contact: string;
  used: boolean;
};
type Waiter = { check(): void; reject(error: Error): void };

/** Starts the stand-in on 127.0.0.1 (a free port unless `port` is given). */
export async function startRazorpayStandIn(options: StandInOptions): Promise<RazorpayStandIn> {
  const orders: RazorpayOrder[] = [];
  const payments: RazorpayPayment[] = [];
  const refunds: RazorpayRefund[] = [];
  const webhooks: WebhookDelivery[] = [];
  const checkouts = new Map<string, Checkout>();
  const waiters = new Set<Waiter>();
  const heldAnswers = new Map<NodeJS.Timeout, () => void>();
  const closing = new AbortController();
  let webhookUrl = options.webhookUrl;
  let webhooksOn = true;
  let delayMs = 0;
  let closed = false;
  // Deliveries run one after the other, so a receiver sees them in the order they were sent.
  let queue: Promise<unknown> = Promise.resolve();

  const signPayment = (orderId: string, paymentId: string) =>
    hmac(options.keySecret, `${orderId}|${paymentId}`);
  const findOrder = (id: string) => orders.find((order) => order.id === id);
  const findPayment = (id: string) => payments.find((payment) => payment.id === id);

  // --- Entities -------------------------------------------------------------------------------

  function recordPayment(
    order: RazorpayOrder,
    made: {
      id?: string;
      failure?: string;
      description?: string | null;
      email?: string;
      contact?: string;
    },
  ): RazorpayPayment {
    const captured = made.failure === undefined;
    const payment: RazorpayPayment = {
      id: made.id ?? newId("pay_"),
      entity: "payment",
      amount: order.amount,
      currency: "INR",
      status: captured ? "captured" : "failed",
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: "card",
      amount_refunded: 0,
      refund_status: null,
      captured,
      description: made.description ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: null,
      email: made.email || DEFAULT_EMAIL,
      contact: made.contact || DEFAULT_CONTACT,
      notes: [],
      fee: captured ? Math.round(order.amount * 0.02) : null,
      tax: null,
      error_code: captured ? null : "BAD_REQUEST_ERROR",
      error_description: captured ? null : (made.failure ?? null),
      error_source: captured ? null : "bank",
      error_step: captured ? null : "payment_authorization",
      error_reason: captured ? null : "payment_failed",
      created_at: now(),
    };
    payments.push(payment);
    order.attempts += 1;
    if (captured) {
      order.status = "paid";
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else if (order.status === "created") {
      order.status = "attempted";
    }
    return payment;
  }

  function orderFor(orderId: string): RazorpayOrder {
    const order = findOrder(orderId);
    if (!order) throw new Error(`No order ${orderId} in the Razorpay stand-in`);
    if (order.status === "paid") throw new Error(`Order ${orderId} has already been paid`);
    return order;
  }

  // --- Webhooks -------------------------------------------------------------------------------

  function notify() {
    for (const waiter of waiters) waiter.check();
  }

  function deliver(delivery: WebhookDelivery): Promise<WebhookDelivery> {
    webhooks.push(delivery);
    const done = queue.then(() => post(delivery));
    queue = done;
    notify();
    return done.then(() => delivery);
  }

  /** Never throws: a receiver that cannot be reached is a status 0 with the reason. */
  async function post(delivery: WebhookDelivery) {
    try {
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": delivery.signature,
          "x-razorpay-event-id": delivery.eventId,
        },
        body: delivery.body,
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), closing.signal]),
      });
      delivery.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      delivery.status = 0;
      delivery.error = describe(error);
    }
    try {
      options.onWebhook?.(delivery);
    } catch {
      // A listener's mistake is not the delivery's.
    }
    notify();
  }

  function signedDelivery(event: string, payload: Record<string, unknown>, url: string): WebhookDelivery {
    const body = JSON.stringify({
      entity: "event",
      account_id: ACCOUNT_ID,
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return { eventId: newId("evt_"), event, url, body, signature: hmac(options.webhookSecret, body) };
  }

  /** A webhook the stand-in sends by itself; its payload is serialised now, as the entities are now. */
  function emit(event: string, payload: Record<string, unknown>) {
    if (!webhooksOn || !webhookUrl || closed) return;
    void deliver(signedDelivery(event, payload, webhookUrl));
  }

  // --- The REST API ---------------------------------------------------------------------------

  function createOrder(body: Record<string, unknown>): Answer {
    const refused =
      extraFields(body, ORDER_FIELDS) ??
      checkAmount(body.amount, true) ??
      checkCurrency(body.currency) ??
      checkReceipt(body.receipt) ??
      checkNotes(body.notes);
    if (refused) return refused;
    const amount = body.amount as number;
    const order: RazorpayOrder = {
      id: newId("order_"),
      entity: "order",
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: "INR",
      receipt: (body.receipt as string | undefined) ?? null,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: toNotes(body.notes),
      created_at: now(),
    };
    orders.push(order);
    return ok(order);
  }

  function refund(payment: RazorpayPayment, body: Record<string, unknown>): Answer {
    const refused =
      extraFields(body, REFUND_FIELDS) ??
      checkReceipt(body.receipt) ??
      checkNotes(body.notes) ??
      (body.speed !== undefined && body.speed !== "normal" && body.speed !== "optimum"
        ? badRequest("The selected speed is invalid.", "speed")
        : undefined);
    if (refused) return refused;
    // A refund asked again with its receipt is the same refund: Razorpay's idempotent replay.
    if (typeof body.receipt === "string") {
      const earlier = refunds.find((made) => made.payment_id === payment.id && made.receipt === body.receipt);
      if (earlier) return ok(earlier);
    }
    if (!payment.captured) return badRequest("The payment has not been captured");
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) return badRequest("The payment has been fully refunded already");
    const amountRefused = checkAmount(body.amount, false);
    if (amountRefused) return amountRefused;
    const amount = (body.amount as number | undefined) ?? left;
    if (amount > left) {
      return badRequest("The refund amount provided is greater than amount captured", "amount");
    }
    const made: RazorpayRefund = {
      id: newId("rfnd_"),
      entity: "refund",
      amount,
      currency: "INR",
      payment_id: payment.id,
      notes: toNotes(body.notes),
      receipt: (body.receipt as string | undefined) ?? null,
      acquirer_data: { arn: null },
      created_at: now(),
      batch_id: null,
      status: "processed",
      speed_processed: "normal",
      speed_requested: body.speed === "optimum" ? "optimum" : "normal",
    };
    refunds.push(made);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
    if (payment.refund_status === "full") payment.status = "refunded";
    emit("refund.processed", { refund: { entity: made }, payment: { entity: payment } });
    return ok(made);
  }

  /** The answer to an authenticated /v1 call, or undefined when no route matches. */
  function api(method: string, path: string, query: URLSearchParams, raw: string): Answer | undefined {
    const parts = path.split("/").slice(2); // "", "v1", ...
    const [collection, id, action, ...rest] = parts;
    if (rest.length > 0 || !collection) return undefined;
    const post = method === "POST";
    const get = method === "GET";
    if (collection === "orders") {
      if (id === undefined) {
        if (get) {
          const receipt = query.get("receipt");
          const matching = receipt === null ? orders : orders.filter((order) => order.receipt === receipt);
          return ok(list([...matching].reverse(), query));
        }
        if (!post) return undefined;
        const body = jsonObject(raw);
        return "status" in body ? body : createOrder(body.value);
      }
      if (!get || (action !== undefined && action !== "payments")) return undefined;
      const order = findOrder(id);
      if (!order) return missing();
      if (action === undefined) return ok(order);
      return ok(collectionOf(payments.filter((payment) => payment.order_id === order.id)));
    }
    if (collection === "payments" && id !== undefined) {
      const known = (post && action === "refund") || (post && action === "capture");
      if (!(get && (action === undefined || action === "refunds")) && !known) return undefined;
      const payment = findPayment(id);
      if (!payment) return missing();
      if (get && action === undefined) return ok(payment);
      if (get) return ok(collectionOf(refunds.filter((made) => made.payment_id === payment.id)));
      if (action === "capture") {
        return badRequest(
          payment.captured ? "This payment has already been captured" : "The payment has failed",
        );
      }
      const body = jsonObject(raw);
      return "status" in body ? body : refund(payment, body.value);
    }
    if (collection === "refunds" && id !== undefined && action === undefined && get) {
      const made = refunds.find((candidate) => candidate.id === id);
      return made ? ok(made) : missing();
    }
    return undefined;
  }

  // --- Hosted checkout ------------------------------------------------------------------------

  function checkoutPage(form: URLSearchParams): Page {
    if (form.get("key_id") !== options.keyId) return refusedPage("The key id is not this account's.");
    const order = findOrder(form.get("order_id") ?? "");
    if (!order) return refusedPage("There is no such order.");
    if (order.status === "paid") return refusedPage("This order has already been paid");
    const callbackUrl = form.get("callback_url") ?? "";
    if (!isWebUrl(callbackUrl)) return refusedPage("The callback_url must be an http(s) URL.");
    const cancelUrl = form.get("cancel_url");
    if (cancelUrl && !isWebUrl(cancelUrl)) return refusedPage("The cancel_url must be an http(s) URL.");
    const paymentId = newId("pay_");
    const name = form.get("prefill[name]") ?? "";
    const email = form.get("prefill[email]") ?? "";
    const contact = form.get("prefill[contact]") ?? "";
    const description = form.get("description") ?? "";
    checkouts.set(paymentId, {
      orderId: order.id,
      callbackUrl,
      description: description || null,
      email,
      contact,
      used: false,
    });
    const callback = encodeURIComponent(callbackUrl);
    const hidden = (fieldName: string, value: string) =>
      `<input type="hidden" name="${escapeHtml(fieldName)}" value="${escapeHtml(value)}">`;
    const failure = {
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": BANK_DECLINED,
      "error[source]": "bank",
      "error[step]": "payment_authorization",
      "error[reason]": "payment_failed",
      "error[metadata]": JSON.stringify({ payment_id: paymentId, order_id: order.id }),
    };
    const payer = [
      ["Name", name],
      ["Email", email],
      ["Phone", contact],
    ].filter(([, value]) => value);
    return page(
      200,
      [
        `<h1>${escapeHtml(form.get("name") || "Checkout")}</h1>`,
        description ? `<p>${escapeHtml(description)}</p>` : "",
        `<p class="amount">${rupees(order.amount)}</p>`,
        payer.length
          ? `<dl>${payer.map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value ?? "")}</dd>`).join("")}</dl>`
          : "",
        `<form method="post" action="/_standin/checkout/pay?callback=${escapeHtml(callback)}">`,
        hidden("razorpay_payment_id", paymentId),
        hidden("razorpay_order_id", order.id),
        hidden("razorpay_signature", signPayment(order.id, paymentId)),
        `<button type="submit">Pay</button></form>`,
        `<form method="post" action="/_standin/checkout/fail?callback=${escapeHtml(callback)}">`,
        ...Object.entries(failure).map(([fieldName, value]) => hidden(fieldName, value)),
        `<button type="submit" class="fail">Fail</button></form>`,
        cancelUrl ? `<p><a href="${escapeHtml(cancelUrl)}">Cancel</a></p>` : "",
        `<p class="note">Local Razorpay stand-in: no money moves.</p>`,
      ].join("\n"),
    );
  }

  /** The checkout a Pay or Fail form belongs to, if the form is one the stand-in showed, unused. */
  function checkoutOf(paymentId: string, orderId: string, callback: string | null): Checkout | Page {
    const checkout = checkouts.get(paymentId);
    if (!checkout || checkout.orderId !== orderId) return refusedPage("This payment was not started here.");
    // Only the callback given with the checkout is ever a redirect target.
    if (callback !== checkout.callbackUrl) return refusedPage("The callback does not match the checkout's.");
    if (checkout.used) return refusedPage("This payment has already been submitted.");
    checkout.used = true;
    return checkout;
  }

  function pay(form: URLSearchParams, callback: string | null): Page {
    const paymentId = form.get("razorpay_payment_id") ?? "";
    const orderId = form.get("razorpay_order_id") ?? "";
    const signature = form.get("razorpay_signature") ?? "";
    if (!sameText(signature, signPayment(orderId, paymentId))) {
      return refusedPage("The payment signature does not match.");
    }
    const checkout = checkoutOf(paymentId, orderId, callback);
    if ("status" in checkout) return checkout;
    const order = findOrder(orderId);
    if (!order) return refusedPage("There is no such order.");
    if (order.status === "paid") return refusedPage("This order has already been paid");
    const payment = recordPayment(order, { id: paymentId, ...checkout });
    emit("payment.captured", { payment: { entity: payment } });
    emit("order.paid", { payment: { entity: payment }, order: { entity: order } });
    return { status: 307, location: checkout.callbackUrl, html: "" };
  }

  function fail(form: URLSearchParams, callback: string | null): Page {
    let metadata: unknown;
    try {
      metadata = JSON.parse(form.get("error[metadata]") ?? "");
    } catch {
      return refusedPage("The failure is not one this checkout showed.");
    }
    const { payment_id: paymentId, order_id: orderId } = (metadata ?? {}) as Record<string, unknown>;
    if (typeof paymentId !== "string" || typeof orderId !== "string") {
      return refusedPage("The failure is not one this checkout showed.");
    }
    const checkout = checkoutOf(paymentId, orderId, callback);
    if ("status" in checkout) return checkout;
    const order = findOrder(orderId);
    if (!order) return refusedPage("There is no such order.");
    if (order.status === "paid") return refusedPage("This order has already been paid");
    const failure = form.get("error[description]") || BANK_DECLINED;
    const payment = recordPayment(order, { id: paymentId, failure, ...checkout });
    emit("payment.failed", { payment: { entity: payment } });
    return { status: 307, location: checkout.callbackUrl, html: "" };
  }

  // --- HTTP -----------------------------------------------------------------------------------

  function authorized(request: IncomingMessage): boolean {
    const [scheme, encoded] = (request.headers.authorization ?? "").split(" ");
    if (scheme?.toLowerCase() !== "basic" || !encoded) return false;
    return sameText(Buffer.from(encoded, "base64").toString("utf8"), `${options.keyId}:${options.keySecret}`);
  }

  function hold(): Promise<void> {
    if (delayMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        heldAnswers.delete(timer);
        resolve();
      }, delayMs);
      heldAnswers.set(timer, resolve);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const url = new URL(request.url ?? "/", `http://${HOST}`);
    const path = url.pathname.replace(/\/+$/, "");
    const method = request.method ?? "GET";
    const checkoutRoutes: Record<string, (form: URLSearchParams) => Page> = {
      "/v1/checkout/embedded": checkoutPage,
      "/_standin/checkout/pay": (form) => pay(form, url.searchParams.get("callback")),
      "/_standin/checkout/fail": (form) => fail(form, url.searchParams.get("callback")),
    };
    const checkoutRoute = method === "POST" ? checkoutRoutes[path] : undefined;
    if (checkoutRoute) return sendPage(response, checkoutRoute(new URLSearchParams(raw ?? "")));
    let answer: Answer;
    if (raw === undefined) {
      answer = errorAnswer(400, "NA", "The request body is too large");
    } else if (!path.startsWith("/v1/")) {
      answer = notFound();
    } else if (!authorized(request)) {
      answer = errorAnswer(401, "NA", "Authentication failed");
    } else {
      answer = api(method, path, url.searchParams, raw) ?? notFound();
    }
    await hold();
    sendJson(response, answer);
  }

  let port = options.port ?? 0;
  let server: Server | undefined;

  async function start() {
    if (server) return;
    if (closed) throw new Error("The Razorpay stand-in was closed");
    const listening = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (!response.headersSent && !response.destroyed) {
          sendJson(response, errorAnswer(500, "NA", `The stand-in failed: ${describe(error)}`));
        }
      });
    });
    listening.on("clientError", (_error, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, HOST, () => {
        listening.off("error", reject);
        port = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
    server = listening;
  }

  async function stop() {
    const listening = server;
    if (!listening) return;
    server = undefined;
    // Answers held by delay() go nowhere: their connections are ended below.
    for (const [timer, release] of heldAnswers) {
      clearTimeout(timer);
      release();
    }
    heldAnswers.clear();
    await new Promise<void>((resolve) => {
      listening.close(() => resolve());
      listening.closeAllConnections();
    });
  }

  await start();

  return {
    url: `http://${HOST}:${port}`,
    port,
    orders,
    payments,
    refunds,
    webhooks,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setWebhooks(enabled) {
      webhooksOn = enabled;
    },
    delay(ms) {
      delayMs = ms;
    },
    capture(orderId) {
      return recordPayment(orderFor(orderId), {});
    },
    failPayment(orderId, description = BANK_DECLINED) {
      return recordPayment(orderFor(orderId), { failure: description });
    },
    async sendWebhook(event, payload) {
      if (!webhookUrl) throw new Error("No webhook URL is set (setWebhookUrl)");
      return deliver(signedDelivery(event, payload, webhookUrl));
    },
    async resend(eventId) {
      const earlier = webhooks.find((delivery) => delivery.eventId === eventId);
      if (!earlier) throw new Error(`No webhook ${eventId} was sent`);
      if (!webhookUrl) throw new Error("No webhook URL is set (setWebhookUrl)");
      const { event, body, signature } = earlier;
      return deliver({ eventId, event, url: webhookUrl, body, signature });
    },
    waitForWebhooks(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const sent = webhooks.map((delivery) => `${delivery.event} (${delivery.status ?? "in flight"})`);
          reject(
            new Error(
              `Not ${count} webhooks finished within ${timeoutMs} ms; sent: ${sent.join(", ") || "none"}`,
            ),
          );
        }, timeoutMs);
        const waiter: Waiter = {
          check() {
            if (
              webhooks.length < count ||
              webhooks.slice(0, count).some((delivery) => delivery.status === undefined)
            ) {
              return;
            }
            waiters.delete(waiter);
            clearTimeout(timer);
            resolve(webhooks);
          },
          reject(error) {
            waiters.delete(waiter);
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
        waiter.check();
      });
    },
    signPayment,
    stop,
    start,
    async close() {
      closed = true;
      await stop();
      closing.abort(new Error("The Razorpay stand-in was closed"));
      await queue;
      for (const waiter of waiters) waiter.reject(new Error("The Razorpay stand-in was closed"));
    },
  };
}

// --- Helpers with no state ---------------------------------------------------------------------

type Page = { status: number; html: string; location?: string };

function hmac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("hex");
}

/** Compares in constant time. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's ids: a prefix and 14 letters and digits. */
function newId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < 14; i += 1) id += ID_CHARACTERS[randomInt(ID_CHARACTERS.length)];
  return id;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

function ok(body: unknown): Answer {
  return { status: 200, body };
}

function errorAnswer(status: number, source: "business" | "NA", description: string, field?: string): Answer {
  const business = source === "business";
  return {
    status,
    body: {
      error: {
        code: "BAD_REQUEST_ERROR",
        description,
        source,
        step: business ? "payment_initiation" : "NA",
        reason: business ? "input_validation_failed" : "NA",
        metadata: {},
        ...(field ? { field } : {}),
      },
    },
  };
}

function badRequest(description: string, field?: string): Answer {
  return errorAnswer(400, "business", description, field);
}

/** Razorpay answers 400, not 404, for an id it does not know. */
function missing(): Answer {
  return badRequest("The id provided does not exist");
}

function notFound(): Answer {
  return errorAnswer(404, "NA", "The requested URL was not found on the server.");
}

function collectionOf(items: unknown[]) {
  return { entity: "collection", count: items.length, items };
}

/** A page of a list (given newest first, as Razorpay lists): `count` (default 10, at most 100) after `skip`. */
function list(items: unknown[], query: URLSearchParams) {
  const count = Math.min(Math.max(Number(query.get("count") ?? 10) || 10, 1), 100);
  const skip = Math.max(Number(query.get("skip") ?? 0) || 0, 0);
  return collectionOf(items.slice(skip, skip + count));
}

function jsonObject(raw: string): { value: Record<string, unknown> } | Answer {
  if (raw.trim() === "") return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return errorAnswer(400, "NA", "The request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return badRequest("The request body must be a JSON object");
  }
  return { value: value as Record<string, unknown> };
}

function extraFields(body: Record<string, unknown>, allowed: string[]): Answer | undefined {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  if (extra.length === 0) return undefined;
  return badRequest(`${extra.join(", ")} is/are not required and should not be sent`, extra[0]);
}

function checkAmount(amount: unknown, required: boolean): Answer | undefined {
  if (amount === undefined)
    return required ? badRequest("The amount field is required.", "amount") : undefined;
  if (typeof amount !== "number" || !Number.isInteger(amount)) {
    return badRequest("The amount must be an integer.", "amount");
  }
  if (amount < 100) return badRequest("The amount must be atleast INR 1.00.", "amount");
  return undefined;
}

function checkCurrency(currency: unknown): Answer | undefined {
  if (currency === undefined) return badRequest("The currency field is required.", "currency");
  if (currency !== "INR") return badRequest("Currency is not supported", "currency");
  return undefined;
}

function checkReceipt(receipt: unknown): Answer | undefined {
  if (receipt === undefined) return undefined;
  if (typeof receipt !== "string") return badRequest("The receipt must be a string.", "receipt");
  if (receipt.length > 40) return badRequest("The receipt may not be greater than 40 characters.", "receipt");
  return undefined;
}

function checkNotes(notes: unknown): Answer | undefined {
  if (notes === undefined) return undefined;
  if (Array.isArray(notes) && notes.length === 0) return undefined;
  if (typeof notes !== "object" || notes === null || Array.isArray(notes)) {
    return badRequest("The notes must be an object of keys and values.", "notes");
  }
  const entries = Object.entries(notes);
  if (entries.length > 15) return badRequest("Number of notes keys should not exceed 15", "notes");
  for (const [, value] of entries) {
    if (value !== null && !["string", "number", "boolean"].includes(typeof value)) {
      return badRequest("The notes values must be strings.", "notes");
    }
    if (String(value).length > 256) {
      return badRequest("Notes value length should not exceed 256 characters", "notes");
    }
  }
  return undefined;
}

function toNotes(notes: unknown): Notes {
  if (typeof notes !== "object" || notes === null || Array.isArray(notes)) return [];
  return Object.keys(notes).length > 0 ? { ...(notes as Record<string, string>) } : [];
}

function isWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol } = new URL(text);
  return protocol === "http:" || protocol === "https:";
}

/** Rupees from paise with Indian grouping: 12345678 -> "₹1,23,456.78". */
function rupees(paise: number): string {
  const whole = Math.floor(paise / 100).toString();
  const fraction = String(paise % 100).padStart(2, "0");
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `₹${head ? `${head},` : ""}${whole.slice(-3)}.${fraction}`;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function page(status: number, content: string): Page {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Razorpay stand-in checkout</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #f3f5f9; color: #1b2433; }
main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem;
  box-shadow: 0 2px 12px rgb(0 0 0 / 0.08); }
h1 { font-size: 1.3rem; margin: 0 0 0.5rem; }
.amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1.5rem; }
dt { color: #5b6576; } dd { margin: 0; overflow-wrap: anywhere; }
form { display: inline; }
button { font: inherit; padding: 0.7rem 1.6rem; margin: 0 0.5rem 0.75rem 0; border: 0; border-radius: 0.5rem;
  background: #2b6ef5; color: #fff; cursor: pointer; }
button.fail { background: #c9372c; }
a { color: #2b6ef5; }
.note { color: #5b6576; font-size: 0.875rem; border-top: 1px solid #e3e7ee; padding-top: 0.75rem; }
</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
  return { status, html };
}

function refusedPage(message: string): Page {
  return page(
    400,
    `<h1>Payment not possible</h1>\n<p>${escapeHtml(message)}</p>\n<p class="note">Local Razorpay stand-in: no money moves.</p>`,
  );
}

/** The body as text, or undefined past MAX_BODY_BYTES. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString("utf8");
}

function sendJson(response: ServerResponse, answer: Answer) {
  if (response.destroyed) return;
  const body = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
}

function sendPage(response: ServerResponse, answer: Page) {
  if (answer.location) {
    // 307, not 303: the browser posts the very same form fields on to the merchant's callback.
    response.writeHead(307, { Location: answer.location, "Content-Length": 0 });
    response.end();
    return;
  }
  response.writeHead(answer.status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(answer.html),
    "Cache-Control": "no-store",
  });
  response.end(answer.html);
}
