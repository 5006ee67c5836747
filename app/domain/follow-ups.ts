/**
 * Follow-ups (issue 40 point 3): a "call back by" day and a short note staff set on an application
 * or a demo request. A record has at most one open follow-up; moving it changes its day, doing it
 * closes it. Each step is in the record's history.
 */
export const FOLLOW_UP_NOTE_MAX = 200;

/** The kinds of record a follow-up can be set on. */
export const FOLLOW_UP_RECORD_TYPES = ["APPLICATION", "DEMO_REQUEST"] as const;
export type FollowUpRecordType = (typeof FOLLOW_UP_RECORD_TYPES)[number];

/** The staff digests sent once a day across instances (staff_digests.kind). */
export const STAFF_DIGEST_KINDS = ["FOLLOW_UPS"] as const;
export type StaffDigestKind = (typeof STAFF_DIGEST_KINDS)[number];

/** The follow-up form's fields (the record page's and the service's one home for their names). */
export const FOLLOW_UP_FIELDS = { dueOn: "dueOn", note: "note" } as const;

/** How far ahead a follow-up may be set: a call back by a day within a year. */
export const FOLLOW_UP_MAX_DAYS_AHEAD = 365;

/** The hour in India from which the day's follow-ups mail is sent (8 am: before the calls begin). */
export const FOLLOW_UP_DIGEST_HOUR = 8;

/** Where an open follow-up stands against today in India. */
export type FollowUpDue = "overdue" | "today" | "later";
export const followUpDue = (dueOn: string, today: string): FollowUpDue =>
  dueOn < today ? "overdue" : dueOn === today ? "today" : "later";

/** YYYY-MM-DD `days` after `day` (calendar days: India keeps no summer time). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
