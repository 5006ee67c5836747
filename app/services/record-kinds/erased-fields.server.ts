import { sql, type AnyColumn } from "drizzle-orm";
import { ERASED_EMAIL, ERASED_MOBILE, ERASED_NAME } from "~/domain/personal-data";

/**
 * The values that replace a family record's personal fields (decision 0037), shared by the owner's
 * erasure and the retention job: names "Erased", e-mail `erased-<id>@invalid`, mobile zeros.
 * What the school needs (grade, status, amounts, dates, ids) stays.
 */
export function familyFieldsErased(id: AnyColumn) {
  return {
    studentName: ERASED_NAME,
    parentName: ERASED_NAME,
    mobile: ERASED_MOBILE,
    email: erasedEmail(id),
    // "How did you hear about us? Other: …" is the family's own words (issue 40); the campaign
    // and the referring site are the school's, about no one, and stay for the figures.
    heardAboutOther: null,
    userId: null,
    anonymisedAt: sql`now()`,
  };
}

/** `erased-<id>@invalid`: unique per record, and no one's address. */
export const erasedEmail = (id: AnyColumn) =>
  sql`${ERASED_EMAIL.prefix} || ${id}::text || ${ERASED_EMAIL.suffix}`;

/** A child's date of birth keeps only its year (1 January): grade and age figures still hold. */
export const yearOnly = (dob: AnyColumn) => sql`make_date(extract(year from ${dob})::int, 1, 1)`;
