import type { GetColumnData, SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { RecordKindName } from "~/domain/record-kinds";
import type { Executor } from "../../../db/client";
import type { RecordOwner } from "./ownership.server";

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

/**
 * The database side of one kind of record (issue 36): its table and what the family-facing
 * services do with it. The names, paths, statuses and texts are in app/domain/record-kinds.ts;
 * the services that treat kinds alike (the profile, the data export, the erasure, the retention
 * job) go through every store that declares their part, so a new kind is one store more.
 */
export type RecordStore = {
  kind: RecordKindName;
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  /** Which rows belong to an account (decision 0028); absent: no family owns this kind. */
  ownedBy?: (owner: RecordOwner) => SQL | undefined;
  /** What the parent's profile reads of it (app/domain/family-records.ts draws it). */
  family?: { columns: Columns; shape?: (row: Record<string, unknown>) => Record<string, unknown> };
  /** "Download my data": the JSON key and CSV section it is listed under, and its fields. */
  dataExport?: {
    key: string;
    section: string;
    columns: Columns;
    /** Rows of other tables listed under each record (an order's refunds). */
    nested?: (db: Executor, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
    /** How the CSV lists those rows: the field holding them, their section, and the key naming the record. */
    nestedAs?: { field: string; label: string; parentKey: string };
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
};
