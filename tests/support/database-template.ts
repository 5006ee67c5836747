import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase, PGLITE_EXTENSIONS } from "../../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite cluster; absent on PostgreSQL. */
    pgliteTemplate: string | undefined;
  }
}

let folder: string | undefined;

/**
 * Once per run: a migrated PGlite cluster, dumped to a file that each API test file's database
 * loads. Creating a cluster took 3 s on a quiet 2-core machine and 10 s on a busy one; loading
 * the dump takes a fraction of that, and every file still has a database of its own.
 */
export async function setup(project: TestProject) {
  // On PostgreSQL each file creates a database on the server instead (tests/support/database.ts).
  if (process.env.DATABASE_URL) return project.provide("pgliteTemplate", undefined);
  folder = await mkdtemp(path.join(tmpdir(), "zipat-pglite-template-"));
  const dataDir = path.join(folder, "cluster");
  const migrated = await openDatabase({ dataDir });
  await migrated.migrate();
  await migrated.close();
  const cluster = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS });
  await cluster.waitReady;
  const dump = await cluster.dumpDataDir("none");
  await cluster.close();
  const file = path.join(folder, "migrated.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
}

export async function teardown() {
  if (folder) await rm(folder, { recursive: true, force: true });
}
