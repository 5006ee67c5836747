import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server";

const run = promisify(execFile);

/**
 * The newest PostgreSQL server binaries Debian installed (the same lookup as .ci/run), or under
 * POSTGRES_ROOT, which dev/setup-test-machine.sh checks too.
 */
function postgresBin(): string {
  const root = process.env.POSTGRES_ROOT ?? "/usr/lib/postgresql";
  let versions: string[] = [];
  try {
    versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  } catch {
    // Not installed: said below.
  }
  const newest = versions.at(-1);
  if (!newest)
    throw new Error(`PostgreSQL server binaries not found under ${root} (apt-get install postgresql).`);
  return path.join(root, newest, "bin");
}

const asRoot = process.getuid?.() === 0;

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function pgTool(bin: string, tool: string, args: string[]) {
  const command = path.join(bin, tool);
  return asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
}

export type PostgresCluster = {
  /** Connection URL of its `postgres` database. */
  url: string;
  port: number;
  /** Starts the server and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it the hard way (like a crash or a pulled plug): connections are cut at once. */
  stop(): Promise<void>;
  dispose(): Promise<void>;
};

/**
 * A throwaway PostgreSQL cluster of its own (initdb on a free port, in a temporary folder), for
 * tests and scripts that stop and start the database under a running site. Not started yet.
 */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBin();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "zipat-pg-"));
  if (asRoot) await run("chown", ["postgres:postgres", dataDir]);
  await pgTool(bin, "initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-locale",
  ]);
  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgTool(bin, "pg_ctl", [
        "-D",
        dataDir,
        "-l",
        path.join(dataDir, "server.log"),
        "-w",
        "-o",
        `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off`,
        "start",
      ]);
      running = true;
    },
    async stop() {
      await pgTool(bin, "pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      running = false;
    },
    async dispose() {
      if (running) await cluster.stop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return cluster;
}
