import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { FINISHED_DEMO_STATUSES } from "~/domain/personal-data";
import { queryRows, type Database, type Executor } from "../../db/client";
import { applications, demoRequests } from "../../db/schema";
import { dobYearOnly, personalFieldsErased } from "./account-erasure.server";
import type { RecordHistory } from "./record-history.server";

/** Records the job would anonymise now, by id (never their contents). */
export type RetentionPreview = { cutoff: Date; applications: number[]; demoRequests: number[] };
export type RetentionResult = { applications: number; demoRequests: number };

const DEFAULT_BATCH = 200;

const NOTES = {
  APPLICATION: "Rejected application anonymised (retention)",
  DEMO_REQUEST: "Finished demo request anonymised (retention)",
} as const;

export type RetentionService = ReturnType<typeof createRetentionService>;

/**
 * Deletion when the purpose is over (issue 20, decision 0037): REJECTED applications and demo
 * requests that are CANCELLED or COMPLETED lose their personal fields `months` (RETENTION_MONTHS)
 * after they were sent. Each batch is claimed with `FOR UPDATE SKIP LOCKED` in its own
 * transaction with its history rows, so any number of instances can run it at once and each
 * record is anonymised, and written to the history, exactly once.
 */
export function createRetentionService({
  db,
  history,
  months,
}: {
  db: Database;
  history: RecordHistory;
  months: number;
}) {
  const cutoff = sql`now() - make_interval(months => ${months})`;
  const dueApplications = and(
    eq(applications.status, "REJECTED"),
    isNull(applications.anonymisedAt),
    lt(applications.createdAt, cutoff),
  );
  const dueDemos = and(
    inArray(demoRequests.status, [...FINISHED_DEMO_STATUSES]),
    isNull(demoRequests.anonymisedAt),
    lt(demoRequests.createdAt, cutoff),
  );

  /** One batch of applications: claimed, anonymised and written to the history together. */
  async function applicationBatch(limit: number): Promise<number> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(dueApplications)
        .orderBy(asc(applications.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (claimed.length === 0) return 0;
      const ids = claimed.map(({ id }) => id);
      await tx
        .update(applications)
        .set({ ...personalFieldsErased(applications), dob: dobYearOnly })
        .where(inArray(applications.id, ids));
      await written(tx, "APPLICATION", ids);
      return ids.length;
    });
  }

  async function demoBatch(limit: number): Promise<number> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .select({ id: demoRequests.id })
        .from(demoRequests)
        .where(dueDemos)
        .orderBy(asc(demoRequests.id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (claimed.length === 0) return 0;
      const ids = claimed.map(({ id }) => id);
      await tx
        .update(demoRequests)
        .set(personalFieldsErased(demoRequests))
        .where(inArray(demoRequests.id, ids));
      await written(tx, "DEMO_REQUEST", ids);
      return ids.length;
    });
  }

  const written = (tx: Executor, recordType: keyof typeof NOTES, ids: number[]) =>
    history.add(
      tx,
      ...ids.map((id) => ({
        recordType,
        recordId: id,
        kind: "ANONYMISED" as const,
        note: NOTES[recordType],
      })),
    );

  /** Batches until one comes back short: rows another instance holds are its to finish. */
  async function drain(batch: (limit: number) => Promise<number>, limit: number): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await batch(limit);
      total += done;
      if (done < limit) return total;
    }
  }

  return {
    months,

    /** The dry run: what `run` would anonymise now, by id. */
    async preview(): Promise<RetentionPreview> {
      const [[now], due, demos] = await Promise.all([
        queryRows<{ ms: number }>(db, sql`select (extract(epoch from ${cutoff}) * 1000)::float8 as ms`),
        db
          .select({ id: applications.id })
          .from(applications)
          .where(dueApplications)
          .orderBy(asc(applications.id)),
        db.select({ id: demoRequests.id }).from(demoRequests).where(dueDemos).orderBy(asc(demoRequests.id)),
      ]);
      return {
        cutoff: new Date(Number(now!.ms)),
        applications: due.map(({ id }) => id),
        demoRequests: demos.map(({ id }) => id),
      };
    },

    /** Anonymises everything due, in batches of `batchSize`; answers how many of each it did. */
    async run({ batchSize = DEFAULT_BATCH }: { batchSize?: number } = {}): Promise<RetentionResult> {
      return {
        applications: await drain(applicationBatch, batchSize),
        demoRequests: await drain(demoBatch, batchSize),
      };
    },
  };
}

export type RetentionJob = { stop(): Promise<void> };

/**
 * Runs the retention once soon after start and then every `everyMs` on every instance (the
 * claims make that safe). Stopped on shutdown, after the batch under way.
 */
export function startRetentionJob({
  retention,
  logger,
  everyMs = 6 * 60 * 60_000,
  firstAfterMs = 60_000,
}: {
  retention: Pick<RetentionService, "run">;
  logger: Pick<Logger, "info" | "warn">;
  everyMs?: number;
  firstAfterMs?: number;
}): RetentionJob {
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      const done = await retention.run();
      if (done.applications + done.demoRequests > 0) logger.info(done, "old records anonymised (retention)");
    } catch (error) {
      logger.warn({ err: error }, "retention run failed; will try again");
    }
  };
  const schedule = () => {
    running = running.then(run);
  };
  const first = setTimeout(schedule, firstAfterMs);
  const timer = setInterval(schedule, everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

/** What the CLI prints: the cut-off, then counts and ids of each kind (no names, no contact). */
export function describeRetention(preview: RetentionPreview, months: number, dryRun: boolean): string {
  const list = (ids: number[]) => (ids.length ? `: ${ids.join(", ")}` : "");
  return [
    `${dryRun ? "Dry run: would anonymise" : "Anonymising"} records sent before ${preview.cutoff.toISOString()} (RETENTION_MONTHS=${months}).`,
    `Rejected applications: ${preview.applications.length}${list(preview.applications)}`,
    `Cancelled or completed demo requests: ${preview.demoRequests.length}${list(preview.demoRequests)}`,
  ].join("\n");
}
