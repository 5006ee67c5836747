import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { FORMS } from "~/domain/forms";
import { gradeFromSlug, GRADES, type Grade } from "~/domain/grades";
import {
  openSeats,
  SEAT_TAKING_ORDER_STATUSES,
  seatsTaken,
  UNPAID_ORDER_STATUSES,
  type GradeSeats,
} from "~/domain/seats";
import type { Database, Executor } from "../../db/client";
import { grades, offers, orders, waitlistEntries } from "../../db/schema";
import { badRequest, NOT_FOUND, notFound } from "./errors";
import { frozen, type PublicDataCache } from "./public-data.server";
import type { RecordHistory } from "./record-history.server";
import { parseForm, schemaOf } from "./validation";

export const SEATS_NOT_FOUND = NOT_FOUND.grade;

/** What `PUT /api/seats/{grade}` takes (the Seats screen posts the same fields). */
export const seatsInput = schemaOf(FORMS.seats);

/**
 * A grade's seats as `/api/seats` answers them: the seats held for a checkout are folded into
 * `available` and not a field of their own (the contract names none, decision 0051).
 */
export function seatsAnswer(row: GradeSeats) {
  const { grade, seats, reserved, offered, admitted, available, waitlisted } = row;
  return { grade, seats, reserved, offered, admitted, available, waitlisted };
}

/** A grade named in an address: its name ("Grade 2", "Grade%202") or its slug ("grade-2"). */
export function gradeInAddress(text: string | undefined): Grade {
  const grade = GRADES.find((name) => name === text) ?? gradeFromSlug(text ?? "");
  if (!grade) throw notFound(SEATS_NOT_FOUND);
  return grade;
}

const counted = (query: SQL) => sql<number>`(${query})::int`;

/** The grade of the outer row, named in full: Drizzle writes a one-table query's columns unqualified. */
const outerGrade = sql.raw(`"grades"."name"`);

/**
 * Every grade's seats and what holds them, in teaching order: one query (issue 38, point 9), each
 * count an index's range (orders by status, open offers and waiting entries by grade).
 */
export async function readSeats(executor: Executor, grade?: Grade): Promise<GradeSeats[]> {
  const rows = await executor
    .select({
      grade: grades.name,
      seats: grades.seats,
      reserved: grades.reservedSeats,
      admitted: counted(
        sql`select count(*) from ${orders} where ${orders.grade} = ${outerGrade} and ${inArray(orders.status, [...SEAT_TAKING_ORDER_STATUSES])}`,
      ),
      offered: counted(
        sql`select count(*) from ${offers} where ${offers.grade} = ${outerGrade} and ${offers.status} = 'OFFERED'`,
      ),
      held: counted(
        sql`select count(*) from ${orders} where ${orders.grade} = ${outerGrade} and ${orders.offerId} is null and ${orders.seatHeldUntil} > now() and ${inArray(orders.status, [...UNPAID_ORDER_STATUSES])}`,
      ),
      waitlisted: counted(
        sql`select count(*) from ${waitlistEntries} where ${waitlistEntries.grade} = ${outerGrade} and ${waitlistEntries.status} = 'WAITING'`,
      ),
    })
    .from(grades)
    .where(grade ? eq(grades.name, grade) : undefined)
    .orderBy(asc(grades.position));
  return rows.map((row) => ({ ...row, available: Math.max(0, openSeats(row) - seatsTaken(row)) }));
}

/**
 * Locks a grade's row for the rest of the transaction: every write that takes a seat (an offer,
 * an enrollment, a promotion, a payment) or lowers the seats takes this lock first, so two of
 * them for one grade are counted one after the other (issue 38 point 4). Always the first lock
 * such a transaction takes, so none waits in a circle.
 */
export async function lockGrade(tx: Executor, grade: Grade): Promise<void> {
  const [locked] = await tx
    .select({ name: grades.name })
    .from(grades)
    .where(eq(grades.name, grade))
    .for("update");
  if (!locked) throw notFound(SEATS_NOT_FOUND);
}

/** The grade's lock (`lockGrade`), then its seats counted under it. */
export async function lockedSeats(tx: Executor, grade: Grade): Promise<GradeSeats> {
  // Two statements, not one `select … for update` with the counts in it: under READ COMMITTED a
  // statement that waited for the lock still counts with the snapshot it started with, blind to
  // the seat the transaction it waited for just took. The count after the lock sees it.
  await lockGrade(tx, grade);
  const [seats] = await readSeats(tx, grade);
  return seats!;
}

/**
 * A grade's seats (issue 38): how many it has and how many are kept for RTE admissions, set by
 * staff; how many are taken and free, counted from the enrollments paid for. Public pages read
 * the summary through the public data cache (topic "grades", emptied on every instance by any
 * write that changes a grade or an order).
 */
export function createSeatsService(db: Database, history: RecordHistory, cache: PublicDataCache) {
  return {
    /** Every grade's seats, in teaching order (`GET /api/seats`, the public pages). */
    async summary(): Promise<readonly GradeSeats[]> {
      return cache.read("grades", "seats", async () => frozen(await readSeats(db)));
    },

    /** The summary as it is this moment, not the cache's (the admin Seats screen). */
    async current(): Promise<GradeSeats[]> {
      return readSeats(db);
    },

    /**
     * Sets a grade's seats and reserved seats (`PUT /api/seats/{grade}`, the Seats screen), in
     * its history with who did it. Refused with a message on the field: reserved seats more than
     * the seats, or open seats fewer than the enrollments already paid for. The grade's row is
     * locked while the seats are counted, so two changes at once are checked one after the other.
     */
    async set(grade: Grade, input: unknown, actorId: number): Promise<GradeSeats> {
      const { seats, reserved } = parseForm(FORMS.seats, input);
      if (reserved > seats) {
        const message = `The seats reserved under the RTE Act (${reserved}) cannot be more than the seats (${seats}).`;
        throw badRequest(message, { reserved: [message] });
      }
      return db.transaction(async (tx) => {
        const before = await lockedSeats(tx, grade);
        const taken = before.admitted + before.offered;
        if (seats - reserved < taken) {
          const message =
            before.offered === 0
              ? `${grade} already has ${before.admitted} enrolled: its seats less the reserved ones cannot be fewer.`
              : `${grade} already has ${before.admitted} enrolled and ${before.offered} offered: its seats less the reserved ones cannot be fewer than ${taken}.`;
          throw badRequest(message, { seats: [message] });
        }
        if (before.seats !== seats || before.reserved !== reserved) {
          await tx
            .update(grades)
            .set({ seats, reservedSeats: reserved, updatedAt: sql`now()` })
            .where(eq(grades.name, grade));
          await history.add(tx, {
            recordType: "GRADE",
            recordId: grade,
            kind: "SEATS_CHANGED",
            actorId,
            note: `Seats ${before.seats} → ${seats}, reserved ${before.reserved} → ${reserved}`,
          });
        }
        const [after] = await readSeats(tx, grade);
        return after!;
      });
    },
  };
}
