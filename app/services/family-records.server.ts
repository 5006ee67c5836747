import { desc } from "drizzle-orm";
import { FAMILY_KINDS, FAMILY_RECORDS_SHOWN, type FamilyRecords, type Listed } from "~/domain/family-records";
import type { Database } from "../../db/client";
import { storeOf, type RecordOwner, type RecordStore } from "./record-kinds/index.server";
import { preparedOwnerOf, preparedPerOwner } from "./record-kinds/ownership.server";

export { FAMILY_RECORDS_SHOWN, type FamilyRecords, type Listed } from "~/domain/family-records";

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
  /** Each kind's newest rows of an account, one more than shown (so "there are more" is known). */
  const newest = FAMILY_KINDS.map((kind) => {
    const store = storeOf(kind) as RecordStore & Required<Pick<RecordStore, "family" | "ownerColumns">>;
    const read = preparedPerOwner(`family_records_${kind}`, (owned) =>
      db
        .select(store.family.columns)
        .from(store.table)
        .where(owned(store.ownerColumns))
        .orderBy(desc(store.createdAt), desc(store.id))
        .limit(FAMILY_RECORDS_SHOWN + 1),
    );
    return async (owner: RecordOwner) => {
      const rows = (await read(owner)) as Record<string, unknown>[];
      return listed(store.family.shape ? rows.map(store.family.shape) : rows);
    };
  });

  return {
    /** The account's records of each kind, newest first; null when the account no longer exists. */
    async forUser(userId: number): Promise<FamilyRecords | null> {
      const owner = await ownerOf(userId);
      return owner ? this.forOwner(owner) : null;
    },

    /** `forUser` for an account already read (a page's session carries it). */
    async forOwner(owner: RecordOwner): Promise<FamilyRecords> {
      const sections = await Promise.all(newest.map((read) => read(owner)));
      return {
        email: owner.email,
        verified: owner.verified,
        ...Object.fromEntries(FAMILY_KINDS.map((kind, index) => [kind, sections[index]])),
      } as FamilyRecords;
    },
  };
}
