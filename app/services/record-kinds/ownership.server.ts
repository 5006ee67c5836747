import { eq, or, sql, type AnyColumn, type SQL } from "drizzle-orm";

/** An account as the ownership rule needs it: its id, its address, and whether that address is proved. */
export type RecordOwner = { id: number; email: string; verified: boolean };

/**
 * Rows that belong to the account (decision 0028; the profile, the data export and the erasure
 * all ask this): sent while it was signed in (`user_id`), or sent from its address once that
 * address is proved. One `or` of the two indexed conditions, so PostgreSQL can combine both
 * indexes. A kind without an account column (teacher registrations) belongs by address alone.
 */
export function ownedBy(
  columns: { userId?: AnyColumn; email: AnyColumn },
  owner: RecordOwner,
): SQL | undefined {
  const bySession = columns.userId ? eq(columns.userId, owner.id) : undefined;
  if (!owner.verified) return bySession ?? sql`false`;
  const byAddress = eq(sql`lower(${columns.email})`, owner.email.toLowerCase());
  return bySession ? or(bySession, byAddress) : byAddress;
}
