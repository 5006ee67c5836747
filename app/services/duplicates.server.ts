import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { DuplicateRule } from "~/domain/duplicates";
import { RECORD_KINDS } from "~/domain/record-kinds";
import { queryRows, type Database, type Executor } from "../../db/client";
import {
  applications,
  demoRequests,
  followUps,
  offers,
  orders,
  possibleDuplicates,
  recordEvents,
  waitlistEntries,
} from "../../db/schema";
import { badRequest, conflict, notFound } from "./errors";
import type { RecordHistory } from "./record-history.server";

/** The two kinds a family sends again: an admission application and a demo request. */
export type EnquiryType = "APPLICATION" | "DEMO_REQUEST";

const TABLES = { APPLICATION: applications, DEMO_REQUEST: demoRequests } as const;
const KINDS = { APPLICATION: "applications", DEMO_REQUEST: "demos" } as const;
const one = (recordType: EnquiryType) => RECORD_KINDS[KINDS[recordType]].one.toLowerCase();

/** What a submission is compared by: its values, or the placeholders of its prepared statement. */
type Fields = { mobile: SQLWrapper; email: SQLWrapper; studentName?: SQLWrapper; dob?: SQLWrapper };

/**
 * The arguments of the database's duplicate check for `fields` (migration 0024, decision 0054):
 * `duplicate_matches` holds the rules, written once, and is inlined into the submission's
 * prepared statement, planned once per connection on either database (decision 0055).
 */
function checkArguments(recordType: EnquiryType, newId: SQL, fields: Fields): SQL {
  const child = recordType === "APPLICATION" && fields.studentName && fields.dob;
  return sql`${recordType}::record_type, ${newId}, ${fields.mobile}::text, ${fields.email}::text,
    ${child ? sql`${fields.studentName}::text` : sql`null::text`}, ${child ? sql`${fields.dob}::date` : sql`null::date`}`;
}

/** One undecided match as a record's page lists it. */
export type PossibleDuplicate = {
  pairId: number;
  otherId: number;
  rule: DuplicateRule;
  otherStudentName: string;
  otherCreatedAt: Date;
};

/**
 * "The same family, recognised" (issue 40 point 4). A submission is compared, in the statement
 * that stores it, with the earlier records of its kind (neither merged away nor anonymised); each
 * match is a possible_duplicates row. Staff decide each one: merge (one record kept, the other's
 * history, notes and follow-ups moved to it) or "not the same family". Nothing is merged without
 * a person.
 */
export function createDuplicates({ db, history }: { db: Database; history: Pick<RecordHistory, "add"> }) {
  /**
   * The data-modifying CTE that marks the row inserted by the same statement (CTE `created`), as
   * `queuedWith` of the mail outbox: no round trip more for the submission. The matches are the
   * database's check (checkArguments): one read, a record matched by more than one rule written
   * once, under the first in DUPLICATE_RULES' order; it sees the table as it was before the
   * statement, so the new row never matches itself.
   */
  function checkWith(recordType: EnquiryType, fields: Fields) {
    return db.$with("flagged", {}).as(
      sql`insert into ${possibleDuplicates} (record_type, record_id, other_id, rule)
          select ${recordType}::record_type, created.id, m.other_id, m.rule
          from created, duplicate_matches(${checkArguments(recordType, sql`created.id`, fields)}) as m`,
    );
  }

  /** Reads the pair for a decision, locked: a second decision on it waits, then finds it decided. */
  async function lockedPair(tx: Executor, recordType: EnquiryType, pairId: number) {
    const [pair] = await tx
      .select()
      .from(possibleDuplicates)
      .where(and(eq(possibleDuplicates.id, pairId), eq(possibleDuplicates.recordType, recordType)))
      .for("update");
    if (!pair) throw notFound("That possible duplicate is not there any more.");
    if (pair.decision) throw conflict("Someone has already decided about these two records.");
    return pair;
  }

  /** Why the merged-away application must stay as it is, if it must: a seat or a payment hangs on it. */
  async function holdsASeat(tx: Executor, applicationId: number): Promise<string | null> {
    const rows = await queryRows<{ offer: boolean; waiting: boolean; paid: boolean }>(
      tx,
      sql`select
            exists (select 1 from ${offers} where ${offers.applicationId} = ${applicationId}
                    and ${offers.status} in ('OFFERED', 'ACCEPTED')) as offer,
            exists (select 1 from ${waitlistEntries} where ${waitlistEntries.applicationId} = ${applicationId}
                    and ${waitlistEntries.status} = 'WAITING') as waiting,
            exists (select 1 from ${orders} join ${offers} on ${offers.id} = ${orders.offerId}
                    where ${offers.applicationId} = ${applicationId}
                    and ${orders.status} in ('PAID', 'PARTIALLY_REFUNDED')) as paid`,
    );
    const found = rows[0]!;
    if (found.paid)
      return `Application #${applicationId} has a paid order: keep it, and merge the other into it.`;
    if (found.offer)
      return `Application #${applicationId} holds a seat offer: keep it, and merge the other into it.`;
    if (found.waiting)
      return `Application #${applicationId} has a place on the waitlist: keep it, and merge the other into it.`;
    return null;
  }

  // Every admin list of enquiries asks it for its page's rows: prepared once, the ids one array (issue 41).
  const flaggedPairs = db
    .selectDistinct({ recordId: possibleDuplicates.recordId, otherId: possibleDuplicates.otherId })
    .from(possibleDuplicates)
    .where(
      and(
        eq(possibleDuplicates.recordType, sql.placeholder("recordType")),
        isNull(possibleDuplicates.decision),
        or(
          sql`${possibleDuplicates.recordId} = any(${sql.placeholder("ids")}::int[])`,
          sql`${possibleDuplicates.otherId} = any(${sql.placeholder("ids")}::int[])`,
        ),
      ),
    )
    .prepare("possible_duplicates_flagged_among");

  return {
    checkWith,

    /**
     * How PostgreSQL plans the check's read for these values (EXPLAIN's text): the bench checks
     * with it that every rule is a probe of its index, not a read of the table.
     */
    async plan(
      recordType: EnquiryType,
      values: { mobile: string; email: string; studentName?: string; dob?: string },
    ): Promise<string> {
      const given = (value: string | undefined) => (value === undefined ? undefined : sql`${value}`);
      const fields = {
        mobile: sql`${values.mobile}`,
        email: sql`${values.email}`,
        studentName: given(values.studentName),
        dob: given(values.dob),
      };
      const rows = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`explain select * from duplicate_matches(${checkArguments(recordType, sql`0`, fields)})`,
      );
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    },

    /** The undecided matches of one record, either way round, whose other record is still listed. */
    async forRecord(recordType: EnquiryType, id: number): Promise<PossibleDuplicate[]> {
      const table = TABLES[recordType];
      const rows = await queryRows<{
        pairId: number;
        otherId: number;
        rule: DuplicateRule;
        otherStudentName: string;
        otherCreatedAt: string | Date;
      }>(
        db,
        sql`select p.id as "pairId", o.id as "otherId", p.rule, o.student_name as "otherStudentName",
                   o.created_at as "otherCreatedAt"
            from ${possibleDuplicates} p
            join ${table} o on o.id = case when p.record_id = ${id} then p.other_id else p.record_id end
            where p.record_type = ${recordType} and p.decision is null
              and (p.record_id = ${id} or p.other_id = ${id})
              and o.merged_into_id is null and o.anonymised_at is null
            order by o.id desc`,
      );
      return rows.map((row) => ({ ...row, otherCreatedAt: new Date(row.otherCreatedAt) }));
    },

    /** Which of these records (a page of a list) have an undecided match: one query for the page. */
    async flaggedAmong(recordType: EnquiryType, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await flaggedPairs.execute({ recordType, ids: `{${ids.join(",")}}` });
      const flagged = new Set(rows.flatMap((row) => [row.recordId, row.otherId]));
      return ids.filter((id) => flagged.has(id));
    },

    /**
     * Merges the pair `pairId` of `recordType`, keeping `keepId` (one of the two): in one
     * transaction, the pair and both records locked, the other's history and notes and
     * follow-ups move to the kept one, the other is marked merged into it (kept for the audit,
     * no longer listed or counted), both histories say so. Refused, changing nothing, when the
     * pair is decided already, when either record is merged away or anonymised, or when the one
     * to merge away holds a seat offer, a waitlist place or a paid order.
     */
    async merge(
      recordType: EnquiryType,
      { pairId, keepId }: { pairId: number; keepId: number },
      actorId: number,
    ): Promise<{ keptId: number; mergedId: number }> {
      return db.transaction(async (tx) => {
        const pair = await lockedPair(tx, recordType, pairId);
        if (keepId !== pair.recordId && keepId !== pair.otherId)
          throw badRequest("Choose one of the two records to keep.");
        const mergedId = keepId === pair.recordId ? pair.otherId : pair.recordId;
        const table = TABLES[recordType];
        const both = await queryRows<{ id: number; mergedIntoId: number | null; anonymisedAt: unknown }>(
          tx,
          sql`select ${table.id} as id, ${table.mergedIntoId} as "mergedIntoId", ${table.anonymisedAt} as "anonymisedAt"
              from ${table} where ${table.id} in (${keepId}, ${mergedId}) order by ${table.id} for update`,
        );
        if (both.length < 2)
          throw notFound(
            `One of the two ${RECORD_KINDS[KINDS[recordType]].many.toLowerCase()} is not there any more.`,
          );
        if (both.some((row) => row.mergedIntoId !== null))
          throw conflict("One of the two has been merged into another record already.");
        if (both.some((row) => row.anonymisedAt !== null))
          throw conflict("One of the two has had its personal details removed: it cannot be merged.");
        if (recordType === "APPLICATION") {
          const reason = await holdsASeat(tx, mergedId);
          if (reason) throw conflict(reason);
        }

        const kept = String(keepId);
        const merged = String(mergedId);
        // Its history and notes become the kept record's, the moments and authors as they were.
        await tx
          .update(recordEvents)
          .set({ recordId: kept })
          .where(and(eq(recordEvents.recordType, recordType), eq(recordEvents.recordId, merged)));
        // One open follow-up a record: with one on each, the earlier day stays and the other is done.
        const open = await tx
          .select()
          .from(followUps)
          .where(
            and(
              eq(followUps.recordType, recordType),
              inArray(followUps.recordId, [kept, merged]),
              isNull(followUps.doneAt),
            ),
          )
          .orderBy(followUps.dueOn, followUps.id)
          .for("update");
        if (open.length === 2) {
          const [earlier, later] = open as [(typeof open)[number], (typeof open)[number]];
          await tx
            .update(followUps)
            .set({ doneAt: new Date(), doneBy: actorId })
            .where(eq(followUps.id, later.id));
          await history.add(tx, {
            recordType,
            recordId: keepId,
            kind: "FOLLOW_UP_DONE",
            actorId,
            toStatus: later.dueOn,
            note: `Closed on merging #${mergedId} into this ${one(recordType)}: the follow-up for ${earlier.dueOn} is kept.`,
          });
        }
        await tx
          .update(followUps)
          .set({ recordId: kept })
          .where(and(eq(followUps.recordType, recordType), eq(followUps.recordId, merged)));
        await tx.update(table).set({ mergedIntoId: keepId }).where(eq(table.id, mergedId));
        await tx
          .update(possibleDuplicates)
          .set({ decision: "MERGED", decidedBy: actorId, decidedAt: new Date() })
          .where(eq(possibleDuplicates.id, pair.id));
        await history.add(
          tx,
          {
            recordType,
            recordId: keepId,
            kind: "MERGED",
            actorId,
            note: `${RECORD_KINDS[KINDS[recordType]].one} #${mergedId} merged into this one: its history, notes and follow-ups are here now.`,
          },
          {
            recordType,
            recordId: mergedId,
            kind: "MERGED",
            actorId,
            note: `Merged into ${one(recordType)} #${keepId}: its history, notes and follow-ups moved there.`,
          },
        );
        return { keptId: keepId, mergedId };
      });
    },

    /** "Not the same family": the pair is decided DISTINCT, both histories say so; never flagged again. */
    async markDistinct(recordType: EnquiryType, pairId: number, actorId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const pair = await lockedPair(tx, recordType, pairId);
        await tx
          .update(possibleDuplicates)
          .set({ decision: "DISTINCT", decidedBy: actorId, decidedAt: new Date() })
          .where(eq(possibleDuplicates.id, pair.id));
        const what = one(recordType);
        await history.add(
          tx,
          {
            recordType,
            recordId: pair.recordId,
            kind: "MARKED_DISTINCT",
            actorId,
            note: `Not the same family as ${what} #${pair.otherId}.`,
          },
          {
            recordType,
            recordId: pair.otherId,
            kind: "MARKED_DISTINCT",
            actorId,
            note: `Not the same family as ${what} #${pair.recordId}.`,
          },
        );
      });
    },
  };
}

export type Duplicates = ReturnType<typeof createDuplicates>;
