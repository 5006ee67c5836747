import type { Grade } from "./grades";
import type { OrderStatus } from "./statuses";

/**
 * Seats per grade for the admission session (issue 38): how many a grade has, how many of them are
 * kept for admissions under the Right to Education Act, section 12(1)(c) (filled by the state's
 * lottery; the school records them, it does not run the lottery), and what the public pages say.
 */

/** The seats a grade has until staff set them (decision 0050). */
export const DEFAULT_SEATS = 30;

/** More than any one grade of an online school will have: a typing slip, not a plan. */
export const MAX_SEATS = 1000;

/**
 * The orders that hold a seat for good: an enrollment paid for, or paid and partly refunded (the
 * child stays). A full refund gives the seat back.
 */
export const SEAT_TAKING_ORDER_STATUSES = [
  "PAID",
  "PARTIALLY_REFUNDED",
] as const satisfies readonly OrderStatus[];

/** The orders still waiting for their payment: one from the fee page holds a seat for a while. */
export const UNPAID_ORDER_STATUSES = ["CREATED", "FAILED"] as const satisfies readonly OrderStatus[];

/** What the public pages say of a grade. */
export type SeatAvailability = "AVAILABLE" | "FEW" | "WAITLIST";

/** Under this share of a grade's open seats still free, the pages say "Few seats left". */
const FEW_SEATS_SHARE = 0.1;

/** One grade's seats as staff, the pages and `GET /api/seats` see them. */
export type GradeSeats = {
  grade: Grade;
  /** Every seat of the grade, the reserved ones included. */
  seats: number;
  /** Kept for admissions under the RTE Act, section 12(1)(c); never offered to others. */
  reserved: number;
  /** Taken for good: enrollments paid for. */
  admitted: number;
  /** Held by an open offer to an application (issue 38 point 3). */
  offered: number;
  /** Held for a parent paying at the fee page's checkout (CHECKOUT_HOLD_MINUTES, point 6). */
  held: number;
  /** Applications waiting on the grade's waitlist. */
  waitlisted: number;
  /** Open seats (seats less reserved) not admitted, offered or held; never below 0. */
  available: number;
};

/** Seats of a grade taken or held: none of them may be offered to anyone else. */
export const seatsTaken = (grade: Pick<GradeSeats, "admitted" | "offered" | "held">) =>
  grade.admitted + grade.offered + grade.held;

/** The seats open to every family: all but the reserved ones. */
export const openSeats = (grade: Pick<GradeSeats, "seats" | "reserved">) => grade.seats - grade.reserved;

/** "Seats available", "Few seats left" (under 10% of the open seats free) or "Waitlist only". */
export function seatAvailability(
  grade: Pick<GradeSeats, "seats" | "reserved" | "available">,
): SeatAvailability {
  if (grade.available <= 0) return "WAITLIST";
  return grade.available < openSeats(grade) * FEW_SEATS_SHARE ? "FEW" : "AVAILABLE";
}

/** What the public pages show of each grade: its availability alone, never the counts. */
export type GradeAvailability = { grade: Grade; availability: SeatAvailability };

export const availabilities = (summary: readonly GradeSeats[]): GradeAvailability[] =>
  summary.map((row) => ({ grade: row.grade, availability: seatAvailability(row) }));
