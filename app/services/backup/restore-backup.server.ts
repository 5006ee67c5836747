import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Config } from "../../config.server";
import {
  DataDirInUseError,
  lockDataDir,
  openDatabase,
  queryRows,
  type DatabaseHandle,
} from "../../../db/client";
import { inUse, pgliteFolder } from "./command.server";
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

/** The tables of the backup that already have rows in the target database. */
async function filledTables(database: DatabaseHandle, tables: string[]): Promise<string[]> {
  const existing = new Set(await databaseTables(database.db));
  const checks = tables
    .filter((table) => existing.has(table))
    .map(
      (table) =>
        `select '${table.replace(/'/g, "''")}' as name where exists (select from ${quoteIdentifier(table)})`,
    );
  return checks.length > 0
    ? (await queryRows<{ name: string }>(database.db, sql.raw(checks.join(" union all ")))).map(
        (row) => row.name,
      )
    : [];
}

/**
 * The refusals the target can cause, asked without changing anything: a database of a newer
 * release, and (unless `force`) rows or stored files already there. `database` undefined: there is
 * none yet. Answers what the target holds: with `force`, the files the restore then removes.
 */
async function checkTarget(
  database: DatabaseHandle | undefined,
  tables: string[],
  uploadDir: string,
  force: boolean,
): Promise<{ filled: string[]; files: string[] }> {
  if (database) {
    const target = await databaseSchemaVersion(database.db);
    if (!target.known)
      throw schemaMismatch(
        "The database",
        target.version,
        "Restore with the release of the site that matches the database, or into an empty one. Nothing was changed.",
      );
  }
  const filled = database ? await filledTables(database, tables) : [];
  const files = await storedFiles(uploadDir);
  if (!force && (filled.length > 0 || files.length > 0)) {
    const what = [
      filled.length > 0 ? `rows in ${filled.join(", ")}` : "",
      files.length > 0 ? `${files.length} files in ${uploadDir}` : "",
    ].filter(Boolean);
    throw new BackupError(
      `The target is not empty (${what.join("; ")}): restore into an empty database and upload folder, or add --force to replace what is there. Nothing was changed.`,
    );
  }
  return { filled, files };
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

/** The migrated database's columns, refused unless they are the backup's, table by table. */
async function checkColumns(database: DatabaseHandle, header: BackupHeader) {
  const columns = await tableColumns(database.db);
  for (const table of header.tables) {
    const found = columns.get(table.name) ?? [];
    if (found.map((column) => column.name).join() !== table.columns.join())
      throw new BackupError(
        `The backup's table ${table.name} has the columns ${table.columns.join(", ")}; the database has ${found.map((column) => column.name).join(", ") || "no such table"}. Nothing was changed.`,
      );
  }
  return columns;
}

type RestoreTarget = { database: DatabaseHandle; uploadDir: string; file: string; force?: boolean };
type Restored = { header: BackupHeader; footer: BackupFooter };

/**
 * Brings a database and UPLOAD_DIR back to the state a backup holds. The whole file is checked
 * first; then the target must be empty (or `force`); the database is migrated to this code's
 * schema, every row goes in within one transaction, and the files, written aside meanwhile, are
 * moved into place once it has committed. Any failure before the commit changes nothing.
 */
export async function restoreBackup(target: RestoreTarget): Promise<Restored> {
  const { header } = await readBackup(target.file);
  return restoreChecked({ ...target, header });
}

/** restoreBackup once the file has been read through and found sound (its header). */
async function restoreChecked({
  database,
  uploadDir,
  file,
  force = false,
  header,
}: RestoreTarget & { header: BackupHeader }): Promise<Restored> {
  const tables = header.tables.map((table) => table.name);
  const before = await checkTarget(database, tables, uploadDir, force);

  await database.migrate();
  const columns = await checkColumns(database, header);
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

/** Whether a folder is there, and whether anything is in it. */
async function folderState(folder: string): Promise<"missing" | "empty" | "filled"> {
  try {
    return (await readdir(folder)).length > 0 ? "filled" : "empty";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
}

/**
 * Puts back folders that were missing or empty: removes them (and the missing folders above them,
 * which making them made too), or what is now in them.
 */
async function undoFor(folders: string[]): Promise<() => Promise<void>> {
  const states = await Promise.all(
    folders.map(async (folder) => {
      const state = await folderState(folder);
      let outermost = folder;
      if (state === "missing")
        while ((await folderState(path.dirname(outermost))) === "missing")
          outermost = path.dirname(outermost);
      return [outermost, state] as const;
    }),
  );
  return async () => {
    for (const [folder, state] of states) {
      if (state === "missing") await rm(folder, { recursive: true, force: true });
      else if (state === "empty")
        for (const entry of await readdir(folder).catch(() => []))
          await rm(path.join(folder, entry), { recursive: true, force: true });
    }
  };
}

/**
 * Asks a PGlite folder's database something without touching the folder: PostgreSQL rewrites
 * catalog, control and WAL files whenever it starts and stops, so the question goes to a copy.
 * The folder's lock, held meanwhile, keeps a running server's half-written files from being
 * copied (and refuses, as the server holds it).
 */
async function askCopyOf<T>(folder: string, question: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  let unlock;
  try {
    unlock = lockDataDir(folder);
  } catch (error) {
    throw inUse("restore", error);
  }
  const copy = await mkdtemp(path.join(tmpdir(), "zipat-restore-check-"));
  try {
    await cp(folder, copy, { recursive: true });
    const database = await openDatabase({ dataDir: copy });
    try {
      return await question(database);
    } finally {
      await database.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
    unlock();
  }
}

/**
 * `npm run restore`: a backup into the server's own database (DATABASE_URL, or PGlite in
 * DATA_DIR) and UPLOAD_DIR. Every refusal comes before anything is written (decision 0035): the
 * file is read through, then the target is asked — an existing PGlite folder through a copy, a
 * missing one holds nothing — and only then is the database opened (a new PGlite one made). A
 * failure after that removes again what the restore made: a folder that was missing or empty
 * is so again.
 */
export async function restoreServer({
  config,
  file,
  force,
}: {
  config: Config;
  file: string;
  force: boolean;
}): Promise<Restored & { driver: DatabaseHandle["driver"] }> {
  const { header } = await readBackup(file);
  const tables = header.tables.map((table) => table.name);
  let database: DatabaseHandle;
  let undo: () => Promise<void>;
  if (config.databaseUrl) {
    // PostgreSQL answers the target's questions without changing anything.
    undo = await undoFor([config.uploadDir]);
    database = await openDatabase({ url: config.databaseUrl });
  } else {
    const pglite = pgliteFolder(config);
    if ((await folderState(pglite)) === "filled")
      await askCopyOf(pglite, async (existing) => {
        await checkTarget(existing, tables, config.uploadDir, force);
        // The columns are known only once migrated: the copy is, so the folder need not be.
        await existing.migrate();
        await checkColumns(existing, header);
      });
    else await checkTarget(undefined, tables, config.uploadDir, force);
    undo = await undoFor([config.dataDir, pglite, config.uploadDir]);
    try {
      database = await openDatabase({ dataDir: pglite });
    } catch (error) {
      // Another process holds the folder (a server started meanwhile): it is not ours to undo.
      if (!(error instanceof DataDirInUseError)) await undo();
      throw inUse("restore", error);
    }
  }
  try {
    try {
      const restored = await restoreChecked({ database, uploadDir: config.uploadDir, file, force, header });
      return { ...restored, driver: database.driver };
    } finally {
      await database.close();
    }
  } catch (error) {
    await undo();
    throw error;
  }
}
