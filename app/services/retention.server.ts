import { and, asc, inArray, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { mailAbout, RECORD_KINDS } from "~/domain/record-kinds";
import { queryRows, type Database } from "../../db/client";
import { familyUpdates } from "../../db/schema";
import { storesWith } from "./record-kinds/index.server";
import type { RecordHistory } from "./record-history.server";
import { startRepeatingJob, type RepeatingJob } from "./repeating-job.server";

/** Records the job would anonymise now, by id (never their contents), per kind that has a retention. */
export type RetentionPreview = { cutoff: Date; applications: number[]; demoRequests: number[] };
export type RetentionResult = { applications: number; demoRequests: number };

const DEFAULT_BATCH = 200;

/** The kinds the job goes through, in order. */
const RETAINED = storesWith("retention");
const reportKey = (store: (typeof RETAINED)[number]) => store.retention.countedAs;

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

  /** One batch of a kind: claimed, anonymised and written to the history together. */
  async function batchOf(store: (typeof RETAINED)[number], limit: number): Promise<number> {
    const { table, id, kind, retention } = store;
    return db.transaction(async (tx) => {
      const claimed = await tx
        .select({ id })
        .from(table)
        .where(retention.due(cutoff))
        .orderBy(asc(id))
        .limit(limit)
        .for("update", { skipLocked: true });
      if (claimed.length === 0) return 0;
      const ids = claimed.map((row) => row.id as number);
      await tx.update(table).set(retention.fields).where(inArray(id, ids));
      // Their WhatsApp and SMS updates hold the family's names and number (issue 39): they go too,
      // but one being sent right now, whose outcome is still to be recorded.
      await tx.delete(familyUpdates).where(
        and(
          ne(familyUpdates.status, "SENDING"),
          inArray(
            familyUpdates.about,
            ids.map((recordId) => mailAbout(kind, recordId)),
          ),
        ),
      );
      await history.add(
        tx,
        ...ids.map((recordId) => ({
          recordType: RECORD_KINDS[kind].recordType!,
          recordId,
          kind: "ANONYMISED" as const,
          note: retention.note,
        })),
      );
      return ids.length;
    });
  }

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
      const [[now], ...due] = await Promise.all([
        queryRows<{ ms: number }>(db, sql`select (extract(epoch from ${cutoff}) * 1000)::float8 as ms`),
        ...RETAINED.map(({ table, id, retention }) =>
          db.select({ id }).from(table).where(retention.due(cutoff)).orderBy(asc(id)),
        ),
      ]);
      return {
        cutoff: new Date(Number(now!.ms)),
        ...Object.fromEntries(
          RETAINED.map((store, index) => [reportKey(store), due[index]!.map((row) => row.id as number)]),
        ),
      } as RetentionPreview;
    },

    /** Anonymises everything due, in batches of `batchSize`; answers how many of each it did. */
    async run({ batchSize = DEFAULT_BATCH }: { batchSize?: number } = {}): Promise<RetentionResult> {
      const done: Record<string, number> = {};
      for (const store of RETAINED)
        done[reportKey(store)] = await drain((limit) => batchOf(store, limit), batchSize);
      return done as RetentionResult;
    },
  };
}

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
}): RepeatingJob {
  return startRepeatingJob({
    everyMs,
    firstAfterMs,
    logger,
    failed: "retention run failed; will try again",
    run: async () => {
      const done = await retention.run();
      if (Object.values(done).some((count) => count > 0))
        logger.info(done, "old records anonymised (retention)");
    },
  });
}

/** What the CLI prints: the cut-off, then counts and ids of each kind (no names, no contact). */
export function describeRetention(preview: RetentionPreview, months: number, dryRun: boolean): string {
  const list = (ids: number[]) => (ids.length ? `: ${ids.join(", ")}` : "");
  return [
    `${dryRun ? "Dry run: would anonymise" : "Anonymising"} records sent before ${preview.cutoff.toISOString()} (RETENTION_MONTHS=${months}).`,
    ...RETAINED.map((store) => {
      const ids = preview[reportKey(store) as keyof RetentionResult];
      return `${store.retention.label}: ${ids.length}${list(ids)}`;
    }),
  ].join("\n");
}
