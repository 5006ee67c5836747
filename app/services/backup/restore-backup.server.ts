import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle } from "../../../db/client";
import { storedFiles } from "./create-backup.server";
import { BackupError, type BackupFooter, type BackupHeader } from "./format";
import { readBackup, type BackupEntry } from "./read-backup.server";
import {
  databaseSchemaVersion,
  databaseTables,
  quoteIdentifier,
  schemaMismatch,
  tableColumns,
  type TableColumn,
} from "./tables.server";

/** Rows sent per insert, and at most about this many bytes of them (CVs are large). */
const ROWS_PER_INSERT = 1_000;
const BYTES_PER_INSERT = 4 * 1024 * 1024;

/** What the target holds already: row counts of the tables that have rows, and its stored files. */
async function contentsOf(database: DatabaseHandle, tables: string[], uploadDir: string) {
  const existing = new Set(await databaseTables(database.db));
  const checks = tables
    .filter((table) => existing.has(table))
    .map(
      (table) =>
        `select '${table.replace(/'/g, "''")}' as name where exists (select from ${quoteIdentifier(table)})`,
    );
  const filled =
    checks.length > 0
      ? (await queryRows<{ name: string }>(database.db, sql.raw(checks.join(" union all ")))).map(
          (row) => row.name,
        )
      : [];
  return { filled, files: await storedFiles(uploadDir) };
}

/** `insert … select` of one batch of rows sent as a JSON array of arrays of text. */
function insertStatement(table: string, columns: TableColumn[]): (rows: string) => ReturnType<typeof sql> {
  const names = columns.map((column) => quoteIdentifier(column.name)).join(", ");
  const values = columns
    .map((column, index) =>
      column.isBytes ? `decode(r->>${index}, 'base64')` : `(r->>${index})::${column.type}`,
    )
    .join(", ");
  const head = `insert into ${quoteIdentifier(table)} (${names}) overriding system value select ${values} from json_array_elements(`;
  return (rows) => sql`${sql.raw(head)}${rows}::json) as r`;
}

/**
 * Brings a database and UPLOAD_DIR back to the state a backup holds. The whole file is checked
 * first; then the target must be empty (or `force`); the database is migrated to this code's
 * schema, every row goes in within one transaction, and the files, written aside meanwhile, are
 * moved into place once it has committed. Any failure before the commit changes nothing.
 */
export async function restoreBackup({
  database,
  uploadDir,
  file,
  force = false,
}: {
  database: DatabaseHandle;
  uploadDir: string;
  file: string;
  force?: boolean;
}): Promise<{ header: BackupHeader; footer: BackupFooter }> {
  const { header } = await readBackup(file);
  const tables = header.tables.map((table) => table.name);

  const target = await databaseSchemaVersion(database.db);
  if (!target.known)
    throw schemaMismatch(
      "The database",
      target.version,
      "Restore with the release of the site that matches the database, or into an empty one. Nothing was changed.",
    );
  const before = await contentsOf(database, tables, uploadDir);
  if (!force && (before.filled.length > 0 || before.files.length > 0)) {
    const what = [
      before.filled.length > 0 ? `rows in ${before.filled.join(", ")}` : "",
      before.files.length > 0 ? `${before.files.length} files in ${uploadDir}` : "",
    ].filter(Boolean);
    throw new BackupError(
      `The target is not empty (${what.join("; ")}): restore into an empty database and upload folder, or add --force to replace what is there. Nothing was changed.`,
    );
  }

  await database.migrate();
  const columns = await tableColumns(database.db);
  for (const table of header.tables) {
    const found = columns.get(table.name) ?? [];
    if (found.map((column) => column.name).join() !== table.columns.join())
      throw new BackupError(
        `The backup's table ${table.name} has the columns ${table.columns.join(", ")}; the database has ${found.map((column) => column.name).join(", ") || "no such table"}. Nothing was changed.`,
      );
  }
  const inserts = new Map(tables.map((table) => [table, insertStatement(table, columns.get(table)!)]));

  const staging = path.join(uploadDir, `.restore-${randomBytes(6).toString("hex")}`);
  const restored: string[] = [];
  try {
    await mkdir(staging, { recursive: true });
    const result = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
      if (force)
        await tx.execute(
          sql.raw(`truncate table ${tables.map(quoteIdentifier).join(", ")} restart identity cascade`),
        );
      let batch: { table: string; rows: string[]; bytes: number } | undefined;
      const flush = async () => {
        if (!batch) return;
        await tx.execute(inserts.get(batch.table)!(`[${batch.rows.join(",")}]`));
        batch = undefined;
      };
      const apply = async (entry: BackupEntry) => {
        if (entry.kind === "row") {
          if (batch && batch.table !== entry.table) await flush();
          const text = JSON.stringify(entry.values);
          batch ??= { table: entry.table, rows: [], bytes: 0 };
          batch.rows.push(text);
          batch.bytes += text.length;
          if (batch.rows.length >= ROWS_PER_INSERT || batch.bytes >= BYTES_PER_INSERT) await flush();
          return;
        }
        await flush();
        if (entry.kind === "sequence") {
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${quoteIdentifier(entry.table)}, ${entry.column}), ${entry.lastValue}::bigint, ${entry.isCalled})`,
          );
        } else {
          const staged = path.join(staging, ...entry.path.split("/"));
          await mkdir(path.dirname(staged), { recursive: true });
          await writeFile(staged, Buffer.from(entry.data, "base64"), { flag: "wx" });
          restored.push(entry.path);
        }
      };
      // Read again, checked again: a file changed since the first reading rolls everything back.
      const read = await readBackup(file, apply);
      await flush();
      return read;
    });
    for (const relative of restored) {
      const destination = path.join(uploadDir, ...relative.split("/"));
      await mkdir(path.dirname(destination), { recursive: true });
      await rename(path.join(staging, ...relative.split("/")), destination);
    }
    const kept = new Set(restored);
    for (const relative of before.files)
      if (!kept.has(relative)) await rm(path.join(uploadDir, ...relative.split("/")), { force: true });
    return result;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
