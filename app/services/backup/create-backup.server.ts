import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle, type Executor } from "../../../db/client";
import { DERIVED_TABLES } from "../../../db/schema";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupFooter,
  type BackupHeader,
  type FileLine,
  type SequenceLine,
} from "./format";
import {
  backedUpTables,
  codeSchemaVersion,
  databaseSchemaVersion,
  databaseTables,
  identityColumns,
  primaryKeys,
  quoteIdentifier,
  schemaMismatch,
  tableColumns,
  type TableColumn,
} from "./tables.server";

const APP_NAME = "zipat-school";
/** Rows fetched per round trip: memory stays flat; tables holding files (bytea) fetch a few at a time. */
const ROWS_PER_FETCH = 2_000;
const ROWS_PER_FETCH_WITH_BYTES = 10;

export type BackupResult = {
  file: string;
  bytes: number;
  schemaVersion: string;
  rows: Record<string, number>;
  files: number;
};

/** Each stored file under `root`, as "/"-separated paths, sorted; dot-files (writes under way) are left out. */
export async function storedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk("");
  return found.sort();
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/** A column's value as text: PostgreSQL's own output, exact for every type; bytes as base64. */
const textOf = (column: TableColumn) =>
  column.isBytes
    ? `translate(encode(${quoteIdentifier(column.name)}, 'base64'), E'\\n', '')`
    : `${quoteIdentifier(column.name)}::text`;

async function* tableRows(
  tx: Executor,
  table: string,
  columns: TableColumn[],
  key: string[] = [],
): AsyncGenerator<string> {
  if (key.length === 0)
    throw new BackupError(`The table ${table} has no primary key, so its rows have no order.`);
  const values = columns.map(textOf).join(", ");
  // Named after the table: cursors stay open until the snapshot's transaction ends.
  const cursor = quoteIdentifier(`backup_${table}`);
  const prefix = `{"kind":"row","table":${JSON.stringify(table)},"values":`;
  await tx.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select json_build_array(${values})::text as r from ${quoteIdentifier(table)} order by ${key.map(quoteIdentifier).join(", ")}`,
    ),
  );
  const perFetch = columns.some((column) => column.isBytes) ? ROWS_PER_FETCH_WITH_BYTES : ROWS_PER_FETCH;
  for (;;) {
    const rows = await queryRows<{ r: string }>(tx, sql.raw(`fetch ${perFetch} from ${cursor}`));
    if (rows.length > 0) yield rows.map((row) => `${prefix}${row.r}}\n`).join("");
    if (rows.length < perFetch) break;
  }
}

/** A name in `directory` not taken yet: zipat-backup-<UTC time>.ndjson.gz (-2, -3… within one second). */
async function freeName(directory: string, now: Date): Promise<string> {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  for (let attempt = 1; ; attempt++) {
    const name = `zipat-backup-${stamp}${attempt > 1 ? `-${attempt}` : ""}.ndjson.gz`;
    const taken = await stat(path.join(directory, name)).then(
      () => true,
      () => false,
    );
    if (!taken) return path.join(directory, name);
  }
}

/**
 * Writes the whole database and every stored file into one new file in `backupDir` and answers
 * its path. The rows are read in one read-only snapshot (repeatable read), so a backup taken while
 * a PostgreSQL-backed site runs is consistent. The file appears under its name only once complete.
 */
export async function createBackup({
  database,
  uploadDir,
  backupDir,
  now = new Date(),
}: {
  database: DatabaseHandle;
  uploadDir: string;
  backupDir: string;
  now?: Date;
}): Promise<BackupResult> {
  const { db } = database;
  const version = await databaseSchemaVersion(db);
  if (version.version !== codeSchemaVersion())
    throw schemaMismatch(
      "The database",
      version.version,
      "Back it up with the release of the site that matches it (a start of this release migrates it first).",
    );
  const tables = backedUpTables();
  const derived: readonly string[] = DERIVED_TABLES;
  const unknown = (await databaseTables(db)).filter(
    (table) => !tables.includes(table) && !derived.includes(table),
  );
  if (unknown.length > 0)
    throw new BackupError(
      `The database has table${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} that db/schema.ts does not list, so a backup would leave it out.`,
    );

  await mkdir(backupDir, { recursive: true });
  const file = await freeName(backupDir, now);
  const partial = path.join(backupDir, `.${path.basename(file)}.partial`);
  const rows: Record<string, number> = {};
  let fileCount = 0;

  async function* lines(tx: Executor): AsyncGenerator<string> {
    const hash = createHash("sha256");
    const hashed = (text: string) => {
      hash.update(text);
      return text;
    };
    const columns = await tableColumns(tx);
    const keys = await primaryKeys(tx);
    const header: BackupHeader = {
      kind: "header",
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      app: APP_NAME,
      createdAt: now.toISOString(),
      database: database.driver,
      schemaVersion: version.version,
      tables: tables.map((name) => ({ name, columns: columns.get(name)!.map((column) => column.name) })),
    };
    yield hashed(line(header));
    for (const table of tables) {
      rows[table] = 0;
      for await (const chunk of tableRows(tx, table, columns.get(table)!, keys.get(table))) {
        // One line per row: counting the chunk's newlines counts its rows.
        for (let at = chunk.indexOf("\n"); at !== -1; at = chunk.indexOf("\n", at + 1)) rows[table]++;
        yield hashed(chunk);
      }
    }
    const sequences = (await identityColumns(tx)).filter((identity) => tables.includes(identity.table));
    for (const identity of sequences) {
      const [state] = await queryRows<{ lastValue: string; isCalled: boolean }>(
        tx,
        sql.raw(`select last_value::text as "lastValue", is_called as "isCalled" from ${identity.sequence}`),
      );
      const entry: SequenceLine = {
        kind: "sequence",
        table: identity.table,
        column: identity.column,
        ...state!,
      };
      yield hashed(line(entry));
    }
    for (const relative of await storedFiles(uploadDir)) {
      const bytes = await readFile(path.join(uploadDir, ...relative.split("/")));
      const entry: FileLine = {
        kind: "file",
        path: relative,
        size: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        data: bytes.toString("base64"),
      };
      fileCount++;
      yield hashed(line(entry));
    }
    const footer: BackupFooter = {
      kind: "footer",
      rows,
      sequences: sequences.length,
      files: fileCount,
      sha256: hash.digest("hex"),
    };
    yield line(footer);
  }

  try {
    await db.transaction(
      async (tx) => {
        // Text output that reads back the same on any server: ISO dates, UTC times.
        await tx.execute(sql`set local timezone = 'UTC'`);
        await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
        await pipeline(lines(tx), createGzip(), createWriteStream(partial, { flags: "wx", mode: 0o600 }));
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return {
    file,
    bytes: (await stat(file)).size,
    schemaVersion: version.version,
    rows,
    files: fileCount,
  };
}
