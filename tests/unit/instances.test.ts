import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataDirInUseError, openDatabase, queryRows, type DatabaseHandle } from "../../db/client";
import { createDatabaseOnServer, usingRealPostgres } from "../support/database";
import { createPostgresCluster } from "../support/postgres";
import { PROJECT_ROOT } from "../support/server";

const run = promisify(execFile);
const TSX = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");

const committedMigrations = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, "db/migrations/meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

/** The pid of a process that has come and gone: nothing runs under it now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

// Always PGlite: the lock is what keeps a second process off an embedded database's folder.
// Each test creates or opens a cluster on disk and starts a second Node process: seconds each,
// so they run in the PGlite run of tests/unit only, not again in the suite on PostgreSQL (which
// proves the lock against a real second server in tests/e2e/server.test.ts).
if (!usingRealPostgres())
  describe("the PGlite data folder", { timeout: 90_000 }, () => {
    let dataDir: string;
    let pgliteDir: string;
    let lockFile: string;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "zipat-lock-"));
      pgliteDir = path.join(dataDir, "pglite");
      lockFile = path.join(pgliteDir, "zipat.pid");
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it("stops a second process with one clear line while the first has it open", async () => {
      const first = await openDatabase({ dataDir: pgliteDir });
      try {
        expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
        // create-admin is a real second process on the same DATA_DIR (the server opens it the same way).
        const env: NodeJS.ProcessEnv = {
          ...process.env,
          DATA_DIR: dataDir,
          ADMIN_PASSWORD: "a-long-password",
        };
        delete env.DATABASE_URL;
        const failed = await run(TSX, ["app/cli/create-admin.server.ts", "--email", "second@zipat.school"], {
          cwd: PROJECT_ROOT,
          env,
        }).then(
          () => ({ code: 0, stderr: "" }),
          (error: { code: number; stderr: string }) => error,
        );
        expect(failed.code).toBe(1);
        expect(failed.stderr).toBe(
          `The database folder ${pgliteDir} is in use by another process (pid ${process.pid}). PGlite serves one process; set DATABASE_URL to a PostgreSQL server to run more than one instance.\n`,
        );
        // Nor may this process open it twice; the first handle still owns the folder.
        await expect(openDatabase({ dataDir: pgliteDir })).rejects.toThrow(DataDirInUseError);
        expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      } finally {
        await first.close();
      }
      expect(existsSync(lockFile)).toBe(false);
    });

    it("takes over the lock of a process that died without closing", async () => {
      writeFileSync(lockFile, String(await deadPid()));
      const database = await openDatabase({ dataDir: pgliteDir });
      try {
        expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
        expect(await database.pendingMigrations()).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
      expect(existsSync(lockFile)).toBe(false);
    });

    it("lets go of the folder when the process exits, even without closing the database", async () => {
      const script = `
      const { openDatabase } = await import(${JSON.stringify(path.join(PROJECT_ROOT, "db/client.ts"))});
      await openDatabase({ dataDir: ${JSON.stringify(pgliteDir)} });
      const { readFileSync } = await import("node:fs");
      console.log(readFileSync(${JSON.stringify(lockFile)}, "utf8") === String(process.pid) ? "locked" : "not locked");
      process.exit(0);
    `;
      const { stdout } = await run(
        process.execPath,
        ["--import", "tsx", "--input-type=module", "-e", script],
        {
          cwd: PROJECT_ROOT,
        },
      );
      expect(stdout.trim()).toBe("locked");
      expect(existsSync(lockFile)).toBe(false);
    });
  });

// On the suite's PostgreSQL server when there is one; otherwise (the PGlite run) on a throwaway
// cluster of its own, so the advisory lock is proven in every run, never skipped.
describe("migrations on one PostgreSQL database", () => {
  let created: { url: string; drop(): Promise<void> };
  const instances: DatabaseHandle[] = [];

  beforeAll(async () => {
    if (usingRealPostgres()) {
      created = await createDatabaseOnServer();
      return;
    }
    const cluster = await createPostgresCluster();
    await cluster.start();
    created = { url: cluster.url, drop: () => cluster.dispose() };
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await created?.drop();
  });

  it("run once when three instances start together", async () => {
    for (let index = 0; index < 3; index++) instances.push(await openDatabase({ url: created.url }));
    expect(await instances[0]!.pendingMigrations()).toBe(committedMigrations);

    await Promise.all(instances.map((instance) => instance.migrate()));

    const [recorded] = await queryRows<{ total: number }>(
      instances[0]!.db,
      sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
    );
    expect(recorded!.total).toBe(committedMigrations);
    for (const instance of instances) expect(await instance.pendingMigrations()).toBe(0);
  });
});
