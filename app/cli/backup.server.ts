/**
 * `npm run backup`: writes the database and every stored file into one new compressed file in
 * BACKUP_DIR (default ./backups) and prints its path. With the embedded PGlite database stop the
 * server first; on PostgreSQL it may run (the rows are read in one consistent snapshot).
 * See README ("Backups") and docs/decisions/0035-backups.md.
 */
import { createBackup } from "../services/backup/create-backup.server";
import { megabytes, runWithDatabase } from "../services/backup/command.server";

const started = Date.now();
await runWithDatabase("backup", async (database, config) => {
  const result = await createBackup({ database, uploadDir: config.uploadDir, backupDir: config.backupDir });
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backup written to ${result.file} (${megabytes(result.bytes)}): ${rows} rows in ${Object.keys(result.rows).length} tables and ${result.files} files, schema ${result.schemaVersion}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
