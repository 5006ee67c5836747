// `npm run retention -- --dry-run`: lists the rejected applications and finished demo requests
// older than RETENTION_MONTHS that the retention job would anonymise (counts and ids, nothing
// personal). Without --dry-run it anonymises them once, as each server instance does on its
// own every few hours. With the embedded PGlite database run it only while the server is stopped
// (PGlite serves one process at a time).
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, resolveJwtSecret } from "../config.server";
import { createImageStorage } from "../services/image-storage.server";
import { createServices } from "../services/index.server";
import { describeRetention } from "../services/retention.server";
import { openDatabase } from "../../db/client";

async function main() {
  let dryRun: boolean;
  try {
    dryRun = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } }).values["dry-run"];
  } catch {
    console.error("Usage: npm run retention [-- --dry-run]");
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    const { retention } = createServices({
      db: database.db,
      images: createImageStorage(database.db),
      jwtSecret: resolveJwtSecret(config),
      publicUrl: config.publicUrl,
      retentionMonths: config.retentionMonths,
    });
    const preview = await retention.preview();
    console.log(describeRetention(preview, retention.months, dryRun));
    if (!dryRun) {
      const done = await retention.run();
      console.log(
        `Anonymised ${done.applications} application(s) and ${done.demoRequests} demo request(s); each is in the admin History.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
