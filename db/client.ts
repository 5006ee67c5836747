import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import { projectFile } from "./project-files";
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
  /**
   * How many of the committed migrations the database has not recorded (0: fully migrated);
   * rejects when the database does not answer. Readiness (`/readyz`) asks it.
   */
  pendingMigrations(): Promise<number>;
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

const migrationsFolder = projectFile("db", "migrations");

// Any fixed number works; it only has to be the same for every process that migrates.
const MIGRATION_LOCK_ID = 726_361_001;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir, options.from);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A second process asked for a PGlite folder another live process has open. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: number) {
    super(
      `The database folder ${dataDir} is in use by another process (pid ${holder}). PGlite serves one process; set DATABASE_URL to a PostgreSQL server to run more than one instance.`,
    );
    this.name = "DataDirInUseError";
  }
}

const LOCK_FILE = "zipat.pid";
/** The lock files this process holds. */
const heldDataDirs = new Set<string>();

const holderOf = (lockFile: string): number | undefined => {
  try {
    return Number(readFileSync(lockFile, "utf8").trim()) || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
};

/**
 * PGlite has no server: two processes opening one directory would corrupt it. A pid file,
 * created atomically (`wx`: exactly one of two racing processes makes it), makes the second one
 * (another instance, or `create-admin` while the site runs) stop with a clear message instead.
 * A file left by a process that died without closing names a pid no longer running: it is taken
 * over. The file goes when the database is closed, or at the latest when the process exits.
 * `npm run restore` holds it alone, without opening the folder, while it inspects a copy.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, LOCK_FILE);
  // Two handles in one process would corrupt it just the same; the pid file cannot tell them apart.
  if (heldDataDirs.has(lockFile)) throw new DataDirInUseError(dataDir, process.pid);
  // Twice at most: the second try follows the removal of a dead process's file.
  for (let attempt = 1; ; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(lockFile);
      // Our own pid (not held, see above): a container restarted under the pid its last run had.
      if (holder && holder !== process.pid && isRunning(holder)) throw new DataDirInUseError(dataDir, holder);
      if (attempt >= 2) throw new DataDirInUseError(dataDir, holder ?? 0);
      rmSync(lockFile, { force: true });
    }
  }
  const release = () => {
    // Only our own file: never one another process has taken over since.
    if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  heldDataDirs.add(lockFile);
  process.once("exit", release);
  return () => {
    process.removeListener("exit", release);
    heldDataDirs.delete(lockFile);
    release();
  };
}

/** The committed migrations' timestamps, as drizzle records them (`created_at`), read once. */
let committedMigrations: string[] | undefined;
function committedMigrationStamps(): string[] {
  committedMigrations ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    }
  ).entries.map((entry) => String(entry.when));
  return committedMigrations;
}

/** Compares the journal with drizzle's own record of what ran (`drizzle.__drizzle_migrations`). */
async function countPendingMigrations(db: Database): Promise<number> {
  const committed = committedMigrationStamps();
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return committed.length;
  const applied = await queryRows<{ stamp: string }>(
    db,
    sql`select created_at::text as stamp from drizzle.__drizzle_migrations`,
  );
  const recorded = new Set(applied.map((row) => row.stamp));
  return committed.filter((stamp) => !recorded.has(stamp)).length;
}

export { PGLITE_EXTENSIONS } from "./pglite-extensions.js";

/**
 * Drizzle over a `pg` pool (PostgreSQL's, or the embedded database's thread). A client losing its
 * server (restart, network, the thread gone) must not crash the process. Idle ones are the pool's
 * "error"; one checked out for a transaction emits it on itself, between two of its statements,
 * so every client gets a listener: the transaction's next statement fails instead (answered
 * 503), and the pool drops the client and reconnects.
 */
function drizzleOver(pool: pg.Pool) {
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return drizzlePostgres({ client: pool, schema });
}

/**
 * Connections to the embedded database's thread. Its one session runs one statement at a time
 * whatever the number; several keep the next statements waiting there while this thread renders
 * (decision 0055; measured in docs/performance.md, "Signed-in pages": 24 against 8 gave /admin
 * 78 against 74–75 req/s, /profile 72–76 against 63–72, /admin/applications 68 against 59–68).
 */
const PGLITE_CONNECTIONS = 24;

/** A Unix socket's "port": only part of its file name (`.s.PGSQL.<port>`), as libpq and pg have it. */
const SOCKET_PORT = 5432;

type ThreadMessage = { ready?: true; closed?: true; failed?: string };

/**
 * Embedded PGlite on a thread of its own (db/pglite-worker.js), spoken to through the `pg` driver
 * over a Unix socket in a folder only this user can open: the same driver, prepared statements
 * and pool as PostgreSQL, and the database's work beside the render instead of between renders.
 */
async function openPglite(dataDir: string | undefined, from: Blob | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const socketFolder = mkdtempSync(path.join(tmpdir(), "zipat-pglite-"));
  // No execArgv: the thread's file is plain JavaScript, and flags for the main script (tsx's
  // loader, --input-type) mean nothing to it or are refused.
  const worker = new Worker(projectFile("db", "pglite-worker.js"), {
    execArgv: [],
    workerData: { dataDir, from, socketPath: path.join(socketFolder, `.s.PGSQL.${SOCKET_PORT}`) },
  });
  let lost: Error | undefined;
  const nextMessage = (): Promise<ThreadMessage> =>
    new Promise((resolve) => {
      const onExit = () => resolve({ failed: lost?.message ?? "The database thread stopped." });
      worker.once("exit", onExit);
      worker.once("message", (message: ThreadMessage) => {
        worker.off("exit", onExit);
        resolve(message);
      });
    });
  // A thread that fails (PGlite's own error, out of memory) ends every connection; readiness says so.
  worker.on("error", (error) => (lost = error));
  const started = await nextMessage();
  if (!started.ready) {
    await worker.terminate();
    rmSync(socketFolder, { recursive: true, force: true });
    // A folder PGlite cannot open is not held: the next try must not meet our lock.
    unlock();
    throw new Error(started.failed ?? "The embedded database did not start.");
  }
  // Every setting given: pg would otherwise take PGPORT, PGUSER, PGSSLMODE… meant for a real server.
  const pool = new pg.Pool({
    host: socketFolder,
    port: SOCKET_PORT,
    user: "postgres",
    database: "postgres",
    ssl: false,
    max: PGLITE_CONNECTIONS,
  });
  const db = drizzleOver(pool);
  let closed = false;
  return {
    db,
    driver: "pglite",
    // One process owns a PGlite directory, so no lock is needed around migrations.
    migrate: () => migratePostgres(db, { migrationsFolder }),
    pendingMigrations: async () => {
      if (closed) throw new Error("The database is closed.");
      if (lost) throw lost;
      return countPendingMigrations(db);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
      const done = nextMessage();
      worker.postMessage("close");
      await done;
      await worker.terminate();
      rmSync(socketFolder, { recursive: true, force: true });
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
  const db = drizzleOver(pool);
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
    pendingMigrations: () => countPendingMigrations(db),
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
