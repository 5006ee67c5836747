import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Grade } from "~/domain/grades";
import { openSeats } from "~/domain/seats";
import { isAppError } from "~/services/errors";
import type { RecordOwner } from "~/services/record-kinds/index.server";
import { queryRows } from "../../db/client";
import { applications, grades, mailOutbox, offers, orders, users, waitlistEntries } from "../../db/schema";
import { validApplication, validEnrollment } from "../api/helpers";
import { startTestApp, type TestApp } from "../support/app";
import { usingRealPostgres } from "../support/database";

/**
 * Issue 38, point 4: at every moment a grade's offered and admitted seats (and those held for a
 * checkout) are no more than its open seats, and its waitlist is numbered 1, 2, 3… without a gap
 * or a repeat. First as a property over any sequence of what staff, families and the job do; then
 * under concurrency, many requests for the last seats at once through the API, on whichever
 * database the run uses (CI runs this file on PGlite and again on PostgreSQL).
 */
let app: TestApp;
let adminId: number;
let owner: RecordOwner;
let familyToken: string;

const GRADE: Grade = "Grade 4";
const FAMILY_EMAIL = "seats.family@example.com";

beforeAll(async () => {
  app = await startTestApp();
  adminId = (await app.createUser("ADMIN")).user.id;
  const made = await app.createUser("USER");
  const family = made.user;
  familyToken = made.token;
  await app.db
    .update(users)
    .set({ email: FAMILY_EMAIL, emailVerifiedAt: new Date() })
    .where(eq(users.id, family.id));
  owner = { id: family.id, email: FAMILY_EMAIL, verified: true };
});
afterAll(async () => {
  await app?.close();
});

async function reset(seats: number, reserved: number) {
  await app.db.delete(orders);
  await app.db.delete(offers);
  await app.db.delete(waitlistEntries);
  await app.db.delete(mailOutbox);
  await app.db.delete(applications);
  await app.db.update(grades).set({ seats, reservedSeats: reserved }).where(eq(grades.name, GRADE));
}

async function applicationsInGrade(count: number): Promise<number[]> {
  const rows = await app.db
    .insert(applications)
    .values(
      Array.from({ length: count }, (_, index) => ({
        ...validApplication(),
        grade: GRADE,
        studentName: `Child ${index}`,
        mobile: "+919876543210",
        email: FAMILY_EMAIL,
      })),
    )
    .returning({ id: applications.id });
  return rows.map((row) => row.id);
}

/** The invariant, read from the database: seats never promised twice, positions 1..n. */
async function expectInvariant() {
  const [seats] = (await app.services.seats.current()).filter((row) => row.grade === GRADE);
  expect(seats!.admitted + seats!.offered + seats!.held, JSON.stringify(seats)).toBeLessThanOrEqual(
    openSeats(seats!),
  );
  const [counted] = await app.db
    .select({ offered: sql<number>`count(*)::int` })
    .from(offers)
    .where(sql`${offers.grade} = ${GRADE} and ${offers.status} = 'OFFERED'`);
  expect(counted!.offered).toBe(seats!.offered);
  const waiting = await app.db
    .select({ id: waitlistEntries.applicationId })
    .from(waitlistEntries)
    .where(sql`${waitlistEntries.status} = 'WAITING'`);
  const positions = await Promise.all(
    waiting.map(async ({ id }) => (await app.services.offers.ofApplication(id)).waitlist!.position),
  );
  expect(positions.sort((a, b) => a - b)).toEqual(waiting.map((_, index) => index + 1));
  // An application holds one open offer at most, and never waits while it holds one.
  const both = await queryRows(
    app.db,
    sql`select 1 from ${offers} o join ${waitlistEntries} w on w.application_id = o.application_id
        where o.status = 'OFFERED' and w.status = 'WAITING'`,
  );
  expect(both).toHaveLength(0);
}

/** Runs a step; a refusal the API would answer with 4xx is an allowed outcome, anything else fails. */
async function allowingRefusal(step: () => Promise<unknown>) {
  try {
    await step();
  } catch (error) {
    if (!(isAppError(error) && error.status < 500)) throw error;
  }
}

async function openOfferOf(applicationId: number) {
  const { offers: made } = await app.services.offers.ofApplication(applicationId);
  return made.find((offer) => offer.status === "OFFERED");
}

type Step =
  | { kind: "offer" | "waitlist" | "accept" | "decline" | "withdraw" | "lapse" | "leave"; who: number }
  | { kind: "job" }
  | { kind: "enroll" }
  | { kind: "seats"; seats: number; reserved: number };

const APPLICANTS = 6;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("offer", "waitlist", "accept", "decline", "withdraw", "lapse", "leave"),
    who: fc.integer({ min: 0, max: APPLICANTS - 1 }),
  }),
  fc.constant({ kind: "job" as const }),
  fc.constant({ kind: "enroll" as const }),
  fc.record({
    kind: fc.constant("seats" as const),
    seats: fc.integer({ min: 0, max: 6 }),
    reserved: fc.integer({ min: 0, max: 2 }),
  }),
);

async function run(action: Step, ids: number[]) {
  const offersService = app.services.offers;
  switch (action.kind) {
    case "offer":
      return allowingRefusal(() => offersService.offer(ids[action.who]!, {}, adminId));
    case "waitlist":
      return allowingRefusal(() => offersService.waitlist(ids[action.who]!, adminId));
    case "leave":
      return allowingRefusal(() => offersService.leaveWaitlist(ids[action.who]!, adminId));
    case "accept": {
      const open = await openOfferOf(ids[action.who]!);
      if (open) await allowingRefusal(() => offersService.accept(open.id, { owner, language: "en" }));
      return;
    }
    case "decline":
    case "withdraw": {
      const open = await openOfferOf(ids[action.who]!);
      if (!open) return;
      return allowingRefusal(() =>
        action.kind === "decline"
          ? offersService.decline(open.id, { owner })
          : offersService.withdraw(open.id, adminId),
      );
    }
    case "lapse": {
      const open = await openOfferOf(ids[action.who]!);
      if (open)
        await app.db
          .update(offers)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(offers.id, open.id));
      return;
    }
    case "job":
      return offersService.runJob();
    case "enroll":
      return allowingRefusal(() =>
        app.services.orders.createOrder({ ...validEnrollment(), grade: GRADE } as never),
      );
    case "seats":
      return allowingRefusal(() =>
        app.services.seats.set(
          GRADE,
          { seats: action.seats, reserved: Math.min(action.reserved, action.seats) },
          adminId,
        ),
      );
  }
}

describe(`the seat invariant (${usingRealPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  it(
    "holds after every step of any sequence of offers, accepts, declines, expiries, enrollments and seat changes",
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 5 }),
          fc.integer({ min: 0, max: 1 }),
          fc.array(step, { minLength: 1, maxLength: 14 }),
          async (seats, reserved, steps) => {
            await reset(seats, Math.min(reserved, seats));
            const ids = await applicationsInGrade(APPLICANTS);
            for (const action of steps) {
              await run(action, ids);
              await expectInvariant();
            }
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it(
    "gives 10 seats to exactly 10 of 50 offers made at once, and to none of 50 enrollments once they are taken",
    { timeout: 120_000 },
    async () => {
      await reset(10, 0);
      const ids = await applicationsInGrade(50);
      const admin = (await app.createUser("ADMIN")).token;
      const offered = await Promise.all(
        ids.map((id) => app.api(`/applications/${id}/offer`, { method: "POST", json: {}, token: admin })),
      );
      expect(offered.filter((answer) => answer.status === 201)).toHaveLength(10);
      expect(offered.filter((answer) => answer.status === 409)).toHaveLength(40);
      await expectInvariant();

      // The ten families pay at once while fifty others try the fee page: the ten are admitted, no one else.
      const family = familyToken;
      const acceptedIds = offered
        .filter((answer) => answer.status === 201)
        .map((answer) => answer.body.id as number);
      const [accepted, enrolled] = await Promise.all([
        Promise.all(
          acceptedIds.map((id) => app.api(`/offers/${id}/accept`, { method: "POST", token: family })),
        ),
        Promise.all(
          Array.from({ length: 50 }, () =>
            app.api("/tuition/create-order", {
              method: "POST",
              json: { ...validEnrollment(), grade: GRADE },
            }),
          ),
        ),
      ]);
      expect(accepted.map((answer) => answer.status)).toEqual(acceptedIds.map(() => 201));
      expect(enrolled.filter((answer) => answer.status === 409)).toHaveLength(50);
      const [seats] = (await app.services.seats.current()).filter((row) => row.grade === GRADE);
      expect(seats).toMatchObject({ seats: 10, admitted: 10, offered: 0, available: 0 });
      await expectInvariant();
    },
  );

  it("gives the last 10 seats to exactly 10 of 50 enrollments at once", { timeout: 120_000 }, async () => {
    await reset(10, 0);
    const enrolled = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.api("/tuition/create-order", { method: "POST", json: { ...validEnrollment(), grade: GRADE } }),
      ),
    );
    expect(enrolled.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(enrolled.filter((answer) => answer.status === 409)).toHaveLength(40);
    await expectInvariant();
  });
});
