import { and, count, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { ListFilter, ListQuery } from "~/domain/list-query";
import type { Database } from "../../db/client";
import {
  afterCursor,
  byAge,
  countsByStatus,
  cursorTime,
  keysetBatches,
  listFilterOf,
  pageOf,
  type FilteredPage,
} from "./paging.server";

/**
 * How one kind's admin list is read: its table, the query that selects its columns (with any
 * join), how its filters but the tab narrow it, and what its tabs are. The rest (the tabs'
 * counts, paging from the nearer end, the CSV's keyset batches) is the same for every list.
 */
export type ListSource<Row, Tab extends string> = {
  db: Database;
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  /**
   * `db.select(columns).from(table)…$dynamic()`: the list's columns and joins, with `extra`
   * columns beside them (the CSV's cursor).
   */
  select: (extra: Record<string, SQL.Aliased | SQL>) => PgSelect;
  /** A row as read, as the list gives it (computed fields added). */
  shape?: (row: never) => Row;
  /** The filters but the tab: what the tabs are counted under. */
  filtered: (filter: ListFilter<Tab>) => SQL | undefined;
  /** The tabs: every value in order, each row's value as SQL (grouped by), and a tab's rows. */
  tabs: { values: readonly Tab[]; of: SQL | PgColumn; where: (tab: Tab) => SQL | undefined };
};

/**
 * An admin list (issue 19 point 3): a page under its filters with each tab's count, and every
 * row under the filters in batches for its CSV, memory holding one batch however long the list.
 */
export function recordList<Row extends { id: number | string }, Tab extends string>(
  source: ListSource<Row, Tab>,
) {
  const { db, table, id, createdAt, tabs } = source;
  const shape = (rows: unknown[]) =>
    (source.shape ? rows.map((row) => source.shape!(row as never)) : rows) as Row[];
  const ofTab = (filter: ListFilter<Tab>) =>
    and(source.filtered(filter), filter.status ? tabs.where(filter.status) : undefined);

  // The list as staff first open it (no filter but a tab) is read on every visit: its statements
  // are prepared once, one for the counts and one per tab and direction for the rows (issue 41);
  // a filtered list is built each time (its filters' values shape the statement).
  const name = getTableName(table);
  const whole = listFilterOf<Tab>({});
  const isWhole = (filter: ListFilter<Tab>) =>
    !filter.grade && !filter.role && !filter.from && !filter.to && !filter.q;
  const wholeCounts = db
    .select({ status: tabs.of as SQL<Tab>, total: count() })
    .from(table)
    .where(source.filtered(whole))
    .groupBy(tabs.of)
    .prepare(`list_${name}_counts`);
  const wholeRows = new Map<string, { execute: (values: Record<string, unknown>) => Promise<unknown[]> }>();
  function wholeRowsOf(tab: Tab | null, order: "newest" | "oldest") {
    const key = `${tab ?? "all"}_${order}`;
    let statement = wholeRows.get(key);
    if (!statement) {
      statement = source
        .select({})
        .where(ofTab({ ...whole, status: tab }))
        .orderBy(...byAge(order, createdAt, id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(`list_${name}_rows_${key}`);
      wholeRows.set(key, statement);
    }
    return statement;
  }

  return {
    /**
     * How many rows a tab holds (no other filter), as a subquery another statement folds in: the
     * dashboard reads every kind's figure and newest rows in one prepared statement.
     */
    tabCount: (tab: Tab): SQL<number> =>
      sql`(select count(*)::int from ${table} where ${and(source.filtered(listFilterOf({})), tabs.where(tab)) ?? sql`true`})`,

    /**
     * The list's newest `limit` rows (of `tab`, or every tab), the columns `columns` names, as one
     * JSON array in the list's order: a subquery, as `tabCount`.
     */
    newestRows: (columns: Record<string, SQL | PgColumn>, limit: number, tab?: Tab): SQL<unknown[]> =>
      sql`(select coalesce(json_agg(newest), '[]'::json) from (${db
        // Each column named by its key: the JSON's field names.
        .select(
          Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql`${column}`.as(key)])),
        )
        .from(table)
        .where(and(source.filtered(listFilterOf({})), tab ? tabs.where(tab) : undefined))
        .orderBy(...byAge("newest", createdAt, id))
        .limit(limit)}) as newest)`,

    /** The admin screen's page: `{ rows, totalPages, currentPage, total }` and each tab's count. */
    listPage: async (query: ListQuery<Tab> = {}): Promise<FilteredPage<Row, Tab>> => {
      const filter = listFilterOf(query);
      const prepared = isWhole(filter);
      const grouped = prepared
        ? await wholeCounts.execute()
        : await db
            .select({ status: tabs.of as SQL<Tab>, total: count() })
            .from(table)
            .where(source.filtered(filter))
            .groupBy(tabs.of);
      const counts = countsByStatus(tabs.values, grouped);
      const total = filter.status
        ? counts[filter.status]
        : Object.values<number>(counts).reduce((sum, each) => sum + each, 0);
      const where = ofTab(filter);
      const page = await pageOf(
        { page: query.page, limit: query.limit },
        {
          count: async () => total,
          rows: async (order, limit, offset) =>
            shape(
              prepared
                ? await wholeRowsOf(filter.status, order).execute({ limit, offset })
                : await source
                    .select({})
                    .where(where)
                    .orderBy(...byAge(order, createdAt, id))
                    .limit(limit)
                    .offset(offset),
            ),
        },
        filter.sort,
      );
      return { ...page, counts };
    },

    /** Every row under `filter`, in its order, in batches (the CSV export). */
    exportRows: (
      filter: ListFilter<Tab>,
      batchSize = 1000,
    ): AsyncGenerator<(Row & { cursorAt: string })[]> => {
      const where = ofTab(filter);
      return keysetBatches<Row & { cursorAt: string }>(async (after, limit) => {
        const rows = await source
          .select({ cursorAt: cursorTime(createdAt) })
          .where(and(where, afterCursor(createdAt, id, filter.sort, after)))
          .orderBy(...byAge(filter.sort, createdAt, id))
          .limit(limit);
        return shape(rows) as (Row & { cursorAt: string })[];
      }, batchSize);
    },
  };
}
