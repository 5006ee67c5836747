// Issue 19 point 5: one page per application, demo request, teacher application and order, with
// its history (who, when, from, to) and staff's notes. The pages' loaders and actions are called
// as Remix calls them, with a request context for an ADMIN, a USER or nobody; order status moves
// are driven through the services a payment callback, a webhook and a refund use.
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/domain/limits";
import type { RecordType } from "~/domain/statuses";
import * as applicationPage from "~/routes/admin.applications_.$id";
import * as demoPage from "~/routes/admin.demos_.$id";
import * as orderPage from "~/routes/admin.orders.$id";
import * as teacherPage from "~/routes/admin.teacher-applications.$id._index";
import type { SessionUser } from "~/services/auth.server";
import type { GatewayPayment, PaymentGateway } from "~/services/payments/gateway.server";
import { recordEvents } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { multipart, validApplication, validDemo, validEnrollment, validTeacher } from "./helpers";

/**
 * A gateway that answers later, as Razorpay does: its orders wait for a callback, a webhook or the
 * query API; a signature is "valid" or not; refunds are processed at once.
 */
const captured = new Map<string, GatewayPayment[]>();
let refunds = 0;
const laterGateway: PaymentGateway = {
  name: "later",
  checkoutOrigin: "https://checkout.example",
  startPayment: async ({ orderId }) => ({
    status: "PENDING",
    gatewayOrderId: `order_${orderId.slice(0, 8)}`,
  }),
  checkoutForm: () => ({ action: "https://checkout.example/pay", method: "POST", fields: {} }),
  verifyPaymentSignature: (_order, _payment, signature) => signature === "valid",
  verifyWebhookSignature: (_body, signature) => signature === "valid",
  paymentsOf: async (gatewayOrderId) => captured.get(gatewayOrderId) ?? [],
  refund: async (paymentId, amountPaise) => {
    refunds += 1;
    return { id: `rfnd_${refunds}`, paymentId, amountPaise, status: "processed" };
  },
};

let app: TestApp;
let admin: SessionUser & { token: string };
let otherAdmin: SessionUser & { token: string };
let parent: SessionUser;

beforeAll(async () => {
  app = await startTestApp({ gateway: laterGateway });
  const staff = async () => {
    const { user, token } = await app.createUser("ADMIN");
    return { ...(await app.services.auth.authenticate(token))!, name: user.name, token };
  };
  admin = await staff();
  otherAdmin = await staff();
  parent = (await app.services.auth.authenticate((await app.createUser("USER")).token))!;
});
afterAll(async () => {
  await app?.close();
});

// --- Calling the pages as Remix does ------------------------------------------------------------

const reported: unknown[] = [];
function contextFor(user: SessionUser | null): AppLoadContext {
  return {
    services: app.services,
    user,
    // The staff pages called here never read the family records' owner.
    owner: null,
    requestId: "test",
    clientIp: "127.0.0.1",
    language: "en",
    suggestHindi: false,
    reportError: (error: unknown) => void reported.push(error),
    reportClientError: (status: number, reason: string) => void reported.push({ status, reason }),
    databaseUnavailable: () => false,
    addResponseHeaders: () => undefined,
    cspNonce: "",
    formStamp: "",
    publicAnswer: null,
    session: { signIn: () => "", signOut: () => "", end: async () => "" },
    flash: {
      message: null,
      set: async (flash) => `flash=${encodeURIComponent(JSON.stringify(flash))}`,
      clear: async () => "",
    },
  };
}

type Page = { loader: typeof applicationPage.loader; action: typeof applicationPage.action };
const PAGES: Record<Exclude<RecordType, "USER" | "GRADE">, { page: Page; path: string }> = {
  APPLICATION: { page: applicationPage, path: "/admin/applications" },
  DEMO_REQUEST: { page: demoPage as unknown as Page, path: "/admin/demos" },
  TEACHER_APPLICATION: { page: teacherPage as unknown as Page, path: "/admin/teacher-applications" },
  ORDER: { page: orderPage as unknown as Page, path: "/admin/orders" },
};

/** What a loader or action threw or answered: a redirect, a 4xx with its data, or the loaded data. */
async function settle(run: () => Promise<unknown>) {
  try {
    const answer = await run();
    if (answer instanceof Response)
      return { status: answer.status, location: answer.headers.get("location") };
    const shaped = answer as { type?: string; data?: unknown; init?: { status?: number } };
    if (shaped?.type === "DataWithResponseInit")
      return { status: shaped.init?.status ?? 200, data: shaped.data as Record<string, unknown> };
    return { status: 200, data: answer as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const shaped = thrown as { type?: string; data?: unknown; init?: { status?: number } };
    if (shaped?.type === "DataWithResponseInit")
      return { status: shaped.init?.status ?? 500, data: shaped.data };
    throw thrown;
  }
}

function load(kind: keyof typeof PAGES, id: string | number, user: SessionUser | null = admin) {
  const { page, path } = PAGES[kind];
  const request = new Request(`http://localhost:3000${path}/${id}`);
  return settle(() => page.loader({ request, context: contextFor(user), params: { id: String(id) } }));
}

function post(
  kind: keyof typeof PAGES,
  id: string | number,
  fields: Record<string, string>,
  user: SessionUser | null = admin,
) {
  const { page, path } = PAGES[kind];
  const request = new Request(`http://localhost:3000${path}/${id}`, {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return settle(() => page.action({ request, context: contextFor(user), params: { id: String(id) } }));
}

type Listed = {
  kind: string;
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
};
const historyOf = async (kind: keyof typeof PAGES, id: string | number) => {
  const loaded = await load(kind, id);
  expect(loaded.status).toBe(200);
  const data = loaded.data as { history?: Listed[]; changes?: Listed[] };
  return (data.history ?? data.changes)!.map(({ kind: what, actorName, fromStatus, toStatus, note }) => ({
    kind: what,
    actorName,
    fromStatus,
    toStatus,
    note,
  }));
};

const storedEvents = (recordType: RecordType, id: string | number) =>
  app.db
    .select({ kind: recordEvents.kind, actorId: recordEvents.actorId, toStatus: recordEvents.toStatus })
    .from(recordEvents)
    .where(and(eq(recordEvents.recordType, recordType), eq(recordEvents.recordId, String(id))))
    .orderBy(recordEvents.id);

// --- Records -----------------------------------------------------------------------------------

const newApplication = async () =>
  (await app.api("/applications", { method: "POST", json: validApplication() })).body.id as number;
const newDemo = async () =>
  (await app.api("/demos", { method: "POST", json: validDemo() })).body.id as number;
const newTeacher = async () =>
  (await app.api("/teacher-applications", { method: "POST", form: multipart(validTeacher()) })).body
    .id as number;
/** An order waiting at the gateway (CREATED), with its link token for the callback. */
async function newOrder() {
  const created = await app.api("/tuition/create-order", { method: "POST", json: validEnrollment() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const order = await app.services.orders.get(created.body.order.id);
  const token = new URL(created.body.payment.payUrl).pathname.split("/")[2]!;
  return { id: order.id, gatewayOrderId: order.gatewayOrderId!, token };
}
const NEW = {
  APPLICATION: newApplication,
  DEMO_REQUEST: newDemo,
  TEACHER_APPLICATION: newTeacher,
  ORDER: async () => (await newOrder()).id,
};

// --- Tests -------------------------------------------------------------------------------------

describe("a record's page shows its history, newest first, with who did what", () => {
  it.each([
    { kind: "APPLICATION" as const, api: "/applications", from: "PENDING", to: ["CONTACTED", "APPROVED"] },
    { kind: "DEMO_REQUEST" as const, api: "/demos", from: "PENDING", to: ["CONTACTED", "COMPLETED"] },
    {
      kind: "TEACHER_APPLICATION" as const,
      api: "/teacher-applications",
      from: "NEW",
      to: ["SHORTLISTED", "HIRED"],
    },
  ])("$kind: a change through /api and one from the page", async ({ kind, api, from, to }) => {
    const id = await NEW[kind]();
    const untouched = await NEW[kind]();
    expect((await historyOf(kind, id)).length).toBe(0);

    const patched = await app.api(`${api}/${id}`, {
      method: "PATCH",
      token: admin.token,
      json: { status: to[0] },
    });
    expect(patched.status).toBe(200);
    // The page's status control posts the row's id and the status; it comes back to the page.
    const changed = await post(kind, id, { id: String(id), status: to[1]! }, otherAdmin);
    expect(changed).toMatchObject({ status: 302, location: `${PAGES[kind].path}/${id}` });
    // The same status again is no change: nothing more is written.
    expect((await post(kind, id, { id: String(id), status: to[1]! }, otherAdmin)).status).toBe(302);

    expect(await historyOf(kind, id)).toEqual([
      { kind: "STATUS_CHANGED", actorName: otherAdmin.name, fromStatus: to[0], toStatus: to[1], note: null },
      { kind: "STATUS_CHANGED", actorName: admin.name, fromStatus: from, toStatus: to[0], note: null },
    ]);
    expect(await historyOf(kind, untouched)).toEqual([]);
  });

  it("shows every field the list has no room for: consent, the age check, the CV", async () => {
    const application = await load("APPLICATION", await newApplication());
    expect((application.data as { record: unknown }).record).toMatchObject({
      studentName: "Asha Verma",
      ageCheckFailed: false,
      ageCheck: { fits: true },
      noticeVersion: expect.any(String),
      consentAt: expect.any(Date),
    });
    const teacher = await load("TEACHER_APPLICATION", await newTeacher());
    expect((teacher.data as { record: unknown }).record).toMatchObject({
      message: validTeacher().message,
      cvFileName: null,
      consentAt: expect.any(Date),
    });
  });

  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    "%s: an unknown or malformed id is the page's 404, for the page and its action",
    async (kind) => {
      const unknown = kind === "ORDER" ? "00000000-0000-4000-8000-000000000000" : "999999";
      for (const id of [unknown, "abc", "1.5"]) {
        expect((await load(kind, id)).status, `${kind} ${id}`).toBe(404);
        expect((await post(kind, id, { intent: "note", note: "Lost?" })).status, `${kind} ${id}`).toBe(404);
      }
      expect(await storedEvents(kind, unknown)).toEqual([]);
    },
  );
});

describe("notes", () => {
  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    "%s: a note is kept with its author, on that record only; bad ones are refused with the text kept",
    async (kind) => {
      const id = await NEW[kind]();
      const other = await NEW[kind]();

      const added = await post(kind, id, {
        intent: "note",
        note: "  Called the parent; call back Monday.\r\n",
      });
      expect(added).toMatchObject({ status: 302, location: `${PAGES[kind].path}/${id}` });
      const html = "<b>html</b> & <script>alert(1)</script>";
      expect((await post(kind, id, { intent: "note", note: html }, otherAdmin)).status).toBe(302);

      const tooLong = "x".repeat(LIMITS.note + 1);
      for (const [note, message] of [
        ["", "Write the note before adding it."],
        [" \n\t ", "Write the note before adding it."],
        [tooLong, `Keep the note under ${LIMITS.note} characters.`],
        ["Hidden\u202Etext", "contains a character that is not allowed"],
      ] as const) {
        const refused = await post(kind, id, { intent: "note", note });
        expect(refused.status, JSON.stringify(note.slice(0, 20))).toBe(400);
        const failure = refused.data as { errors: Record<string, string[]>; values: Record<string, string> };
        expect(failure.errors.note?.[0]).toContain(message);
        expect(failure.values).toEqual({ intent: "note", note });
      }
      // Right at the limit is fine.
      expect((await post(kind, id, { intent: "note", note: "y".repeat(LIMITS.note) })).status).toBe(302);

      const notes = (await historyOf(kind, id)).filter((event) => event.kind === "NOTE");
      expect(notes).toEqual([
        {
          kind: "NOTE",
          actorName: admin.name,
          fromStatus: null,
          toStatus: null,
          note: "y".repeat(LIMITS.note),
        },
        // Kept exactly as typed: the page shows it as text (tests/e2e/admin-record-details.test.ts).
        { kind: "NOTE", actorName: otherAdmin.name, fromStatus: null, toStatus: null, note: html },
        {
          kind: "NOTE",
          actorName: admin.name,
          fromStatus: null,
          toStatus: null,
          note: "Called the parent; call back Monday.",
        },
      ]);
      expect((await historyOf(kind, other)).filter((event) => event.kind === "NOTE")).toEqual([]);
    },
  );

  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    "%s: a USER or a visitor cannot see the page nor add a note",
    async (kind) => {
      const id = await NEW[kind]();
      for (const user of [parent, null]) {
        const page = await load(kind, id, user);
        expect(page.status).toBe(302);
        expect(page.location).toBe(`/login?redirectTo=${encodeURIComponent(`${PAGES[kind].path}/${id}`)}`);
        const note = await post(kind, id, { intent: "note", note: "Intruder" }, user);
        expect(note.status).toBe(302);
        expect(note.location).toMatch(/^\/login\?redirectTo=/);
      }
      expect(await storedEvents(kind, id)).toEqual([]);
    },
  );
});

describe("an order's status moves are written in its history, by the site or the staff member", () => {
  const webhook = (event: string, payment: Record<string, unknown>, eventId: string) =>
    app.services.payments.handleWebhook(
      Buffer.from(JSON.stringify({ event, payload: { payment: { entity: payment } } })),
      "valid",
      eventId,
    );
  const payment = (gatewayOrderId: string, id: string, status = "captured") => ({
    id,
    order_id: gatewayOrderId,
    amount: 1_500_000,
    currency: "INR",
    status,
    error_description: status === "failed" ? "The bank declined it." : null,
  });

  it("a paid callback writes CREATED → PAID once; a repeat writes nothing", async () => {
    const order = await newOrder();
    const report = { paymentId: "pay_callback1", gatewayOrderId: order.gatewayOrderId, signature: "valid" };
    await app.services.orders.confirmPayment(order.token, report);
    await app.services.orders.confirmPayment(order.token, report);
    expect(await storedEvents("ORDER", order.id)).toEqual([
      { kind: "STATUS_CHANGED", actorId: null, toStatus: "PAID" },
    ]);
    expect(await historyOf("ORDER", order.id)).toEqual([
      { kind: "STATUS_CHANGED", actorName: null, fromStatus: "CREATED", toStatus: "PAID", note: null },
    ]);
  });

  it("webhooks: a failure, a second failure, then a capture (and its replay and a late failure)", async () => {
    const order = await newOrder();
    // The fee as the grade's price: read from the order, as the gateway would report it.
    const amount = (await app.services.orders.get(order.id)).amount;
    const fails = (id: string) => ({ ...payment(order.gatewayOrderId, id, "failed"), amount });
    await webhook("payment.failed", fails("pay_f1"), "evt_f1");
    await webhook("payment.failed", fails("pay_f2"), "evt_f2");
    const paid = { ...payment(order.gatewayOrderId, "pay_ok"), amount };
    expect((await webhook("payment.captured", paid, "evt_ok")).result).toBe("applied");
    expect((await webhook("payment.captured", paid, "evt_ok")).result).toBe("replay");
    await webhook("order.paid", paid, "evt_ok2");
    await webhook("payment.failed", fails("pay_f3"), "evt_f3");
    expect(await historyOf("ORDER", order.id)).toEqual([
      { kind: "STATUS_CHANGED", actorName: null, fromStatus: "FAILED", toStatus: "PAID", note: null },
      { kind: "STATUS_CHANGED", actorName: null, fromStatus: "CREATED", toStatus: "FAILED", note: null },
    ]);
  });

  it("the query API (staff's check, reconciliation) writes the move it finds, once", async () => {
    const order = await newOrder();
    const amount = (await app.services.orders.get(order.id)).amount;
    captured.set(order.gatewayOrderId, [
      {
        id: "pay_found",
        gatewayOrderId: order.gatewayOrderId,
        amountPaise: amount,
        currency: "INR",
        status: "captured",
        reason: null,
      },
    ]);
    await app.services.orders.checkWithGateway(order.id);
    await app.services.orders.checkWithGateway(order.id);
    expect(await storedEvents("ORDER", order.id)).toEqual([
      { kind: "STATUS_CHANGED", actorId: null, toStatus: "PAID" },
    ]);
  });

  it("refunds from the order's page are the admin's: PAID → PARTIALLY_REFUNDED → REFUNDED, a repeat nothing", async () => {
    const order = await newOrder();
    await app.services.orders.confirmPayment(order.token, {
      paymentId: "pay_refunded",
      gatewayOrderId: order.gatewayOrderId,
      signature: "valid",
    });
    const { amount } = await app.services.orders.get(order.id);
    const refund = (rupees: number, key: string, user: SessionUser = admin) =>
      post(
        "ORDER",
        order.id,
        { intent: "refund", amount: String(rupees), reason: "Family moved away", requestKey: key },
        user,
      );
    expect(await refund(1000, "refund-key-0000000001")).toMatchObject({ status: 302 });
    // The same form again is the same refund: no second move.
    expect(await refund(1000, "refund-key-0000000001")).toMatchObject({ status: 302 });
    // A second partial refund leaves it PARTIALLY_REFUNDED: nothing to write.
    expect(await refund(500, "refund-key-0000000002")).toMatchObject({ status: 302 });
    const rest = (amount - 150_000) / 100;
    expect(await refund(rest, "refund-key-0000000003", otherAdmin)).toMatchObject({ status: 302 });
    expect(await historyOf("ORDER", order.id)).toEqual([
      {
        kind: "STATUS_CHANGED",
        actorName: otherAdmin.name,
        fromStatus: "PARTIALLY_REFUNDED",
        toStatus: "REFUNDED",
        note: null,
      },
      {
        kind: "STATUS_CHANGED",
        actorName: admin.name,
        fromStatus: "PAID",
        toStatus: "PARTIALLY_REFUNDED",
        note: null,
      },
      { kind: "STATUS_CHANGED", actorName: null, fromStatus: "CREATED", toStatus: "PAID", note: null },
    ]);
  });

  it("a refund made on the gateway's dashboard (webhook) is the site's", async () => {
    const order = await newOrder();
    await app.services.orders.confirmPayment(order.token, {
      paymentId: "pay_dashboard",
      gatewayOrderId: order.gatewayOrderId,
      signature: "valid",
    });
    const { amount } = await app.services.orders.get(order.id);
    const body = {
      event: "refund.processed",
      payload: {
        payment: { entity: { ...payment(order.gatewayOrderId, "pay_dashboard"), amount } },
        refund: { entity: { id: "rfnd_dash", payment_id: "pay_dashboard", amount, status: "processed" } },
      },
    };
    const send = () =>
      app.services.payments.handleWebhook(Buffer.from(JSON.stringify(body)), "valid", "evt_dash");
    expect((await send()).result).toBe("applied");
    expect((await send()).result).toBe("replay");
    expect((await historyOf("ORDER", order.id))[0]).toEqual({
      kind: "STATUS_CHANGED",
      actorName: null,
      fromStatus: "PAID",
      toStatus: "REFUNDED",
      note: null,
    });
    expect(await storedEvents("ORDER", order.id)).toHaveLength(2);
  });
});
