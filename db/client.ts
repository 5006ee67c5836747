import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

type Schema = typeof schema;
/** Either driver's database: services are written against this and never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
type Transaction = PgTransaction<PgQueryResultHKT, Schema>;
/** Code that works inside or outside a transaction takes this. */
export type Executor = Database | Transaction;

type DatabaseDriver = "pglite" | "postgres";

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  /** Applies the committed drizzle-kit migrations; safe to run at every start. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { url: string; dataDir?: undefined; from?: undefined }
  /**
   * `dataDir` undefined means an in-memory database (tests). `from` is a dump of a PGlite data
   * directory (`PGlite.dumpDataDir`) to start from instead of an empty cluster: loading one
   * costs a fraction of creating a cluster.
   */
  | { url?: undefined; dataDir: string | undefined; from?: Blob };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any fixed number works; it only has to be the same for every process that migrates.
const MIGRATION_LOCK_ID = 726_361_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir, options.from);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no server: two processes opening one directory would corrupt it. A pid file makes
 * the second one (say `create-admin` while the site runs) stop with a clear message instead.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "zipat.pid");
  try {
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The database in ${dataDir} is in use by process ${holder}. Stop the server first, or set DATABASE_URL to share a PostgreSQL server.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = new PGlite({ dataDir, loadDataDir: from });
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    driver: "pglite",
    // One process owns a PGlite directory, so no lock is needed around migrations.
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      if (closed) throw new Error("The database is closed.");
      await client.query("select 1");
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A client losing its server (restart, network) must not crash the process. Idle ones are the
  // pool's "error"; one checked out for a transaction emits it on itself, between two of its
  // statements, so every client gets a listener: the transaction's next statement fails instead
  // (answered 503), and the pool drops the client and reconnects.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePostgres({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: "postgres",
    migrate: async () => {
      // Several processes may start at once against one server: migrate one at a time.
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres({ client: lockClient, schema }), { migrationsFolder });
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Runs raw SQL on either driver and answers its rows (both drivers return `{ rows }`). */
export async function queryRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  // The driver-neutral Database type leaves the result's shape open.
  const result: unknown = await executor.execute(query);
  return (result as { rows: Row[] }).rows;
}
