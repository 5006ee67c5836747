import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database } from "../../db/client";
import { createDatabaseOnServer, usingRealPostgres } from "./database";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** How `npm start` runs the server: the compiled server.ts that `npm run build` writes. */
export const SERVER_COMMAND = [process.execPath, "--enable-source-maps", "build/node/server.js"] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  uploadDir: string;
  /** DATABASE_URL of this server's own database on a real server, if any. */
  databaseUrl: string | undefined;
  child: ChildProcess;
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops the server and deletes its data. */
  dispose(): Promise<void>;
};

type StartOptions = {
  env?: Record<string, string>;
  /** Reuse a data folder (and database) from an earlier start. */
  reuse?: Pick<RunningServer, "dataDir" | "uploadDir" | "databaseUrl">;
  /** Called by dispose() to delete the reused database. */
  dropDatabase?: () => Promise<void>;
  /** Resolve once the process exits instead of when it is healthy (for start-up failures). */
  expectExit?: boolean;
  /** Embedded PGlite in the data folder even when the run has a DATABASE_URL (the default start). */
  embedded?: boolean;
};

/**
 * Starts the real server (production mode, the committed build) as its own process group on a
 * free port, over a fresh data folder and (in the PostgreSQL run, unless `embedded`) a fresh
 * database.
 *
 * The port is probed free and then handed to the child, so another test file's server may take it
 * in between. The harness therefore trusts /readyz only after its own child has said it listens
 * on that port (otherwise a neighbour's server could answer the health check), and starts again on
 * another port when the child lost the port (EADDRINUSE).
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 5) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startServerOnce(options: StartOptions): Promise<RunningServer> {
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = options.reuse?.dataDir ?? (await mkdtemp(path.join(tmpdir(), "zipat-data-")));
  const uploadDir = options.reuse?.uploadDir ?? (await mkdtemp(path.join(tmpdir(), "zipat-uploads-")));
  let databaseUrl = options.reuse?.databaseUrl;
  let dropDatabase = options.dropDatabase;
  // A reused folder without a database URL was an embedded start: it stays one.
  if (!options.reuse && !options.embedded && usingRealPostgres() && !options.env?.DATABASE_URL) {
    const created = await createDatabaseOnServer();
    databaseUrl = created.url;
    dropDatabase = () => created.drop();
  }
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    UPLOAD_DIR: uploadDir,
    LOG_LEVEL: process.env.TEST_SERVER_LOG_LEVEL ?? "warn",
    DATABASE_URL: databaseUrl,
    ...options.env,
  };
  if (!env.DATABASE_URL || options.embedded) delete env.DATABASE_URL;

  const child = spawn(SERVER_COMMAND[0], SERVER_COMMAND.slice(1), {
    cwd: PROJECT_ROOT,
    env: env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  const server: RunningServer = {
    url,
    port,
    dataDir,
    uploadDir,
    databaseUrl,
    child,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      // Only the node process, not the group: the test observes its own shutdown.
      child.kill(signal);
      const timer = setTimeout(() => killGroup("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      killGroup("SIGKILL");
      return code;
    },
    async dispose() {
      await server.stop();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
      await rm(uploadDir, { recursive: true, force: true });
    },
  };

  if (options.expectExit) {
    await exited;
    return server;
  }
  const listening = `Zipat is running at http://localhost:${port} `;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (/EADDRINUSE/.test(output) && !options.env?.PORT) {
        // Only what this attempt made goes: a reused data folder or database is the caller's.
        if (!options.reuse) await server.dispose();
        throw new PortTakenError(`Port ${port} was taken before the server bound it.`);
      }
      throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    }
    if (!output.includes(listening)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  killGroup("SIGKILL");
  throw new Error(`The server did not become healthy:\n${output}`);
}

/**
 * Stops the server and hands its database to `use`: an embedded PGlite folder serves one process
 * at a time, so a test reads or changes what the server stored only while it is stopped. The
 * server may be started again with `startServer({ reuse })`.
 */
export async function withStoppedServerDatabase<T>(
  server: RunningServer,
  use: (db: Database) => Promise<T>,
): Promise<T> {
  await server.stop();
  const database = await openDatabase(
    server.databaseUrl ? { url: server.databaseUrl } : { dataDir: path.join(server.dataDir, "pglite") },
  );
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}
