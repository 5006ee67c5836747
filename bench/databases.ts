import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { createDatabaseOnServer } from "../tests/support/database";
import { createPostgresCluster } from "../tests/support/postgres";

type OpenDatabase = () => ReturnType<typeof openDatabase>;

/**
 * Runs `measure` on a fresh embedded PGlite folder, then on a throwaway PostgreSQL cluster,
 * removing each afterwards: the benches that compare the two databases in one run.
 */
export async function onBothDatabases<Result>(
  measure: (label: "PGlite" | "PostgreSQL", open: OpenDatabase) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  const pgliteDir = await mkdtemp(path.join(tmpdir(), "zipat-bench-pglite-"));
  try {
    results.push(await measure("PGlite", () => openDatabase({ dataDir: pgliteDir })));
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }
  const cluster = await createPostgresCluster();
  await cluster.start();
  try {
    process.env.DATABASE_URL = cluster.url;
    const created = await createDatabaseOnServer();
    results.push(await measure("PostgreSQL", () => openDatabase({ url: created.url })));
  } finally {
    await cluster.dispose();
  }
  return results;
}
