import { spawn, type ChildProcess } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices } from "../app/services/index.server";
import { openDatabase } from "../db/client";
import { prepareDatabase } from "../app/services/seed.server";
import { PROJECT_ROOT, SERVER_COMMAND, freePort } from "../tests/support/server";
import { seedVolume, type Volume } from "./seed-volume";

export const BENCH_ADMIN = {
  email: "admin@zipat.school",
  password: "bench-admin-password",
  name: "Bench Admin",
};
export const BENCH_JWT_SECRET = "bench-secret-that-is-long-enough-for-hs256";

export type BenchSite = { dataDir: string; uploadDir: string; databaseUrl: string | undefined };

/** A temporary data folder (and database) with the demo school plus `volume` more records. */
export async function prepareSite(volume: Volume, databaseUrl?: string): Promise<BenchSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "zipat-bench-"));
  const uploadDir = path.join(dataDir, "uploads");
  // The same folder server.ts opens for DATA_DIR.
  const database = await openDatabase(
    databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "pglite") },
  );
  try {
    await database.migrate();
    const images = createImageStorage(database.db);
    const services = createServices({ db: database.db, images, jwtSecret: BENCH_JWT_SECRET });
    await prepareDatabase({ db: database.db, images, auth: services.auth, admin: BENCH_ADMIN });
    await seedVolume(database.db, volume);
  } finally {
    await database.close();
  }
  return { dataDir, uploadDir, databaseUrl };
}

export type RunningSite = { url: string; pid: number; logFile: string; stop(): Promise<void> };

/**
 * The production server (server.ts, the committed build) as operators run it: info-level access
 * log written to a file, not to a terminal.
 */
export async function startSite(
  site: BenchSite,
  extraEnv: Record<string, string> = {},
): Promise<RunningSite> {
  const port = await freePort();
  const logFile = path.join(site.dataDir, "server.log");
  const log = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: site.dataDir,
    UPLOAD_DIR: site.uploadDir,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: "info",
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...extraEnv,
  };
  if (site.databaseUrl) env.DATABASE_URL = site.databaseUrl;
  else delete env.DATABASE_URL;
  const child: ChildProcess = spawn(SERVER_COMMAND[0], SERVER_COMMAND.slice(1), {
    cwd: PROJECT_ROOT,
    env,
    stdio: ["ignore", log, log],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become healthy; see ${logFile}`);
    }
    // Only our own child's answer counts: until it says it listens, the port may be someone else's.
    if (!readFileSync(logFile, "utf8").includes(`Zipat is running at http://localhost:${port} `)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    logFile,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function removeSite(site: BenchSite): Promise<void> {
  await rm(site.dataDir, { recursive: true, force: true });
}
