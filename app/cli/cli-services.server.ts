import path from "node:path";
import { ConfigError, loadConfig, resolveJwtSecret, type Config } from "../config.server";
import { createImageStorage } from "../services/image-storage.server";
import { createServices, type ServiceDependencies, type Services } from "../services/index.server";
import { openDatabase } from "../../db/client";

/**
 * The configuration a command reads: the environment's, without the ADMIN account the server
 * makes sure of at start (a command never creates one).
 */
export const commandConfig = (): Config =>
  loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });

/**
 * Opens the site's database (PostgreSQL at DATABASE_URL, else the PGlite folder under DATA_DIR:
 * only while the server is stopped, as PGlite serves one process), brings it to the current
 * schema, and hands `work` the services over it, as the server builds them; closes it after.
 */
export async function withServices<T>(
  config: Config,
  dependencies: Partial<Omit<ServiceDependencies, "db" | "images" | "jwtSecret">>,
  work: (services: Services) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    return await work(
      createServices({
        db: database.db,
        images: createImageStorage(database.db),
        jwtSecret: resolveJwtSecret(config),
        publicUrl: config.publicUrl,
        mail: { staffEmail: config.mail.staffEmail },
        ...dependencies,
      }),
    );
  } finally {
    await database.close();
  }
}

/** Runs a command: a failure prints its message alone and exits with 1. */
export function runCommand(main: () => Promise<void>) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
