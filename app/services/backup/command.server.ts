import path from "node:path";
import { ConfigError, loadConfig, type Config } from "../../config.server";
import { DataDirInUseError, openDatabase, type DatabaseHandle } from "../../../db/client";
import { BackupError } from "./format";

type Command = "backup" | "restore";

/** The server's embedded database folder (decision 0034): DATA_DIR/pglite. */
export const pgliteFolder = (config: Config) => path.join(config.dataDir, "pglite");

/** The lock's line, plus what to do about it: a running server holds the PGlite folder. */
export function inUse(command: Command, error: unknown): unknown {
  return error instanceof DataDirInUseError
    ? new BackupError(
        `${error.message} Stop the server first: on PGlite a ${command} needs the database to itself.`,
      )
    : error;
}

/**
 * What `npm run backup` and `npm run restore` share: the server's own settings, and one clear
 * line and exit code 1 on any failure.
 */
export async function runCommand(command: Command, work: (config: Config) => Promise<void>): Promise<void> {
  try {
    await work(loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }));
  } catch (error) {
    const known = error instanceof BackupError || error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    console.error(known ? message : `The ${command} failed: ${message}`);
    process.exitCode = 1;
  }
}

/** runCommand with the server's database open (PGlite in DATA_DIR or DATABASE_URL). */
export async function runWithDatabase(
  command: Command,
  work: (database: DatabaseHandle, config: Config) => Promise<void>,
): Promise<void> {
  await runCommand(command, async (config) => {
    let database: DatabaseHandle;
    try {
      database = await openDatabase(
        config.databaseUrl ? { url: config.databaseUrl } : { dataDir: pgliteFolder(config) },
      );
    } catch (error) {
      throw inUse(command, error);
    }
    try {
      await work(database, config);
    } finally {
      await database.close();
    }
  });
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
