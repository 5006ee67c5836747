import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { gradeFeeAnswer, orderAnswer, paymentStepAnswer } from "~/api/schemas.server";
import { DEFAULT_FEE_RUPEES, GRADES } from "~/domain/grades";
import { createTestGateway, type PaymentGateway } from "~/services/payments/gateway.server";
import { grades, orders } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { BAD_MOBILES, expectError, expectOk, GOOD_MOBILES, rowCount, validEnrollment } from "./helpers";

/** The test gateway, switchable per test to decline, to throw, or to answer later (PENDING). */
let gatewayMode: "pay" | "decline" | "throw" | "pending" = "pay";
const realGateway = createTestGateway();
const gateway: PaymentGateway = {
  ...realGateway,
  name: "switchable",
  async startPayment(request) {
    if (gatewayMode === "decline")
      return { status: "FAILED", gatewayOrderId: "gw_declined", reason: "Card declined" };
    if (gatewayMode === "throw") throw new Error("Gateway unreachable");
    if (gatewayMode === "pending")
      return { status: "PENDING", gatewayOrderId: `gw_pending_${request.orderId}` };
    return realGateway.startPayment(request);
  },
};

let app: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  app = await startTestApp({ gateway });
  admin = (await app.createUser("ADMIN")).token;
  user = (await app.createUser("USER")).token;
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  gatewayMode = "pay";
});

/** The create-order answer: `{ order }`, as the route table declares. */
const orderWrapper = z.object({ order: orderAnswer, payment: paymentStepAnswer });
const createOrder = (json: unknown) => app.api("/tuition/create-order", { method: "POST", json });
const storedOrder = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0];

describe("GET /grades", () => {
  it("answers every grade in teaching order with the default fee of 15000 rupees", async () => {
    const list = expectOk(await app.api("/grades"), 200, gradeFeeAnswer.array());
    expect(list.map((row) => row.grade)).toEqual([...GRADES]);
    expect(list[0]!.grade).toBe("Nursery");
    expect(list.at(-1)!.grade).toBe("Grade 8");
    expect(list.every((row) => row.fee === 15000)).toBe(true);
    expect(DEFAULT_FEE_RUPEES).toBe(15000);
  });
});

describe("POST /tuition/create-order (public)", () => {
  it("stores a PAID order and answers 201 {order} with a uuid, the amount in paise and a transaction id", async () => {
    const json = { ...validEnrollment(), amount: 15000 };
    const answer = await createOrder(json);
    const { order } = expectOk(answer, 201, orderWrapper);
    expect(order.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(order).toMatchObject({
      studentName: "Diya Shah",
      parentName: "Neel Shah",
      grade: "Grade 5",
      email: "neel.shah@example.com",
      mobile: "+918765432109",
      amount: 1_500_000,
      currency: "INR",
      status: "PAID",
    });
    expect(order.transactionId).toMatch(/^TXN-/);
    expect(order.paidAt).not.toBeNull();
    const row = await storedOrder(order.id);
    expect(row).toMatchObject({
      amount: 1_500_000,
      status: "PAID",
      transactionId: order.transactionId,
      mobile: "+918765432109",
      gateway: "switchable",
    });
    expect(row!.gatewayOrderId).toBeTruthy();
    expect(row!.gatewayPaymentId).toBeTruthy();
    // Gateway internals are stored but never answered.
    expect(answer.body.order).not.toHaveProperty("gatewayOrderId");
    expect(answer.body.order).not.toHaveProperty("failureReason");
  });

  it("gives every order its own id and transaction id", async () => {
    const first = expectOk(await createOrder(validEnrollment()), 201, orderWrapper).order;
    const second = expectOk(await createOrder(validEnrollment()), 201, orderWrapper).order;
    expect(first.id).not.toBe(second.id);
    expect(first.transactionId).not.toBe(second.transactionId);
  });

  it("works without an amount: the grade's fee decides", async () => {
    const { order } = expectOk(await createOrder(validEnrollment()), 201, orderWrapper);
    expect(order.amount).toBe(1_500_000);
  });

  it.each([["15000"], [" 15000 "], ["15000.00"], [15000.0]])(
    "accepts the amount %j (rupees, number or numeric string)",
    async (amount) => {
      const { order } = expectOk(await createOrder({ ...validEnrollment(), amount }), 201, orderWrapper);
      expect(order.amount).toBe(1_500_000);
    },
  );

  it("charges the grade's current fee when staff change it", async () => {
    await app.db.update(grades).set({ fee: 18000 }).where(eq(grades.name, "Grade 8"));
    // Written past the services (fees have no write method yet), so the public cache is told.
    app.services.publicData.invalidate();
    try {
      const { order } = expectOk(
        await createOrder({ ...validEnrollment(), grade: "Grade 8", amount: 18000 }),
        201,
        orderWrapper,
      );
      expect(order.amount).toBe(1_800_000);
      expectError(await createOrder({ ...validEnrollment(), grade: "Grade 8", amount: 15000 }), 400, [
        "amount",
      ]);
      const listed = expectOk(await app.api("/grades"), 200, gradeFeeAnswer.array());
      expect(listed.find((row) => row.grade === "Grade 8")!.fee).toBe(18000);
    } finally {
      await app.db.update(grades).set({ fee: 15000 }).where(eq(grades.name, "Grade 8"));
      app.services.publicData.invalidate();
    }
  });

  it.each([
    ["a lower amount", 14999],
    ["a higher amount", 15001],
    ["the amount in paise", 1_500_000],
    ["a fraction", 15000.5],
    ["a different numeric string", "100"],
  ])("refuses %s with 400 and stores nothing", async (_label, amount) => {
    const before = await rowCount(app, orders);
    const body = expectError(await createOrder({ ...validEnrollment(), amount }), 400, ["amount"]);
    expect(body.message).toContain("15,000");
    expect(await rowCount(app, orders)).toBe(before);
  });

  it.each([["abc"], [-15000], [0], [""], [null], [true], [[15000]], ["15000abc"], ["1e4"]])(
    "refuses the amount %j with 400",
    async (amount) => {
      const before = await rowCount(app, orders);
      expectError(await createOrder({ ...validEnrollment(), amount }), 400, ["amount"]);
      expect(await rowCount(app, orders)).toBe(before);
    },
  );

  it.each(["studentName", "parentName", "mobile", "email", "grade"])("requires %s", async (field) => {
    const before = await rowCount(app, orders);
    const json: Record<string, unknown> = validEnrollment();
    delete json[field];
    expectError(await createOrder(json), 400, [field]);
    expectError(await createOrder({ ...validEnrollment(), [field]: "" }), 400, [field]);
    expect(await rowCount(app, orders)).toBe(before);
  });

  it("refuses bad e-mails, mobiles, grades and long names", async () => {
    const before = await rowCount(app, orders);
    expectError(await createOrder({ ...validEnrollment(), email: "neel@" }), 400, ["email"]);
    for (const mobile of BAD_MOBILES)
      expectError(await createOrder({ ...validEnrollment(), mobile }), 400, ["mobile"]);
    expectError(await createOrder({ ...validEnrollment(), grade: "Grade 9" }), 400, ["grade"]);
    expectError(await createOrder({ ...validEnrollment(), studentName: "s".repeat(101) }), 400, [
      "studentName",
    ]);
    expectError(await createOrder({ ...validEnrollment(), parentName: "p".repeat(101) }), 400, [
      "parentName",
    ]);
    expect(await rowCount(app, orders)).toBe(before);
  });

  it("stores the mobile normalised as +91XXXXXXXXXX", async () => {
    for (const [mobile, normalised] of GOOD_MOBILES.slice(0, 4)) {
      const { order } = expectOk(await createOrder({ ...validEnrollment(), mobile }), 201, orderWrapper);
      expect(order.mobile).toBe(normalised);
      expect((await storedOrder(order.id))!.mobile).toBe(normalised);
    }
  });

  it("ignores unknown fields: the client cannot set the status, id or transaction id", async () => {
    const json = {
      ...validEnrollment(),
      status: "FAILED",
      id: "00000000-0000-4000-8000-000000000000",
      transactionId: "TXN-MINE",
      currency: "USD",
    };
    const { order } = expectOk(await createOrder(json), 201, orderWrapper);
    expect(order).toMatchObject({ status: "PAID", currency: "INR" });
    expect(order.id).not.toBe(json.id);
    expect(order.transactionId).not.toBe("TXN-MINE");
  });

  it("answers malformed JSON with 400 and stores nothing", async () => {
    const before = await rowCount(app, orders);
    const answer = await app.api("/tuition/create-order", {
      method: "POST",
      body: "{amount:",
      headers: { "content-type": "application/json" },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: "The request body is not valid JSON." } });
    expect(await rowCount(app, orders)).toBe(before);
  });
});

describe("payment failures", () => {
  it("stores a declined payment as FAILED, answers an error and does not list it", async () => {
    gatewayMode = "decline";
    const before = await app.db.select({ id: orders.id }).from(orders);
    const answer = await createOrder({ ...validEnrollment(), studentName: "Declined Child" });
    expectError(answer, 402);
    const [row] = await app.db.select().from(orders).where(eq(orders.studentName, "Declined Child"));
    expect(row).toMatchObject({
      status: "FAILED",
      failureReason: "Card declined",
      transactionId: null,
      paidAt: null,
    });
    expect((await app.db.select({ id: orders.id }).from(orders)).length).toBe(before.length + 1);
    const listed = expectOk(await app.api("/tuition/orders", { token: admin }), 200, orderAnswer.array());
    expect(listed.map((order) => order.id)).not.toContain(row!.id);
  });

  it("stores an order whose gateway throws as FAILED, answers a server error without details and does not list it", async () => {
    gatewayMode = "throw";
    const answer = await createOrder({ ...validEnrollment(), studentName: "Unlucky Child" });
    const body = expectError(answer, 500);
    expect(body.message).not.toContain("Gateway unreachable");
    const [row] = await app.db.select().from(orders).where(eq(orders.studentName, "Unlucky Child"));
    expect(row).toMatchObject({
      status: "FAILED",
      failureReason: "Gateway unreachable",
      transactionId: null,
    });
    const listed = expectOk(await app.api("/tuition/orders", { token: admin }), 200, orderAnswer.array());
    expect(listed.map((order) => order.id)).not.toContain(row!.id);
  });

  it("answers an order still awaiting the gateway as CREATED, and does not list it yet", async () => {
    gatewayMode = "pending";
    const { order, payment } = expectOk(
      await createOrder({ ...validEnrollment(), studentName: "Waiting Child" }),
      201,
      orderWrapper,
    );
    expect(order).toMatchObject({ status: "CREATED", transactionId: null, paidAt: null, amount: 1_500_000 });
    // The payer's page for the order; this gateway has no hosted checkout form.
    expect(payment).toMatchObject({ status: "CREATED", receiptUrl: null, checkout: null, message: null });
    expect(payment.payUrl).toMatch(/\/pay\/[0-9a-f]{64}$/);
    expect((await storedOrder(order.id))!.gatewayOrderId).toBe(`gw_pending_${order.id}`);
    const listed = expectOk(await app.api("/tuition/orders", { token: admin }), 200, orderAnswer.array());
    expect(listed.map((row) => row.id)).not.toContain(order.id);
  });
});

describe("GET /tuition/orders (ADMIN)", () => {
  let paid: string[];
  beforeAll(async () => {
    await app.db.delete(orders);
    paid = [];
    for (const studentName of ["First Paid", "Second Paid", "Third Paid"]) {
      paid.push(
        expectOk(await createOrder({ ...validEnrollment(), studentName }), 201, orderWrapper).order.id,
      );
    }
    // Rows in the other states, written directly: they must never be listed.
    const base = {
      ...validEnrollment(),
      grade: "Grade 1" as const,
      mobile: "+919999999999",
      amount: 1_500_000,
      gateway: "test",
    };
    await app.db.insert(orders).values([
      { ...base, studentName: "Failed One", status: "FAILED", failureReason: "declined" },
      { ...base, studentName: "Created One", status: "CREATED" },
      { ...base, studentName: "Failed Newest", status: "FAILED", createdAt: new Date(Date.now() + 60_000) },
    ]);
  });

  it("lists only PAID orders, newest first", async () => {
    const listed = expectOk(await app.api("/tuition/orders", { token: admin }), 200, orderAnswer.array());
    expect(listed.map((order) => order.id)).toEqual([...paid].reverse());
    expect(listed.every((order) => order.status === "PAID" && order.transactionId !== null)).toBe(true);
    expect(listed.map((order) => order.studentName)).toEqual(["Third Paid", "Second Paid", "First Paid"]);
    expect(await rowCount(app, orders)).toBe(6);
  });

  it("orders by creation time", async () => {
    await app.db
      .update(orders)
      .set({ createdAt: new Date("2022-01-01T00:00:00Z") })
      .where(eq(orders.id, paid[2]!));
    const listed = expectOk(await app.api("/tuition/orders", { token: admin }), 200, orderAnswer.array());
    expect(listed.map((order) => order.id)).toEqual([paid[1], paid[0], paid[2]]);
  });

  it("is for ADMINs only", async () => {
    expectError(await app.api("/tuition/orders"), 401);
    expectError(await app.api("/tuition/orders", { token: user }), 403);
  });
});
