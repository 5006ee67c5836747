/**
 * "Possible duplicate" (issue 40 point 4): a new application or demo request whose normalised
 * mobile number, e-mail address, or child's name with date of birth matches an earlier record of
 * its kind. Nothing is merged without a person: staff merge the two (one kept, the other's
 * history, notes and follow-ups moved to it) or mark them distinct. The rules themselves are the
 * database's function `duplicate_matches` (migration 0024, decision 0054), which names each match
 * by the first of these it meets, in this order.
 */
export const DUPLICATE_RULES = ["MOBILE", "EMAIL", "CHILD"] as const;
export type DuplicateRule = (typeof DUPLICATE_RULES)[number];
