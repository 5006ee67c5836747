import { count, eq } from "drizzle-orm";
import type { RecordEventKind, RecordType } from "~/domain/statuses";
import type { Database, Executor } from "../../db/client";
import { recordEvents, users } from "../../db/schema";
import { byAge, pageOf, type Paged, type ReadRows } from "./paging.server";

/**
 * One thing that happened to a record. Never personal data: the actor is an account id, and a
 * note is either staff's own words or counts ("3 applications, 1 demo request").
 */
export type RecordEvent = {
  recordType: RecordType;
  /** The record's id as text (orders have uuids). */
  recordId: string | number;
  kind: RecordEventKind;
  actorId?: number | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  note?: string | null;
};

/** An event as the admin history lists it. */
export type ListedRecordEvent = {
  id: number;
  recordType: RecordType;
  recordId: string;
  kind: RecordEventKind;
  actorId: number | null;
  /** The staff account's name while it exists (null: done by the site, the owner, or an account since gone). */
  actorName: string | null;
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  createdAt: Date;
};

const listed = {
  id: recordEvents.id,
  recordType: recordEvents.recordType,
  recordId: recordEvents.recordId,
  kind: recordEvents.kind,
  actorId: recordEvents.actorId,
  actorName: users.name,
  fromStatus: recordEvents.fromStatus,
  toStatus: recordEvents.toStatus,
  note: recordEvents.note,
  createdAt: recordEvents.createdAt,
};

const rowOf = (event: RecordEvent) => ({
  recordType: event.recordType,
  recordId: String(event.recordId),
  kind: event.kind,
  actorId: event.actorId ?? null,
  fromStatus: event.fromStatus ?? null,
  toStatus: event.toStatus ?? null,
  note: event.note ?? null,
});

export type RecordHistory = ReturnType<typeof createRecordHistory>;

/**
 * The life of records (table record_events, issues 19 and 20): status changes, notes, erasures and
 * anonymisations. Writers add events inside the transaction of the change they describe, so an
 * event exists exactly when its change does.
 */
export function createRecordHistory(db: Database) {
  const eventsByAge: ReadRows<ListedRecordEvent> = async (order, limit, offset) =>
    db
      .select(listed)
      .from(recordEvents)
      .leftJoin(users, eq(users.id, recordEvents.actorId))
      .orderBy(...byAge(order, recordEvents.createdAt, recordEvents.id))
      .limit(limit)
      .offset(offset);

  return {
    /** Adds events through `executor` (the caller's transaction, or the database). */
    async add(executor: Executor, ...events: RecordEvent[]): Promise<void> {
      if (events.length === 0) return;
      await executor.insert(recordEvents).values(events.map(rowOf));
    },

    /** A page of every record's history, newest first (the admin History screen). */
    async list(query: unknown = {}): Promise<Paged<ListedRecordEvent>> {
      return pageOf(query, {
        count: async () => (await db.select({ total: count() }).from(recordEvents))[0]?.total ?? 0,
        rows: eventsByAge,
      });
    },
  };
}
