import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { freeText } from "~/domain/free-text";
import { LIMITS } from "~/domain/limits";
import type { RecordEventKind, RecordEventView, RecordType } from "~/domain/statuses";
import type { Database, Executor } from "../../db/client";
import { recordEvents, users } from "../../db/schema";
import { byAge, pageOf, type Paged, type ReadRows } from "./paging.server";
import { parseInput } from "./validation";

/** The note form's one field, as staff type it on a record's page. */
const noteInput = z.object({
  note: freeText({ what: "the note", multiline: true, error: "Write the note as text." })
    .min(1, "Write the note before adding it.")
    .max(LIMITS.note, `Keep the note under ${LIMITS.note} characters.`),
});

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
export type ListedRecordEvent = RecordEventView & { recordType: RecordType; recordId: string };

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

    /**
     * One record's whole history, newest first (its detail page): a record's life is a handful
     * of status changes and notes, so it is read at once.
     */
    async forRecord(recordType: RecordType, recordId: string | number): Promise<ListedRecordEvent[]> {
      return db
        .select(listed)
        .from(recordEvents)
        .leftJoin(users, eq(users.id, recordEvents.actorId))
        .where(and(eq(recordEvents.recordType, recordType), eq(recordEvents.recordId, String(recordId))))
        .orderBy(desc(recordEvents.createdAt), desc(recordEvents.id));
    },

    /**
     * The newest events of one type of record, whichever record (the Seats screen lists the last
     * changes to any grade's seats), newest first.
     */
    async recentOf(recordType: RecordType, limit: number): Promise<ListedRecordEvent[]> {
      return db
        .select(listed)
        .from(recordEvents)
        .leftJoin(users, eq(users.id, recordEvents.actorId))
        .where(eq(recordEvents.recordType, recordType))
        .orderBy(desc(recordEvents.createdAt), desc(recordEvents.id))
        .limit(limit);
    },

    /**
     * A staff note on a record (the caller has found the record): 400 with the field's message
     * for an empty or too long one, or one with a hidden control character; kept as typed.
     */
    async addNote(
      recordType: RecordType,
      recordId: string | number,
      input: unknown,
      actorId: number,
    ): Promise<void> {
      const { note } = parseInput(noteInput, input);
      await db.insert(recordEvents).values(rowOf({ recordType, recordId, kind: "NOTE", actorId, note }));
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
