/**
 * `npm run restore -- <file> [--force]`: brings an empty database and upload folder (the
 * server's own DATA_DIR or DATABASE_URL, and UPLOAD_DIR) back to the state a backup holds.
 * Refuses a target that has data unless --force; a damaged file or one of another schema version
 * changes nothing, and no refusal creates DATA_DIR or UPLOAD_DIR. With the embedded PGlite
 * database stop the server first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreServer } from "../services/backup/restore-backup.server";
import { runCommand } from "../services/backup/command.server";

const USAGE = "Usage: npm run restore -- <backup file> [--force]";
let parsed;
try {
  parsed = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}. ${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const file = path.resolve(positionals[0]!);
const started = Date.now();
await runCommand("restore", async (config) => {
  const { header, footer, driver } = await restoreServer({ config, file, force: values.force });
  const rows = Object.values(footer.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Restored ${path.basename(file)} (made ${header.createdAt} on ${header.database}, schema ${header.schemaVersion}): ${rows} rows in ${Object.keys(footer.rows).length} tables and ${footer.files} files, into ${driver === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"} and ${config.uploadDir}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
