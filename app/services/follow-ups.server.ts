import { and, asc, eq, inArray, isNull, lte, sql, type Placeholder } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import {
  dayAfter,
  FOLLOW_UP_DIGEST_HOUR,
  FOLLOW_UP_FIELDS,
  FOLLOW_UP_MAX_DAYS_AHEAD,
  FOLLOW_UP_NOTE_MAX,
  FOLLOW_UP_RECORD_TYPES,
  STAFF_DIGEST_KINDS,
  type FollowUpRecordType,
  type StaffDigestKind,
} from "~/domain/follow-ups";
import { FIELD_MESSAGES } from "~/domain/field-messages";
import { isoDateInIndia } from "~/domain/format";
import { freeText } from "~/domain/free-text";
import { kindOfRecordType, RECORD_KINDS, recordPath } from "~/domain/record-kinds";
import type { Database, Executor } from "../../db/client";
import { applications, demoRequests, followUps, staffDigests, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "./errors";
import type { MailOutbox } from "./mail/outbox.server";
import type { RecordHistory } from "./record-history.server";
import { startRepeatingJob, type RepeatingJob } from "./repeating-job.server";
import { parseInput } from "./validation";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const DAY_MESSAGE = "Please give the day to call back by as a date (for example 2026-12-04).";
const noteField = freeText({ what: "the note", error: FIELD_MESSAGES.notText("the note") })
  .max(FOLLOW_UP_NOTE_MAX, FIELD_MESSAGES.tooLong(FOLLOW_UP_NOTE_MAX))
  .nullish()
  .transform((value) => value ?? "");

/** The follow-up form: the day (checked against today by the service's clock) and a short note. */
const followUpInput = z.object({
  [FOLLOW_UP_FIELDS.dueOn]: z
    .string({ error: DAY_MESSAGE })
    .trim()
    .refine(isCalendarDay, { message: DAY_MESSAGE }),
  [FOLLOW_UP_FIELDS.note]: noteField,
});

/** An open follow-up as a record's page shows it. */
type OpenFollowUp = {
  id: number;
  dueOn: string;
  note: string;
  setBy: number | null;
  /** Who set it; null once their account is removed. */
  setByName: string | null;
  createdAt: Date;
};

/** One due follow-up, as /admin and the morning mail list it. */
type DueFollowUp = {
  id: number;
  recordType: FollowUpRecordType;
  recordId: string;
  dueOn: string;
  note: string;
  /** "Application #12: Asha Kumar". */
  label: string;
  /** The record's staff page. */
  path: string;
};

/** The due follow-ups of one person who set them (`name` null: a removed account). */
export type DueGroup = { setBy: number | null; name: string | null; items: DueFollowUp[] };

/** What is due on `today`: overdue and due today, per person who set them, and how many in all. */
export type DueFollowUps = { today: string; total: number; groups: DueGroup[] };

/** At most this many are listed (/admin and the mail say how many more there are). */
const DUE_LISTED = 200;

/** The staff_digests kind of the morning mail (the only digest so far). */
const DIGEST: StaffDigestKind = STAFF_DIGEST_KINDS[0];

const RECORD_TABLES = { APPLICATION: applications, DEMO_REQUEST: demoRequests } as const;

/** A person's group's order: named people alphabetically, removed accounts last. */
const byName = (a: DueGroup, b: DueGroup) =>
  a.name === null ? 1 : b.name === null ? -1 : a.name.localeCompare(b.name, "en-IN");

export type FollowUpsService = ReturnType<typeof createFollowUpsService>;

/**
 * Follow-ups (issue 40 point 3): a "call back by" day and a short note staff set on an application
 * or a demo request; one open a record (the partial unique index follow_ups_open_record_idx, so two
 * posts at once make one); each step is written to the record's history in its transaction. What
 * is due is read through the partial index follow_ups_open_due_idx. `now` is the clock (tests move
 * it across days); "today" is the day in India.
 */
export function createFollowUpsService({
  db,
  history,
  outbox,
  now = () => new Date(),
}: {
  db: Database;
  history: Pick<RecordHistory, "add">;
  outbox: Pick<MailOutbox, "prepare">;
  now?: () => Date;
}) {
  const today = () => isoDateInIndia(now());

  /** The record, or the kind's 404; an anonymised one is refused a new day (no one left to call). */
  async function recordOf(recordType: FollowUpRecordType, recordId: number) {
    const table = RECORD_TABLES[recordType];
    const [row] = Number.isSafeInteger(recordId)
      ? await db.select({ anonymisedAt: table.anonymisedAt }).from(table).where(eq(table.id, recordId))
      : [];
    if (!row) throw notFound(RECORD_KINDS[kindOfRecordType(recordType)].notFound);
    return row;
  }

  /** The input, with its day between today and a year ahead; 400 with the field's message otherwise. */
  function dayAndNote(input: unknown) {
    const parsed = parseInput(followUpInput, input);
    const dueOn = parsed[FOLLOW_UP_FIELDS.dueOn];
    const first = today();
    const last = dayAfter(first, FOLLOW_UP_MAX_DAYS_AHEAD);
    const problem =
      dueOn < first
        ? "Choose today or a later day: the day to call back by cannot be in the past."
        : dueOn > last
          ? `Choose a day within a year, until ${last}.`
          : null;
    if (problem) throw badRequest(problem, { [FOLLOW_UP_FIELDS.dueOn]: [problem] });
    return { dueOn, note: parsed[FOLLOW_UP_FIELDS.note] };
  }

  async function stillThere(recordType: FollowUpRecordType, recordId: number) {
    const record = await recordOf(recordType, recordId);
    if (record.anonymisedAt)
      throw conflict("Its personal details were removed: there is no one left to call back.");
  }

  const openOf = (executor: Executor, recordType: FollowUpRecordType, recordId: number) =>
    executor
      .select()
      .from(followUps)
      .where(
        and(
          eq(followUps.recordType, recordType),
          eq(followUps.recordId, String(recordId)),
          isNull(followUps.doneAt),
        ),
      )
      .for("update");

  const NO_OPEN = "This record has no open follow-up: set one first.";

  /** Due on or before `day`, with who set them and which record, the earliest first. */
  function dueQuery(executor: Executor, day: string | Placeholder) {
    return (
      executor
        .select({
          id: followUps.id,
          recordType: followUps.recordType,
          recordId: followUps.recordId,
          dueOn: followUps.dueOn,
          note: followUps.note,
          setBy: followUps.setBy,
          name: users.name,
          applicant: applications.studentName,
          demo: demoRequests.studentName,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(followUps)
        .leftJoin(users, eq(users.id, followUps.setBy))
        // Ids compared as integers so each record is found by its primary key.
        .leftJoin(
          applications,
          sql`${followUps.recordType} = 'APPLICATION' and ${applications.id} = case when ${followUps.recordType} = 'APPLICATION' then ${followUps.recordId}::int end`,
        )
        .leftJoin(
          demoRequests,
          sql`${followUps.recordType} = 'DEMO_REQUEST' and ${demoRequests.id} = case when ${followUps.recordType} = 'DEMO_REQUEST' then ${followUps.recordId}::int end`,
        )
        // The kinds a follow-up is set on (record_type is every history's): each row has its label.
        .where(
          and(
            isNull(followUps.doneAt),
            lte(followUps.dueOn, day),
            inArray(followUps.recordType, FOLLOW_UP_RECORD_TYPES),
          ),
        )
        .orderBy(asc(followUps.dueOn), asc(followUps.id))
        .limit(DUE_LISTED)
    );
  }

  // Prepared once: /admin reads it on every visit (issue 41: a statement planned once per connection).
  const dueOnDay = dueQuery(db, sql.placeholder("day")).prepare("follow_ups_due_on_day");

  /** The rows of `dueQuery`, grouped per person who set them. */
  function groupedDue(rows: Awaited<ReturnType<typeof dueOnDay.execute>>, day: string): DueFollowUps {
    const groups = new Map<number | null, DueGroup>();
    for (const row of rows) {
      const recordType = row.recordType as FollowUpRecordType;
      const kind = kindOfRecordType(recordType);
      const group = groups.get(row.setBy) ?? { setBy: row.setBy, name: row.name, items: [] };
      groups.set(row.setBy, group);
      group.items.push({
        id: row.id,
        recordType,
        recordId: row.recordId,
        dueOn: row.dueOn,
        note: row.note,
        label: `${RECORD_KINDS[kind].one} #${row.recordId}: ${row.applicant ?? row.demo ?? ""}`,
        path: recordPath(kind, row.recordId),
      });
    }
    return { today: day, total: rows[0]?.total ?? 0, groups: [...groups.values()].sort(byName) };
  }

  return {
    /** Today in India by this service's clock (YYYY-MM-DD). */
    today,

    /** The record's open follow-up (null: none), and the days a new one may take. */
    async forRecord(recordType: FollowUpRecordType, recordId: number) {
      const [open] = await db
        .select({
          id: followUps.id,
          dueOn: followUps.dueOn,
          note: followUps.note,
          setBy: followUps.setBy,
          setByName: users.name,
          createdAt: followUps.createdAt,
        })
        .from(followUps)
        .leftJoin(users, eq(users.id, followUps.setBy))
        .where(
          and(
            eq(followUps.recordType, recordType),
            eq(followUps.recordId, String(recordId)),
            isNull(followUps.doneAt),
          ),
        );
      const first = today();
      return {
        open: (open ?? null) satisfies OpenFollowUp | null,
        today: first,
        latest: dayAfter(first, FOLLOW_UP_MAX_DAYS_AHEAD),
      };
    },

    /**
     * Sets the record's follow-up: 404 for no such record, 400 for a bad day or note, 409 when it
     * already has an open one (a second post at the same moment included) or was anonymised.
     */
    async set(recordType: FollowUpRecordType, recordId: number, input: unknown, actorId: number) {
      await stillThere(recordType, recordId);
      const { dueOn, note } = dayAndNote(input);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(followUps)
          .values({ recordType, recordId: String(recordId), dueOn, note, setBy: actorId })
          .onConflictDoNothing()
          .returning();
        if (!created) throw conflict("This record already has an open follow-up: move it or mark it done.");
        await history.add(tx, {
          recordType,
          recordId,
          kind: "FOLLOW_UP_SET",
          actorId,
          toStatus: dueOn,
          note,
        });
        return created;
      });
    },

    /** Moves the open follow-up to another day; a blank note keeps the one it has. */
    async move(recordType: FollowUpRecordType, recordId: number, input: unknown, actorId: number) {
      await stillThere(recordType, recordId);
      const { dueOn, note } = dayAndNote(input);
      return db.transaction(async (tx) => {
        const [open] = await openOf(tx, recordType, recordId);
        if (!open) throw conflict(NO_OPEN);
        const [moved] = await tx
          .update(followUps)
          .set({ dueOn, note: note || open.note, updatedAt: sql`now()` })
          .where(eq(followUps.id, open.id))
          .returning();
        await history.add(tx, {
          recordType,
          recordId,
          kind: "FOLLOW_UP_MOVED",
          actorId,
          fromStatus: open.dueOn,
          toStatus: dueOn,
          note: moved!.note,
        });
        return moved!;
      });
    },

    /** Closes the open follow-up (an anonymised record's too: it leaves the lists). */
    async done(recordType: FollowUpRecordType, recordId: number, actorId: number) {
      await recordOf(recordType, recordId);
      return db.transaction(async (tx) => {
        const [open] = await openOf(tx, recordType, recordId);
        if (!open) throw conflict(NO_OPEN);
        const [closed] = await tx
          .update(followUps)
          .set({ doneAt: now(), doneBy: actorId, updatedAt: sql`now()` })
          .where(eq(followUps.id, open.id))
          .returning();
        await history.add(tx, {
          recordType,
          recordId,
          kind: "FOLLOW_UP_DONE",
          actorId,
          fromStatus: open.dueOn,
          note: open.note,
        });
        return closed!;
      });
    },

    /** Overdue and due today, per person who set them (the /admin dashboard). */
    due: async () => {
      const day = today();
      return groupedDue(await dueOnDay.execute({ day }), day);
    },

    /**
     * The morning mail to staff (once a day across instances): from FOLLOW_UP_DIGEST_HOUR in
     * India, the day's staff_digests row and the mail go in one transaction; the row's key (kind,
     * day) lets only one instance insert it, and only that one queues the mail. A day with nothing
     * due gets its row and no mail. Answers what it did.
     */
    async sendDigest(): Promise<"early" | "done before" | "nothing due" | "queued"> {
      const moment = now();
      const day = isoDateInIndia(moment);
      const hour = Number(
        new Intl.DateTimeFormat("en-GB", { hour: "2-digit", hourCycle: "h23", timeZone: "Asia/Kolkata" })
          .format(moment)
          .slice(0, 2),
      );
      if (hour < FOLLOW_UP_DIGEST_HOUR) return "early";
      const key = and(eq(staffDigests.kind, DIGEST), eq(staffDigests.day, day));
      // Most runs find the day done: one read, no transaction.
      if ((await db.select({ day: staffDigests.day }).from(staffDigests).where(key)).length > 0)
        return "done before";
      const mail = await outbox.prepare();
      return db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(staffDigests)
          .values({ kind: DIGEST, day })
          .onConflictDoNothing()
          .returning({ day: staffDigests.day });
        if (!claimed) return "done before";
        const due = groupedDue(await dueQuery(tx, day), day);
        if (due.total === 0) return "nothing due";
        await mail.queue(tx, {
          kind: "staffFollowUps",
          to: mail.staff,
          data: {
            day,
            total: due.total,
            groups: due.groups.map((group) => ({
              name: group.name,
              items: group.items.map(({ label, dueOn, note }) => ({ label, dueOn, note })),
            })),
          },
        });
        return "queued";
      });
    },
  };
}

/**
 * Tries the morning mail every `everyMs` on every instance: the first run after the hour in India
 * sends it, the others find the day done. Stopped on shutdown, after the run under way.
 */
export function startFollowUpDigestJob({
  followUps,
  logger,
  everyMs = 5 * 60_000,
  firstAfterMs = 60_000,
}: {
  followUps: Pick<FollowUpsService, "sendDigest">;
  logger: Pick<Logger, "info" | "warn">;
  everyMs?: number;
  firstAfterMs?: number;
}): RepeatingJob {
  return startRepeatingJob({
    everyMs,
    firstAfterMs,
    logger,
    failed: "follow-ups mail failed; will try again",
    run: async () => {
      if ((await followUps.sendDigest()) === "queued") logger.info("the day's follow-ups mail is queued");
    },
  });
}
