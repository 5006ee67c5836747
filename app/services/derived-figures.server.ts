import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import { derivedChanges, derivedFigures, derivedHorizon } from "../../db/schema";
import { startRepeatingJob, type RepeatingJob } from "./repeating-job.server";

/**
 * A figure kept in the database until a table it reads changes (decision 0056): a prepared
 * statement answers from `derived_figures` while no table it read has a change the stored
 * snapshot does not see, and otherwise computes the rows, stores them with its own snapshot and
 * answers them; all in one statement, so one round trip either way. Correct on every instance
 * and at any moment: a write's change is noted in its own transaction (a statement trigger), so
 * a reader sees the change exactly when it sees the write.
 *
 * `rows` is the figure's statement (placeholders allowed); `tables` every table it reads, each
 * with the change trigger (migration 0028; tests/api/derived-figures.test.ts checks the list
 * against the statement's plan). The answer's rows are JSON: numbers and text come back as
 * they are, timestamps as ISO text.
 */
export function keptFigure<Row>(
  db: Database,
  { name, tables, rows }: { name: string; tables: readonly string[]; rows: SQL },
) {
  const tableList = sql`array[${sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  )}]::text[]`;
  const params = sql.placeholder("params");
  const kept = db.$with("kept", {}).as(
    sql`select ${derivedFigures.value} as value from ${derivedFigures}
        where ${derivedFigures.name} = ${name} and ${derivedFigures.params} = ${params}
          and pg_snapshot_xmin(${derivedFigures.snapshot}) >= (select ${derivedHorizon.xact} from ${derivedHorizon})
          and not exists (
            select 1 from ${derivedChanges}
            where ${derivedChanges.tableName} = any(${derivedFigures.tables})
              and ${derivedChanges.xact} >= pg_snapshot_xmin(${derivedFigures.snapshot})
              and not pg_visible_in_snapshot(${derivedChanges.xact}, ${derivedFigures.snapshot}))`,
  );
  // Computed only when nothing is kept: the condition is evaluated once, before the rows are read.
  const fresh = db.$with("fresh", {}).as(
    sql`select coalesce(jsonb_agg(to_jsonb(computed)), '[]'::jsonb) as value
        from (${rows}) as computed
        where not exists (select from kept)`,
  );
  // pg_current_snapshot() is the statement's own: the one the rows above were read on.
  const stored = db.$with("stored", {}).as(
    sql`insert into ${derivedFigures} (name, params, tables, snapshot, value, computed_at)
        select ${name}, ${params}, ${tableList}, pg_current_snapshot(), fresh.value, now()
        from fresh where not exists (select from kept)
        on conflict (name) do update set params = excluded.params, tables = excluded.tables,
          snapshot = excluded.snapshot, value = excluded.value, computed_at = excluded.computed_at`,
  );
  const statement = db
    .with(kept, fresh, stored)
    .select({ value: sql<Row[]>`coalesce((select value from kept), (select value from fresh))` })
    .from(sql`(values (1)) as answer (one)`)
    .prepare(name);

  return {
    tables,
    /** The figure's own statement, as computed when nothing is kept (a test reads its plan). */
    rows,
    /** The figure's rows for `params` (what they were computed for, as text) and the statement's placeholders. */
    async execute(values: Record<string, unknown> & { params: string }): Promise<Row[]> {
      const [answer] = await statement.execute(values);
      return answer!.value;
    },
  };
}

/**
 * Forgets the changes every snapshot taken from now on sees (older than the oldest transaction
 * still running), and moves the horizon to match: a figure kept on an older snapshot can no longer
 * be checked, so its next read computes it again. One statement, so a reader sees the changes gone
 * and the horizon moved together or neither.
 */
export async function pruneDerivedChanges(db: Database): Promise<void> {
  await db.execute(
    sql`with horizon as (select pg_snapshot_xmin(pg_current_snapshot()) as xact),
        moved as (update ${derivedHorizon} set xact = (select xact from horizon) where ${derivedHorizon.xact} < (select xact from horizon))
        delete from ${derivedChanges} where ${derivedChanges.xact} < (select xact from horizon)`,
  );
}

/** Prunes the changes every quarter of an hour on this instance (safe on several at once). */
export function startDerivedChangesPrune({
  db,
  logger,
  everyMs = 15 * 60_000,
}: {
  db: Database;
  logger: Pick<Logger, "warn">;
  everyMs?: number;
}): RepeatingJob {
  return startRepeatingJob({
    everyMs,
    logger,
    failed: "pruning the kept figures' changes failed; will try again",
    run: () => pruneDerivedChanges(db),
  });
}
