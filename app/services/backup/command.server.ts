import path from "node:path";
import { ConfigError, loadConfig, type Config } from "../../config.server";
import { DataDirInUseError, openDatabase, type DatabaseHandle } from "../../../db/client";
import { BackupError } from "./format";

/**
 * What `npm run backup` and `npm run restore` share: the server's own settings, its database
 * (PGlite in DATA_DIR or DATABASE_URL), and one clear line and exit code 1 on any failure.
 */
export async function runWithDatabase(
  command: "backup" | "restore",
  work: (database: DatabaseHandle, config: Config) => Promise<void>,
): Promise<void> {
  try {
    const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
    const dataDir = path.join(config.dataDir, "pglite");
    let database: DatabaseHandle;
    try {
      database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir });
    } catch (error) {
      if (error instanceof DataDirInUseError)
        throw new BackupError(
          `${error.message} Stop the server first: on PGlite a ${command} needs the database to itself.`,
        );
      throw error;
    }
    try {
      await work(database, config);
    } finally {
      await database.close();
    }
  } catch (error) {
    const known = error instanceof BackupError || error instanceof ConfigError;
    const message = error instanceof Error ? error.message : String(error);
    console.error(known ? message : `The ${command} failed: ${message}`);
    process.exitCode = 1;
  }
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
