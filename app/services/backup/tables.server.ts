import { readFileSync } from "node:fs";
import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Executor } from "../../../db/client";
import { projectFile } from "../../../db/project-files";
import * as schema from "../../../db/schema";
import { BackupError } from "./format";

/**
 * Every table of db/schema.ts but the derived ones (`DERIVED_TABLES`: figures kept against this
 * database's own transaction snapshots, rebuilt on the first read), parents before children (each
 * table after the tables its foreign keys point to), so rows restore in this order without
 * deferring a constraint. Read from the schema itself: a table added there is backed up without
 * anyone remembering to list it.
 */
export function backedUpTables(): string[] {
  const derived: readonly string[] = schema.DERIVED_TABLES;
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .filter((table) => !derived.includes(getTableName(table)));
  const parentsOf = new Map(
    tables.map((table) => [
      getTableName(table),
      getTableConfig(table)
        .foreignKeys.map((key) => getTableName(key.reference().foreignTable))
        .filter((parent) => parent !== getTableName(table)),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, via: string[]) => {
    if (ordered.includes(name)) return;
    if (via.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...via, name].join(" -> ")}`);
    for (const parent of parentsOf.get(name) ?? []) visit(parent, [...via, name]);
    ordered.push(name);
  };
  // Sorted first, so the order (and so the file) is the same on every run.
  for (const name of [...parentsOf.keys()].sort()) visit(name, []);
  return ordered;
}

export type TableColumn = { name: string; type: string; isBytes: boolean };

/** Each public table's stored columns as the database has them (generated ones are derived: left out). */
export async function tableColumns(executor: Executor): Promise<Map<string, TableColumn[]>> {
  const rows = await queryRows<{ table: string; name: string; type: string }>(
    executor,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, null) as type
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const columns = new Map<string, TableColumn[]>();
  for (const row of rows) {
    const list = columns.get(row.table) ?? [];
    list.push({ name: row.name, type: row.type, isBytes: row.type === "bytea" });
    columns.set(row.table, list);
  }
  return columns;
}

/** Each public table's primary key columns in key order: rows are written and compared in this order. */
export async function primaryKeys(executor: Executor): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table: string; name: string }>(
    executor,
    sql`select c.relname as "table", a.attname as name
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, k.position`,
  );
  const keys = new Map<string, string[]>();
  for (const row of rows) keys.set(row.table, [...(keys.get(row.table) ?? []), row.name]);
  return keys;
}

/** The identity columns (generated ids) of the public tables, with the sequence behind each. */
export async function identityColumns(
  executor: Executor,
): Promise<{ table: string; column: string; sequence: string }[]> {
  return queryRows(
    executor,
    sql`select c.relname as "table", a.attname as "column",
          pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attidentity <> '' and not a.attisdropped
        order by c.relname, a.attname`,
  );
}

/** The public tables the database has: a backup refuses when one is missing from db/schema.ts. */
export async function databaseTables(executor: Executor): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    executor,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

const journalFile = projectFile("db", "migrations", "meta", "_journal.json");

type JournalEntry = { when: number; tag: string };
let journal: JournalEntry[] | undefined;
function committedMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(journalFile, "utf8")) as { entries: JournalEntry[] }).entries;
  return journal;
}

/** The schema version this code writes and reads: the tag of its last migration, e.g. "0007_consent…". */
export function codeSchemaVersion(): string {
  return committedMigrations().at(-1)!.tag;
}

/**
 * The schema version a database is at, by drizzle's record of what ran (its migrations' timestamps):
 * the tag of the latest one; "none" before any; "newer than X" when it has one this code never had.
 */
export async function databaseSchemaVersion(
  executor: Executor,
): Promise<{ version: string; known: boolean; empty: boolean }> {
  const [present] = await queryRows<{ present: boolean }>(
    executor,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const stamps = present?.present
    ? (
        await queryRows<{ stamp: string }>(
          executor,
          sql`select created_at::text as stamp from drizzle.__drizzle_migrations`,
        )
      ).map((row) => row.stamp)
    : [];
  if (stamps.length === 0) return { version: "none", known: true, empty: true };
  const byStamp = new Map(committedMigrations().map((entry) => [String(entry.when), entry.tag]));
  const unknown = stamps.filter((stamp) => !byStamp.has(stamp));
  if (unknown.length > 0) {
    const newest = Math.max(...unknown.map(Number));
    return {
      version: `a migration of ${new Date(newest).toISOString()} this code does not have`,
      known: false,
      empty: false,
    };
  }
  const latest = committedMigrations().findLast((entry) => stamps.includes(String(entry.when)));
  return { version: latest!.tag, known: true, empty: false };
}

/** Raised when a backup or a database is not at this code's schema, with both versions named. */
export function schemaMismatch(what: string, found: string, advice: string): BackupError {
  return new BackupError(
    `${what} is at schema version ${found}; this code is at ${codeSchemaVersion()}. ${advice}`,
  );
}
