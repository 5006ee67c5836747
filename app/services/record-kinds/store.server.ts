import type { GetColumnData, SQL } from "drizzle-orm";
import type { AnyPgColumn, PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { RecordKindName } from "~/domain/record-kinds";
import type { DataExportSection } from "~/domain/texts/data-export";
import type { Executor } from "../../../db/client";
import type { OwnedColumns, RecordOwner } from "./ownership.server";

/** Columns to select, by the name each field gets in the row read. */
export type Columns = Record<string, PgColumn | SQL.Aliased>;

/** The row `db.select(columns)` reads. */
export type RowOf<Selected extends Columns> = {
  [Field in keyof Selected]: Selected[Field] extends PgColumn
    ? GetColumnData<Selected[Field]>
    : Selected[Field] extends SQL.Aliased<infer Value>
      ? Value
      : never;
};

/** A text a query reads: a column, or an expression over the kind's columns. */
type Text = AnyPgColumn<{ data: string; notNull: true }> | SQL<string>;

/** How the admin search shows one record it found (its id and link are the search's business). */
export type SearchShown = { title: string; details: string[]; status: string | null };

/** What the admin search reads of a kind, and how it shows a row (typed by `searchPart`). */
export type SearchPart = {
  /**
   * The kind's indexed search text (SEARCH_TEXT in db/schema.ts): the query matches this very
   * expression, which is what lets PostgreSQL answer from its trigram index.
   */
  text: SQL;
  columns: Columns;
  shown: (row: Record<string, unknown>) => SearchShown;
  /** Which rows are found at all (a record merged into another is not); absent: every row. */
  listed?: SQL;
  /**
   * For a kind without a page of its own (accounts): what its list is asked for to show this one
   * (the account's address). Absent: the record's own page.
   */
  listedAs?: (row: Record<string, unknown>) => string;
};

/** One column of a kind's admin CSV: its heading and how a row of its list fills it. */
export type CsvColumn<Row> = readonly [heading: string, value: (row: Row) => unknown];

/** A kind's CSV columns, typed by the rows its admin list gives (the export reads them untyped). */
export function csvColumns<Row>(columns: readonly CsvColumn<Row>[]): readonly CsvColumn<never>[] {
  return columns;
}

/** A search part whose functions read the rows its columns select, typed. */
export function searchPart<Selected extends Columns>(part: {
  text: SQL;
  columns: Selected;
  shown: (row: RowOf<Selected>) => SearchShown;
  listed?: SQL;
  listedAs?: (row: RowOf<Selected>) => string;
}): SearchPart {
  return part as unknown as SearchPart;
}

/**
 * The database side of one kind of record (issue 36): its table and what the services that treat
 * kinds alike do with it. The names, paths, statuses and texts are in app/domain/record-kinds.ts;
 * the family-facing services (the profile, the data export, the erasure, the retention job) and the
 * staff-facing ones (the bell, the search, the record pages) go through every store that declares
 * their part, so a new kind is one store more.
 */
export type RecordStore = {
  kind: RecordKindName;
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  /**
   * An id as a URL or a form spells it, as the table stores it; null when it cannot be one of
   * this kind's (an order's id is a uuid, and PostgreSQL refuses anything else). Absent: a number.
   */
  idFrom?: (text: string) => string | number | null;
  /** The columns that make a row an account's (`ownedBy`, decision 0028); absent: no family owns this kind. */
  ownerColumns?: OwnedColumns;
  /** What the parent's profile reads of it (app/domain/family-records.ts draws it). */
  family?: { columns: Columns; shape?: (row: Record<string, unknown>) => Record<string, unknown> };
  /**
   * "Download my data": the JSON key it is listed under, which names its CSV section too
   * (app/domain/texts/data-export.ts has the section's label in each language), and its fields.
   */
  dataExport?: {
    key: DataExportSection;
    columns: Columns;
    /** Rows of other tables listed under each record (an order's refunds). */
    nested?: (db: Executor, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
    /** How the CSV lists those rows: the field holding them (their section too), and the key naming the record. */
    nestedAs?: { field: DataExportSection; parentKey: string };
  };
  /**
   * The owner's erasure: the personal fields replaced (decision 0037), then whatever else of the
   * erased rows must go (copies of a payment, a CV), in the erasure's transaction.
   */
  erasure?: {
    /** How the erasure's counts (the confirmation mail, the history note) name it. */
    countedAs: string;
    fields: Record<string, unknown>;
    /** Throws (a 400) when the erasure must not happen now; runs first, in the transaction. */
    refuse?: (tx: Executor, owner: RecordOwner) => Promise<void>;
    after?: (tx: Executor, ids: (string | number)[]) => Promise<void>;
  };
  /** The retention job: which rows are due `cutoff` after they were sent, and what it replaces. */
  retention?: {
    due: (cutoff: SQL) => SQL | undefined;
    fields: Record<string, unknown>;
    /** How the job's counts (the CLI, the log) name it. */
    countedAs: string;
    /** The history's note on each, and how the CLI names the kind. */
    note: string;
    label: string;
  };
  /**
   * The admin bell (issue 19): the moment that makes a record new (an order is new once paid; its
   * index keeps that column newest first), and how an item is named: a title and a detail.
   */
  bell?: { at: AnyPgColumn<{ data: Date }>; title: Text; detail: Text };
  /** The admin search (issue 19). */
  search?: SearchPart;
  /** The columns of its admin list's CSV (issue 19 point 4), in order. */
  csv?: readonly CsvColumn<never>[];
};

/** A kind's table with the two columns every reader orders and finds its rows by. */
export function tableOf<Table extends PgTable & { id: PgColumn; createdAt: PgColumn }>(table: Table) {
  return { table, id: table.id, createdAt: table.createdAt };
}
