import { eq, or, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { users } from "../../../db/schema";

/** An account as the ownership rule needs it: its id, its address, and whether that address is proved. */
export type RecordOwner = { id: number; email: string; verified: boolean };

/** The columns the rule reads: the account the record was sent from, and the address it gave. */
export type OwnedColumns = { userId?: AnyColumn; email: AnyColumn };

/** The rule itself, given the owner's id and lower-cased address as values or as placeholders. */
function ownership(
  columns: OwnedColumns,
  verified: boolean,
  id: number | Placeholder,
  email: string | Placeholder,
): SQL | undefined {
  const bySession = columns.userId ? eq(columns.userId, id) : undefined;
  if (!verified) return bySession ?? sql`false`;
  const byAddress = eq(sql`lower(${columns.email})`, email);
  return bySession ? or(bySession, byAddress) : byAddress;
}

/**
 * Rows that belong to the account (decision 0028; the profile, the data export and the erasure
 * all ask this): sent while it was signed in (`user_id`), or sent from its address once that
 * address is proved. One `or` of the two indexed conditions, so PostgreSQL can combine both
 * indexes. A kind without an account column (teacher registrations) belongs by address alone.
 */
export function ownedBy(columns: OwnedColumns, owner: RecordOwner): SQL | undefined {
  return ownership(columns, owner.verified, owner.id, owner.email.toLowerCase());
}

/** What a statement prepared by `preparedPerOwner` is run with (besides its own values). */
const ownerValues = (owner: RecordOwner) => ({ ownerId: owner.id, ownerEmail: owner.email.toLowerCase() });

/** A drizzle query that can be prepared by name (a select, an insert…). */
type Preparable<Result> = {
  prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<Result> };
};

/**
 * A statement over an owner's rows, prepared once for each form of the rule (an address proved or
 * not) with the owner's id and address as values: the parent's profile reads a dozen of them on
 * every visit, each built by drizzle and planned by the database every time before (issue 41).
 * `build` gets the rule to use in place of `ownedBy`.
 */
export function preparedPerOwner<Result>(
  name: string,
  build: (owned: (columns: OwnedColumns) => SQL | undefined) => Preparable<Result>,
) {
  const statements = new Map<boolean, ReturnType<Preparable<Result>["prepare"]>>();
  return (owner: RecordOwner, values: Record<string, unknown> = {}): Promise<Result> => {
    let statement = statements.get(owner.verified);
    if (!statement) {
      statement = build((columns) =>
        ownership(columns, owner.verified, sql.placeholder("ownerId"), sql.placeholder("ownerEmail")),
      ).prepare(`${name}_${owner.verified ? "proved" : "unproved"}`);
      statements.set(owner.verified, statement);
    }
    return statement.execute({ ...ownerValues(owner), ...values });
  };
}

const ownerColumns = { email: users.email, verifiedAt: users.emailVerifiedAt };

const ownerFrom = (userId: number, row: { email: string; verifiedAt: Date | null } | undefined) =>
  row ? { id: userId, email: row.email, verified: row.verifiedAt !== null } : null;

/** The account as the ownership rule needs it; null when it no longer exists. */
export async function ownerOf(executor: Executor, userId: number): Promise<RecordOwner | null> {
  const [row] = await executor.select(ownerColumns).from(users).where(eq(users.id, userId));
  return ownerFrom(userId, row);
}

/** `ownerOf` outside a transaction, as a statement prepared once (the profile asks it on every visit). */
export function preparedOwnerOf(executor: Executor) {
  const statement = executor
    .select(ownerColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("record_owner");
  return async (userId: number) => ownerFrom(userId, (await statement.execute({ userId }))[0]);
}
