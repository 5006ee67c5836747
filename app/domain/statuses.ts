/** Status vocabularies of spec section 4; the database enums are built from these lists. */
export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

export const APPLICATION_STATUSES = ["PENDING", "CONTACTED", "APPROVED", "REJECTED"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const DEMO_STATUSES = ["PENDING", "CONTACTED", "COMPLETED", "CANCELLED"] as const;
export type DemoStatus = (typeof DEMO_STATUSES)[number];

/** A teacher's application, from arrival to a decision (not in the spec: issue 18). */
export const TEACHER_APPLICATION_STATUSES = ["NEW", "SHORTLISTED", "INTERVIEW", "HIRED", "REJECTED"] as const;
export type TeacherApplicationStatus = (typeof TEACHER_APPLICATION_STATUSES)[number];

/**
 * An order's life: CREATED (waiting for its payment), FAILED (the last attempt failed; still
 * payable, and a later captured payment makes it PAID), PAID, then PARTIALLY_REFUNDED or
 * REFUNDED when staff give money back.
 */
export const ORDER_STATUSES = ["CREATED", "PAID", "FAILED", "PARTIALLY_REFUNDED", "REFUNDED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A seat offered to an application (issue 38): OFFERED (the seat is held for the family until the
 * offer expires), ACCEPTED (the fee was paid: the child is admitted), DECLINED (by the family, or
 * by staff for them), EXPIRED (not paid in time), WITHDRAWN (by staff). Only OFFERED holds a seat;
 * an ACCEPTED offer's seat is held by its paid order.
 */
export const OFFER_STATUSES = ["OFFERED", "ACCEPTED", "DECLINED", "EXPIRED", "WITHDRAWN"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * An application's place on its grade's waitlist (issue 38): WAITING (in the queue; its position
 * counts the WAITING entries before it), PROMOTED (offered a seat, so out of the queue), REMOVED
 * (taken off by staff, or its application decided otherwise).
 */
export const WAITLIST_STATUSES = ["WAITING", "PROMOTED", "REMOVED"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A mail's life in the outbox: QUEUED (waiting for its next attempt), SENDING (an instance holds
 * it for one attempt), SENT, FAILED (given up: attempts spent or the address refused for good).
 */
export const MAIL_STATUSES = ["QUEUED", "SENDING", "SENT", "FAILED"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export type StatusTone = "yellow" | "blue" | "green" | "red";

/** A user's account is either usable or disabled: the users list's "status" tabs. */
export const ACCOUNT_STATES = ["ACTIVE", "DISABLED"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export function statusLabel(status: string): string {
  return (status.charAt(0) + status.slice(1).toLowerCase()).replaceAll("_", " ");
}

/**
 * The records whose life is written down in record_events (issues 19 and 20): who changed what,
 * when, and what was erased.
 */
/** GRADE: a grade's seats (issue 38), its record id the grade's name. */
export const RECORD_TYPES = [
  "APPLICATION",
  "DEMO_REQUEST",
  "ORDER",
  "TEACHER_APPLICATION",
  "USER",
  "GRADE",
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/**
 * What happened to a record: a status change (from, to), a staff note, personal fields removed
 * by the retention job (ANONYMISED), an account erased at its owner's request (ERASED), or a
 * grade's seats set by staff (SEATS_CHANGED, its note "Seats 30 → 40, reserved 0 → 8"), an
 * application's seat offer moving (OFFER: from and to are offer statuses, the note its grade and
 * expiry) or its place on the waitlist (WAITLIST: to is a waitlist status, the note its position),
 * or a WhatsApp or SMS update about it sent again by a person (MESSAGE_RESENT, issue 39: the note
 * names the message and its new number); a follow-up set, moved to another day or done (issue 40:
 * from and to are its days, the note its note), or two records merged into one or marked distinct
 * (MERGED, MARKED_DISTINCT: the note names the other record).
 */
export const RECORD_EVENT_KINDS = [
  "STATUS_CHANGED",
  "NOTE",
  "ANONYMISED",
  "ERASED",
  "SEATS_CHANGED",
  "OFFER",
  "WAITLIST",
  "MESSAGE_RESENT",
  "FOLLOW_UP_SET",
  "FOLLOW_UP_MOVED",
  "FOLLOW_UP_DONE",
  "MERGED",
  "MARKED_DISTINCT",
] as const;
export type RecordEventKind = (typeof RECORD_EVENT_KINDS)[number];

/**
 * One thing that happened to a record, as staff read it: who (an account id, and its name while
 * the account exists), what, when. `When` is a Date on the server and ISO text once serialised.
 */
export type RecordEventView<When = Date> = {
  id: number;
  kind: RecordEventKind;
  actorId: number | null;
  /** The staff account's name while it exists (null: done by the site, the owner, or an account since gone). */
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  createdAt: When;
};
