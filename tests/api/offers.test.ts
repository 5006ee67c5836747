import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  gradeSeatsAnswer,
  offerAnswer,
  orderAnswer,
  paymentStepAnswer,
  waitlistPlaceAnswer,
} from "~/api/schemas.server";
import { DEFAULT_SEATS } from "~/domain/seats";
import { z } from "zod";
import {
  applications,
  grades,
  mailOutbox,
  offers,
  orders,
  recordEvents,
  waitlistEntries,
} from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, expectOk, validApplication, validEnrollment } from "./helpers";

/**
 * Issue 38, points 3 to 8: staff offer seats to applications and put them on a waitlist, the
 * family accepts (pays) or declines, the job expires lapsed offers and hands freed seats to the
 * waitlist in order, and every step is in the application's history. The test gateway pays at
 * once, so "Accept and pay" admits the child in one call here (the Razorpay checkout's journey is
 * tests/e2e/offers.test.ts).
 */
let app: TestApp;
let admin: string;
let adminId: number;
let parent: { token: string; id: number; email: string };
let stranger: string;

const acceptAnswer = z.object({ order: orderAnswer, payment: paymentStepAnswer });

beforeAll(async () => {
  app = await startTestApp();
  const made = await app.createUser("ADMIN");
  admin = made.token;
  adminId = made.user.id;
  const family = await app.createUser("USER");
  parent = { token: family.token, id: family.user.id, email: family.user.email };
  stranger = (await app.createUser("USER")).token;
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.db.delete(orders);
  await app.db.delete(offers);
  await app.db.delete(waitlistEntries);
  await app.db.delete(mailOutbox);
  await app.db.update(grades).set({ seats: DEFAULT_SEATS, reservedSeats: 0 });
  app.services.publicData.invalidate(["grades"]);
});

/** An application to `grade`, sent by the signed-in family (so it is theirs) or by anyone. */
async function apply(grade = "Grade 2", token?: string, studentName = "Asha Verma") {
  const answer = await app.api("/applications", {
    method: "POST",
    json: { ...validApplication(), grade, studentName },
    token,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
}
const setSeats = async (grade: string, seats: number, reserved = 0) =>
  expectOk(
    await app.api(`/seats/${encodeURIComponent(grade)}`, {
      method: "PUT",
      json: { seats, reserved },
      token: admin,
    }),
    200,
    gradeSeatsAnswer,
  );
const seatsOf = async (grade: string) =>
  expectOk(await app.api("/seats"), 200, gradeSeatsAnswer.array()).find((row) => row.grade === grade)!;
const offer = (applicationId: number, json: unknown = {}, token: string | undefined = admin) =>
  app.api(`/applications/${applicationId}/offer`, { method: "POST", json, token });
const waitlist = (applicationId: number, token: string | undefined = admin) =>
  app.api(`/applications/${applicationId}/waitlist`, { method: "POST", token });
const act = (offerId: number, action: "accept" | "decline" | "withdraw", token: string | undefined) =>
  app.api(`/offers/${offerId}/${action}`, { method: "POST", token });
const mails = async (kind: string) =>
  app.db
    .select({ to: mailOutbox.toAddress, about: mailOutbox.about, data: mailOutbox.data })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, kind));
const historyOf = async (applicationId: number) =>
  app.db
    .select({
      kind: recordEvents.kind,
      actorId: recordEvents.actorId,
      fromStatus: recordEvents.fromStatus,
      toStatus: recordEvents.toStatus,
      note: recordEvents.note,
    })
    .from(recordEvents)
    .where(and(eq(recordEvents.recordType, "APPLICATION"), eq(recordEvents.recordId, String(applicationId))))
    .orderBy(recordEvents.id);
const lapse = (offerId: number) =>
  app.db
    .update(offers)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(offers.id, offerId));

describe("POST /api/applications/{id}/offer (ADMIN)", () => {
  it("holds a seat for 7 days by default, mails the family, and writes the history with who", async () => {
    const id = await apply("Grade 3");
    const before = Date.now();
    const made = expectOk(await offer(id), 201, offerAnswer);
    expect(made).toMatchObject({
      applicationId: id,
      grade: "Grade 3",
      status: "OFFERED",
      orderId: null,
      decidedAt: null,
    });
    const days = (Date.parse(made.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(await seatsOf("Grade 3")).toMatchObject({
      seats: 30,
      offered: 1,
      admitted: 0,
      available: 29,
      waitlisted: 0,
    });
    const [mail] = await mails("offerMade");
    expect(mail).toMatchObject({ to: "ravi.verma@example.com", about: `application:${id}` });
    expect(mail!.data).toMatchObject({ studentName: "Asha Verma", grade: "Grade 3", fromWaitlist: false });
    expect((mail!.data as { profileUrl: string }).profileUrl).toMatch(/\/profile$/);
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({ kind: "OFFER", actorId: adminId, fromStatus: null, toStatus: "OFFERED" }),
    ]);
  });

  it("takes a day (to its end in India) or an exact moment, and refuses the past, more than 60 days or no date at all", async () => {
    const id = await apply();
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const made = expectOk(await offer(id, { expiresAt: day }), 201, offerAnswer);
    expect(made.expiresAt).toBe(new Date(`${day}T23:59:59.999+05:30`).toISOString());
    await app.db.delete(offers);
    const moment = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect(expectOk(await offer(id, { expiresAt: moment }), 201, offerAnswer).expiresAt).toBe(moment);
    await app.db.delete(offers);
    for (const expiresAt of [
      "2020-01-01",
      new Date(Date.now() + 62 * 86_400_000).toISOString(),
      "next week",
      "2026-02-30",
      7,
    ]) {
      const refused = expectError(await offer(id, { expiresAt }), 400, ["expiresAt"]);
      expect(refused.errors!.expiresAt![0]).toMatch(/offer/);
    }
    expect(await seatsOf("Grade 2")).toMatchObject({ offered: 0 });
  });

  it("answers 409 when no open seat is free, when the application already has an open offer, or when it is decided", async () => {
    await setSeats("Grade 4", 3, 1);
    const [first, second, third] = [await apply("Grade 4"), await apply("Grade 4"), await apply("Grade 4")];
    expectOk(await offer(first), 201, offerAnswer);
    expect(expectError(await offer(first), 409).message).toMatch(/already has an open offer/);
    expectOk(await offer(second), 201, offerAnswer);
    // Three seats, one reserved under the RTE Act: two to offer, both offered.
    const full = expectError(await offer(third), 409);
    expect(full.message).toMatch(/^No seat is free in Grade 4 \(2 open seats: 0 admitted, 2 offered/);
    expect(await rowCount(third)).toBe(0);

    const rejected = await apply("Grade 5");
    await app.db.update(applications).set({ status: "REJECTED" }).where(eq(applications.id, rejected));
    expect(expectError(await offer(rejected), 409).message).toMatch(/rejected/);
    expectError(await offer(999_999), 404);
    expectError(await offer(first, {}, parent.token), 403);
    expectError(await app.api(`/applications/${first}/offer`, { method: "POST", json: {} }), 401);
  });
});

const rowCount = async (applicationId: number) =>
  (await app.db.select().from(offers).where(eq(offers.applicationId, applicationId))).length;

describe("the waitlist", () => {
  it("numbers applications in the order they joined, without gaps, and moves them up as one leaves", async () => {
    const ids = [await apply("Grade 6"), await apply("Grade 6"), await apply("Grade 6")];
    const places = [];
    for (const id of ids) places.push(expectOk(await waitlist(id), 200, waitlistPlaceAnswer));
    expect(places.map((place) => place.position)).toEqual([1, 2, 3]);
    // Again: the same place, no second mail.
    expect(expectOk(await waitlist(ids[1]!), 200, waitlistPlaceAnswer).position).toBe(2);
    expect((await mails("waitlisted")).map((mail) => (mail.data as { position: number }).position)).toEqual([
      1, 2, 3,
    ]);
    expect(await seatsOf("Grade 6")).toMatchObject({ waitlisted: 3, available: 30 });

    expect(
      (await app.api(`/applications/${ids[0]}/waitlist`, { method: "DELETE", token: admin })).status,
    ).toBe(204);
    expect(expectOk(await waitlist(ids[2]!), 200, waitlistPlaceAnswer).position).toBe(2);
    expectError(await app.api(`/applications/${ids[0]}/waitlist`, { method: "DELETE", token: admin }), 409);
    expect((await historyOf(ids[0]!)).map((event) => [event.kind, event.fromStatus, event.toStatus])).toEqual(
      [
        ["WAITLIST", null, "WAITING"],
        ["WAITLIST", "WAITING", "REMOVED"],
      ],
    );
  });

  it("refuses an application that holds an open offer, and an offer takes an application off the waitlist", async () => {
    const id = await apply("Grade 7");
    expectOk(await waitlist(id), 200, waitlistPlaceAnswer);
    expectOk(await offer(id), 201, offerAnswer);
    expect(await seatsOf("Grade 7")).toMatchObject({ waitlisted: 0, offered: 1 });
    expect(expectError(await waitlist(id), 409).message).toMatch(/open offer/);
    expectError(await waitlist(id, parent.token), 403);
  });
});

describe("the family's side: GET /api/offers, accept, decline", () => {
  it("lists a parent's own offers only, and every offer to staff, by status and grade", async () => {
    const own = await apply("Grade 2", parent.token);
    const other = await apply("Grade 2", undefined, "Other Child");
    const mine = expectOk(await offer(own), 201, offerAnswer);
    const theirs = expectOk(await offer(other), 201, offerAnswer);
    const asParent = expectOk(await app.api("/offers", { token: parent.token }), 200, offerAnswer.array());
    expect(asParent.map((row) => row.id)).toEqual([mine.id]);
    const asStaff = expectOk(
      await app.api("/offers?status=OFFERED&grade=Grade%202", { token: admin }),
      200,
      offerAnswer.array(),
    );
    expect(asStaff.map((row) => row.id)).toEqual([theirs.id, mine.id]);
    expect(
      expectOk(await app.api("/offers?status=ACCEPTED", { token: admin }), 200, offerAnswer.array()),
    ).toEqual([]);
    expectError(await app.api("/offers?status=MAYBE", { token: admin }), 400, ["status"]);
    expectError(await app.api("/offers"), 401);
  });

  it("Accept and pay admits the child: the order paid, the offer ACCEPTED, the application APPROVED, the seat admitted", async () => {
    const id = await apply("Grade 8", parent.token);
    const made = expectOk(await offer(id), 201, offerAnswer);
    expectError(await act(made.id, "accept", stranger), 404);
    const accepted = expectOk(await act(made.id, "accept", parent.token), 201, acceptAnswer);
    expect(accepted.order).toMatchObject({
      grade: "Grade 8",
      studentName: "Asha Verma",
      status: "PAID",
      amount: 1_500_000,
    });
    const [stored] = await app.db.select().from(offers).where(eq(offers.id, made.id));
    expect(stored).toMatchObject({ status: "ACCEPTED" });
    const [application] = await app.db.select().from(applications).where(eq(applications.id, id));
    expect(application!.status).toBe("APPROVED");
    expect(await seatsOf("Grade 8")).toMatchObject({ offered: 0, admitted: 1, available: 29 });
    expect(expectError(await act(made.id, "accept", parent.token), 409).message).toMatch(/accepted/);
    expect(expectError(await act(made.id, "decline", parent.token), 409).message).toMatch(/accepted/);
    expect((await historyOf(id)).map((event) => [event.kind, event.fromStatus, event.toStatus])).toEqual([
      ["OFFER", null, "OFFERED"],
      ["OFFER", "OFFERED", "ACCEPTED"],
      ["STATUS_CHANGED", "PENDING", "APPROVED"],
    ]);
    // The offer now names its order.
    const [listed] = expectOk(await app.api("/offers", { token: parent.token }), 200, offerAnswer.array());
    expect(listed!.orderId).toBe(accepted.order.id);
  });

  it("an expired offer cannot be accepted; a declined one frees its seat; staff may decline for the family or withdraw", async () => {
    const id = await apply("Grade 1", parent.token);
    const first = expectOk(await offer(id), 201, offerAnswer);
    await lapse(first.id);
    expect(expectError(await act(first.id, "accept", parent.token), 409).message).toMatch(/expired/);
    await app.db
      .update(offers)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(offers.id, first.id));
    const declined = expectOk(await act(first.id, "decline", parent.token), 200, offerAnswer);
    expect(declined.status).toBe("DECLINED");
    expect(await seatsOf("Grade 1")).toMatchObject({ offered: 0, available: 30 });

    const second = expectOk(await offer(id), 201, offerAnswer);
    expect(expectOk(await act(second.id, "decline", admin), 200, offerAnswer).status).toBe("DECLINED");
    const third = expectOk(await offer(id), 201, offerAnswer);
    expectError(await act(third.id, "withdraw", parent.token), 403);
    expect(expectOk(await act(third.id, "withdraw", admin), 200, offerAnswer).status).toBe("WITHDRAWN");
    expect((await mails("offerWithdrawn")).map((mail) => mail.to)).toEqual(["ravi.verma@example.com"]);
    expect(
      (await historyOf(id))
        .filter((event) => event.toStatus !== "OFFERED")
        .map((event) => [event.toStatus, event.actorId]),
    ).toEqual([
      ["DECLINED", null],
      ["DECLINED", adminId],
      ["WITHDRAWN", adminId],
    ]);
  });
});

describe("the offers job (npm run offers:expire, every instance)", () => {
  it("expires lapsed offers, mails the family once, and offers the freed seat to the first waiting application", async () => {
    await setSeats("Nursery", 1);
    const holder = await apply("Nursery", undefined, "First Child");
    const [next, after] = [
      await apply("Nursery", undefined, "Second Child"),
      await apply("Nursery", undefined, "Third Child"),
    ];
    const held = expectOk(await offer(holder), 201, offerAnswer);
    expectOk(await waitlist(next), 200, waitlistPlaceAnswer);
    expectOk(await waitlist(after), 200, waitlistPlaceAnswer);
    expect(await app.services.offers.runJob()).toEqual({ expired: 0, released: 0, promoted: 0, reminded: 0 });

    await lapse(held.id);
    expect(await app.services.offers.runJob()).toEqual({ expired: 1, released: 0, promoted: 1, reminded: 0 });
    expect(await app.services.offers.runJob()).toEqual({ expired: 0, released: 0, promoted: 0, reminded: 0 });
    const rows = await app.db.select().from(offers).orderBy(offers.id);
    expect(rows.map((row) => [row.applicationId, row.status, row.offeredBy])).toEqual([
      [holder, "EXPIRED", adminId],
      [next, "OFFERED", null],
    ]);
    expect((await mails("offerExpired")).map((mail) => mail.about)).toEqual([`application:${holder}`]);
    const promoted = await mails("offerMade");
    expect(
      promoted.map((mail) => [mail.about, (mail.data as { fromWaitlist: boolean }).fromWaitlist]),
    ).toEqual([
      [`application:${holder}`, false],
      [`application:${next}`, true],
    ]);
    expect(expectOk(await waitlist(after), 200, waitlistPlaceAnswer).position).toBe(1);
    expect(await seatsOf("Nursery")).toMatchObject({ offered: 1, waitlisted: 1, available: 0 });
    expect((await historyOf(next)).map((event) => [event.kind, event.toStatus, event.actorId])).toEqual([
      ["WAITLIST", "WAITING", adminId],
      ["WAITLIST", "PROMOTED", null],
      ["OFFER", "OFFERED", null],
    ]);
  });

  it("takes off the waitlist an application decided meanwhile, and promotes when staff raise the seats", async () => {
    await setSeats("Kindergarten", 0);
    const [decided, waiting] = [await apply("Kindergarten"), await apply("Kindergarten")];
    expectOk(await waitlist(decided), 200, waitlistPlaceAnswer);
    expectOk(await waitlist(waiting), 200, waitlistPlaceAnswer);
    await app.db.update(applications).set({ status: "REJECTED" }).where(eq(applications.id, decided));
    await setSeats("Kindergarten", 1);
    expect(await app.services.offers.runJob()).toMatchObject({ promoted: 1 });
    const rows = await app.db.select().from(waitlistEntries).orderBy(waitlistEntries.id);
    expect(rows.map((row) => [row.applicationId, row.status])).toEqual([
      [decided, "REMOVED"],
      [waiting, "PROMOTED"],
    ]);
  });

  it("does not expire an offer whose payment began in the last 30 minutes", async () => {
    const id = await apply("Grade 3", parent.token);
    const made = expectOk(await offer(id), 201, offerAnswer);
    await app.db.insert(orders).values({
      ...validEnrollment(),
      mobile: "+918765432109",
      grade: "Grade 3",
      amount: 100,
      gateway: "razorpay",
      offerId: made.id,
    });
    await lapse(made.id);
    expect(await app.services.offers.runJob()).toMatchObject({ expired: 0 });
    await app.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.offerId, made.id));
    expect(await app.services.offers.runJob()).toMatchObject({ expired: 1 });
  });
});

describe("the fee page's enrollment takes a free seat with its order (point 6)", () => {
  const enroll = (grade: string) =>
    app.api("/tuition/create-order", { method: "POST", json: { ...validEnrollment(), grade } });

  it("refuses when every open seat is taken or offered, and a lapsed checkout hold frees its seat", async () => {
    await setSeats("Grade 2", 2);
    expect((await enroll("Grade 2")).status).toBe(201);
    expectOk(await offer(await apply("Grade 2")), 201, offerAnswer);
    const refused = expectError(await enroll("Grade 2"), 409);
    expect(refused.message).toMatch(/^Grade 2 has no free seat just now/);
    expect(await seatsOf("Grade 2")).toMatchObject({ admitted: 1, offered: 1, available: 0 });
    // An unpaid order holds its seat for 30 minutes, then the job lets go of it.
    await app.db.update(orders).set({
      status: "CREATED",
      seatHeldUntil: sql`now() + interval '1 minute'`,
      transactionId: null,
      paidAt: null,
    });
    app.services.publicData.invalidate(["grades"]);
    expect(await seatsOf("Grade 2")).toMatchObject({ admitted: 0, offered: 1, available: 0 });
    await app.db.update(orders).set({ seatHeldUntil: sql`now() - interval '1 second'` });
    expect(await app.services.offers.runJob()).toMatchObject({ released: 1 });
    expect(await seatsOf("Grade 2")).toMatchObject({ admitted: 0, offered: 1, available: 1 });
  });

  it("refuses seats fewer than those admitted and offered", async () => {
    await setSeats("Grade 5", 5);
    expect((await enroll("Grade 5")).status).toBe(201);
    expectOk(await offer(await apply("Grade 5")), 201, offerAnswer);
    const refused = expectError(
      await app.api("/seats/Grade%205", { method: "PUT", json: { seats: 1, reserved: 0 }, token: admin }),
      400,
      ["seats"],
    );
    expect(refused.message).toMatch(/1 enrolled and 1 offered/);
    await setSeats("Grade 5", 2);
  });
});
