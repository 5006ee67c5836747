import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createDatabaseOnServer } from "../tests/support/database";
import { PROJECT_ROOT } from "../tests/support/server";
import type { Recorded } from "./load";

/** The bare node:http server (bench/bare-server.ts) answering each recorded path with its bytes. */
/** A bench server script (bench/<script>) in its own process, which prints its port once listening. */
export async function startBenchServer(
  script: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(PROJECT_ROOT, "bench", script), ...args],
    {
      cwd: PROJECT_ROOT,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  return {
    url: `http://127.0.0.1:${chunk.toString().trim()}`,
    stop: async () => {
      child.kill();
      await once(child, "exit");
    },
  };
}

export async function startBare(recordings: Recorded[], dir: string) {
  const file = path.join(dir, "recordings.json");
  await writeFile(
    file,
    JSON.stringify(recordings.map((item) => ({ ...item, body: item.body.toString("base64") }))),
  );
  return startBenchServer("bare-server.ts", [file]);
}

export async function freshDatabaseUrl(): Promise<{
  url: string | undefined;
  drop(): Promise<void>;
  label: string;
}> {
  if (!process.env.DATABASE_URL) return { url: undefined, drop: async () => {}, label: "embedded PGlite" };
  const created = await createDatabaseOnServer();
  return { ...created, label: "PostgreSQL (DATABASE_URL)" };
}
