import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (dropped again by `drop`).
 */
export type TestDatabase = DatabaseHandle & {
  /** Connection URL of the fresh database on a real server; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
};

export function usingRealPostgres(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

/** A new, empty database on the PostgreSQL server at `serverUrl` (the suite's DATABASE_URL by default). */
export async function createDatabaseOnServer(
  serverUrl = process.env.DATABASE_URL!,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `zipat_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** `postgresServer`: a PostgreSQL server to use even in a PGlite run (a test's own cluster). */
export async function createTestDatabase(postgresServer?: string): Promise<TestDatabase> {
  if (!postgresServer && !usingRealPostgres()) {
    // Loaded from the run's migrated template where there is one (tests/support/database-template.ts).
    const template = inject("pgliteTemplate");
    const from = template ? new Blob([await readFile(template)]) : undefined;
    const handle = await openDatabase({ dataDir: undefined, from });
    await handle.migrate();
    return { ...handle, url: undefined, drop: () => handle.close() };
  }
  const created = await createDatabaseOnServer(postgresServer);
  const handle = await openDatabase({ url: created.url });
  await handle.migrate();
  return {
    ...handle,
    url: created.url,
    async drop() {
      await handle.close();
      await created.drop();
    },
  };
}
