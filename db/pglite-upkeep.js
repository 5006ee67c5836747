// @ts-check
// What autovacuum does for a PostgreSQL server, done for the embedded database (decision 0055).
// PGlite runs no background workers, so nothing ever vacuums or analyzes its tables: dead rows
// pile up, and a prepared statement keeps the plan it got when its tables were nearly empty (a
// plan is made again only when the table's statistics change). Measured: a submission's statement
// planned at the first applications read them all once there were thousands, 3.5 ms growing to
// 11.8 ms by 6,000 rows, and 1.8 ms again after an ANALYZE.

/**
 * How often the thread looks (PostgreSQL's autovacuum_naptime is a minute): the look is one
 * read of the statistics, and a new site's tables grow from nothing fast enough that a plan made
 * at the first rows is wrong within seconds (measured: 347 submissions a second falling to 110
 * in 25 s, 860–910 again after the first round).
 */
export const UPKEEP_EVERY_MS = 10_000;

/**
 * The tables past autovacuum's own thresholds (PostgreSQL's defaults): vacuumed when dead rows
 * exceed 50 + 20% of the table or inserts since the last vacuum 1,000 + 20%, analyzed when
 * changes since the last analyze exceed 50 + 10%.
 */
const DUE = `
  select format('%I.%I', s.schemaname, s.relname) as name,
         s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
           or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum,
         s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  order by 1`;

/**
 * Vacuums and analyzes the tables that need it, as autovacuum would. Run with the session to
 * itself (`Sessions.exclusive`): VACUUM cannot run inside a transaction.
 * @param {{ query<T>(text: string): Promise<{ rows: T[] }>, exec(text: string): Promise<unknown> }} database
 * @returns {Promise<{ vacuumed: string[], analyzed: string[] }>}
 */
export async function upkeep(database) {
  // The counters of the last moments are kept back up to a second; the next statement flushes them.
  await database.query("select pg_stat_force_next_flush()");
  /** @type {{ rows: { name: string, vacuum: boolean, analyze: boolean }[] }} */
  const { rows } = await database.query(DUE);
  const vacuumed = rows.filter((row) => row.vacuum).map((row) => row.name);
  const analyzed = rows.filter((row) => row.analyze && !row.vacuum).map((row) => row.name);
  // VACUUM (ANALYZE) analyzes what it vacuums; each command on its own, outside any transaction.
  if (vacuumed.length) await database.exec(`vacuum (analyze) ${vacuumed.join(", ")}`);
  if (analyzed.length) await database.exec(`analyze ${analyzed.join(", ")}`);
  return { vacuumed, analyzed };
}
