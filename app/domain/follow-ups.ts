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
