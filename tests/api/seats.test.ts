import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gradeSeatsAnswer } from "~/api/schemas.server";
import { GRADES } from "~/domain/grades";
import { DEFAULT_SEATS, seatAvailability } from "~/domain/seats";
import { grades, orders, recordEvents } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, expectOk, validEnrollment } from "./helpers";

let app: TestApp;
let admin: string;
let adminId: number;
let parent: string;

beforeAll(async () => {
  app = await startTestApp();
  const made = await app.createUser("ADMIN");
  admin = made.token;
  adminId = made.user.id;
  parent = (await app.createUser("USER")).token;
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  await app.db.delete(orders);
  await app.db.update(grades).set({ seats: DEFAULT_SEATS, reservedSeats: 0 });
});

const seatsNow = async () => expectOk(await app.api("/seats"), 200, gradeSeatsAnswer.array());
const seatsOf = async (grade: string) => (await seatsNow()).find((row) => row.grade === grade)!;
const setSeats = (grade: string, json: unknown, token: string | null = admin) =>
  app.api(`/seats/${encodeURIComponent(grade)}`, { method: "PUT", json, token: token ?? undefined });
/** A paid enrollment in `grade` (the test gateway pays at once). */
const enroll = async (grade: string) => {
  const answer = await app.api("/tuition/create-order", {
    method: "POST",
    json: { ...validEnrollment(), grade },
  });
  expect(answer.status).toBe(201);
};

describe("GET /api/seats (public)", () => {
  it("answers every grade in teaching order, 30 open seats each until staff set them, nothing personal", async () => {
    const list = await seatsNow();
    expect(list.map((row) => row.grade)).toEqual([...GRADES]);
    for (const row of list)
      expect(row).toEqual({
        grade: row.grade,
        seats: 30,
        reserved: 0,
        offered: 0,
        admitted: 0,
        available: 30,
        waitlisted: 0,
      });
  });

  it("counts paid enrollments as taken, and a full refund gives the seat back", async () => {
    await enroll("Grade 2");
    await enroll("Grade 2");
    expect(await seatsOf("Grade 2")).toMatchObject({ admitted: 2, available: 28 });
    expect(await seatsOf("Grade 3")).toMatchObject({ admitted: 0, available: 30 });
    const [paid] = await app.db.select({ id: orders.id }).from(orders).limit(1);
    await app.db.update(orders).set({ status: "PARTIALLY_REFUNDED" }).where(eq(orders.id, paid!.id));
    app.services.publicData.invalidate(["grades"]);
    expect(await seatsOf("Grade 2")).toMatchObject({ admitted: 2 });
    await app.db.update(orders).set({ status: "REFUNDED" }).where(eq(orders.id, paid!.id));
    app.services.publicData.invalidate(["grades"]);
    expect(await seatsOf("Grade 2")).toMatchObject({ admitted: 1, available: 29 });
  });

  it("is fresh after an enrollment is paid, though its answer is kept for anonymous callers", async () => {
    expect((await seatsOf("Grade 5")).available).toBe(30);
    await enroll("Grade 5");
    expect((await seatsOf("Grade 5")).available).toBe(29);
  });
});

describe("PUT /api/seats/{grade} (ADMIN)", () => {
  it("sets seats and reserved seats by name or slug, in the grade's history with who", async () => {
    const set = expectOk(await setSeats("Grade 1", { seats: 40, reserved: 10 }), 200, gradeSeatsAnswer);
    expect(set).toEqual({
      grade: "Grade 1",
      seats: 40,
      reserved: 10,
      offered: 0,
      admitted: 0,
      available: 30,
      waitlisted: 0,
    });
    expect(await seatsOf("Grade 1")).toEqual(set);
    expectOk(await setSeats("grade-1", { seats: "41", reserved: "10" }), 200, gradeSeatsAnswer);
    const events = await app.db
      .select()
      .from(recordEvents)
      .where(and(eq(recordEvents.recordType, "GRADE"), eq(recordEvents.recordId, "Grade 1")));
    expect(events.map((event) => [event.kind, event.actorId, event.note])).toEqual([
      ["SEATS_CHANGED", adminId, "Seats 30 → 40, reserved 0 → 10"],
      ["SEATS_CHANGED", adminId, "Seats 40 → 41, reserved 10 → 10"],
    ]);
    // The same numbers again change nothing and add no event.
    expectOk(await setSeats("Grade 1", { seats: 41, reserved: 10 }), 200, gradeSeatsAnswer);
    expect(
      await app.db.$count(
        recordEvents,
        and(eq(recordEvents.recordType, "GRADE"), eq(recordEvents.recordId, "Grade 1")),
      ),
    ).toBe(2);
  });

  it("refuses open seats fewer than the enrollments paid for, and reserved seats over the seats, changing nothing", async () => {
    await enroll("Nursery");
    await enroll("Nursery");
    await enroll("Nursery");
    const below = expectError(await setSeats("Nursery", { seats: 10, reserved: 8 }), 400, ["seats"]);
    expect(below.errors?.seats).toEqual([
      "Nursery already has 3 enrolled: its seats less the reserved ones cannot be fewer.",
    ]);
    const over = expectError(await setSeats("Nursery", { seats: 5, reserved: 6 }), 400, ["reserved"]);
    expect(over.errors?.reserved).toEqual([
      "The seats reserved under the RTE Act (6) cannot be more than the seats (5).",
    ]);
    expect(await seatsOf("Nursery")).toEqual({
      grade: "Nursery",
      seats: 30,
      reserved: 0,
      offered: 0,
      admitted: 3,
      available: 27,
      waitlisted: 0,
    });
    // Exactly the enrollments is allowed: the grade is then full.
    const full = expectOk(await setSeats("Nursery", { seats: 11, reserved: 8 }), 200, gradeSeatsAnswer);
    expect(full.available).toBe(0);
    expect(seatAvailability(full)).toBe("WAITLIST");
  });

  it("answers 400 with a message per field for what is not a count, 404 for no such grade", async () => {
    for (const bad of [
      {},
      { seats: -1, reserved: 0 },
      { seats: 2.5, reserved: 0 },
      { seats: "ten", reserved: 0 },
      { seats: 1001, reserved: 0 },
    ]) {
      const answer = await setSeats("Grade 4", bad);
      expect(answer.status).toBe(400);
      expect(Object.keys(expectError(answer, 400).errors ?? {})).toContain("seats");
    }
    expect(expectError(await setSeats("Grade 4", { seats: 10 }), 400, ["reserved"]).errors?.reserved).toEqual(
      ["Please enter the seats reserved under the RTE Act."],
    );
    expect(
      expectError(await setSeats("Grade 4", { seats: "1e3", reserved: 0 }), 400, ["seats"]).errors?.seats,
    ).toEqual(["Please enter the number of seats as a whole number from 0 to 1,000."]);
    expectError(await setSeats("Grade 9", { seats: 10, reserved: 0 }), 404);
    expect(await seatsOf("Grade 4")).toMatchObject({ seats: 30, reserved: 0 });
  });

  it("is for staff only", async () => {
    expectError(await setSeats("Grade 6", { seats: 10, reserved: 0 }, parent), 403);
    expectError(await setSeats("Grade 6", { seats: 10, reserved: 0 }, null), 401);
    expect(await seatsOf("Grade 6")).toMatchObject({ seats: 30 });
  });

  it("checks two changes at once one after the other: never fewer open seats than enrolled", async () => {
    for (let index = 0; index < 5; index++) await enroll("Grade 7");
    // Each change alone is allowed; at once, each is checked against the grade as the other left it.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        setSeats("Grade 7", index % 2 ? { seats: 5, reserved: 0 } : { seats: 30, reserved: 25 }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const after = await seatsOf("Grade 7");
    expect(after.seats - after.reserved).toBeGreaterThanOrEqual(after.admitted);
  });
});

describe("seatAvailability", () => {
  it("says Few seats left under 10% of the open seats, Waitlist only at none", () => {
    expect(seatAvailability({ seats: 30, reserved: 0, available: 3 })).toBe("AVAILABLE");
    expect(seatAvailability({ seats: 30, reserved: 0, available: 2 })).toBe("FEW");
    expect(seatAvailability({ seats: 40, reserved: 10, available: 2 })).toBe("FEW");
    expect(seatAvailability({ seats: 40, reserved: 10, available: 3 })).toBe("AVAILABLE");
    expect(seatAvailability({ seats: 30, reserved: 0, available: 0 })).toBe("WAITLIST");
    expect(seatAvailability({ seats: 0, reserved: 0, available: 0 })).toBe("WAITLIST");
  });
});
