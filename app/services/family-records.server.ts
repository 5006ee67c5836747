import { desc, is, sql } from "drizzle-orm";
import { PgColumn, PgTimestamp } from "drizzle-orm/pg-core";
import { FAMILY_KINDS, FAMILY_RECORDS_SHOWN, type FamilyRecords, type Listed } from "~/domain/family-records";
import type { Database } from "../../db/client";
import { storeOf, type RecordOwner, type RecordStore } from "./record-kinds/index.server";
import type { Columns } from "./record-kinds/store.server";
import { preparedOwnerOf, preparedPerOwner } from "./record-kinds/ownership.server";

export { FAMILY_RECORDS_SHOWN, type FamilyRecords, type Listed } from "~/domain/family-records";

/** The columns under their own names, so each JSON row has the keys the page reads. */
const namedColumns = (columns: Columns) =>
  Object.fromEntries(
    Object.entries(columns).map(([name, column]) => [
      name,
      is(column, PgColumn) ? sql`${column}`.as(name) : column,
    ]),
  );

/** A row as JSON gave it, its moments as dates again (the columns say which are). */
const fromJson = (columns: Columns, row: Record<string, unknown>) => {
  for (const [name, column] of Object.entries(columns))
    if (is(column, PgTimestamp) && typeof row[name] === "string") row[name] = new Date(row[name]);
  return row;
};

const listed = <Row>(rows: Row[]): Listed<Row> => ({
  rows: rows.slice(0, FAMILY_RECORDS_SHOWN),
  more: rows.length > FAMILY_RECORDS_SHOWN,
});

/**
 * What a parent's profile shows (issue 18, decision 0028): the records of each kind the profile
 * lists (app/domain/family-records.ts) that belong to the account. A record belongs to it when it
 * was sent while the account was signed in, or when its e-mail is the account's address and that
 * address is verified; an address typed into a form proves nothing until its owner has followed
 * the mailed link, so before that only the account's own submissions show.
 */
export function createFamilyRecordsService(db: Database) {
  const ownerOf = preparedOwnerOf(db);
  /**
   * Each kind's newest rows of an account, one more than shown (so "there are more" is known),
   * every kind a JSON array in one statement: the profile reads them on every visit, and a
   * statement a kind was a round trip each, and on PGlite a turn of its thread each (issue 41).
   */
  const stores = FAMILY_KINDS.map(
    (kind) => storeOf(kind) as RecordStore & Required<Pick<RecordStore, "family" | "ownerColumns">>,
  );
  const newest = preparedPerOwner("family_records", (owned) =>
    db
      .select(
        Object.fromEntries(
          FAMILY_KINDS.map((kind, index) => {
            const store = stores[index]!;
            const rows = db
              .select(namedColumns(store.family.columns))
              .from(store.table)
              .where(owned(store.ownerColumns))
              .orderBy(desc(store.createdAt), desc(store.id))
              .limit(FAMILY_RECORDS_SHOWN + 1)
              .as("newest");
            return [
              kind,
              sql<Record<string, unknown>[]>`(select coalesce(json_agg(newest), '[]'::json) from ${rows})`,
            ];
          }),
        ),
      )
      .from(sql`(values (1)) as family (one)`),
  );

  return {
    /** The account's records of each kind, newest first; null when the account no longer exists. */
    async forUser(userId: number): Promise<FamilyRecords | null> {
      const owner = await ownerOf(userId);
      return owner ? this.forOwner(owner) : null;
    },

    /** `forUser` for an account already read (a page's session carries it). */
    async forOwner(owner: RecordOwner): Promise<FamilyRecords> {
      const [sections] = (await newest(owner)) as Record<string, Record<string, unknown>[]>[];
      return {
        email: owner.email,
        verified: owner.verified,
        ...Object.fromEntries(
          FAMILY_KINDS.map((kind, index) => {
            const { columns, shape } = stores[index]!.family;
            const rows = sections![kind]!.map((row) => fromJson(columns, row));
            return [kind, listed(shape ? rows.map(shape) : rows)];
          }),
        ),
      } as FamilyRecords;
    },
  };
}
