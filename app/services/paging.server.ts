import { and, asc, desc, gte, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { ListFilter, ListQuery, ListSort } from "~/domain/list-query";
import { pageWindow, type PageWindow } from "./page-window.server";
import { pagination, parseInput } from "./validation";

/** Admin lists show about fifty rows a page; `limit` exists for tests and API-style callers. */
export const ADMIN_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;
const adminPageQuery = pagination(ADMIN_PAGE);

/** Which page of a list, and how long a page is (both from 1; the caller has checked them). */
export type PageQuery = { page?: number; limit?: number };

/** One page of an admin list. `totalPages` is at least 1, so "Page 1 of 1" holds for an empty list. */
export type Paged<Row> = { rows: Row[]; totalPages: number; currentPage: number; total: number };

/** A filtered list's page and, for its tabs, how many rows each status has under the other filters. */
export type FilteredPage<Row, Status extends string> = Paged<Row> & { counts: Record<Status, number> };

/** Reads `limit` rows after skipping `offset`, in the list's own order ("newest") or backwards ("oldest"). */
export type ReadRows<Row> = (order: PageWindow["order"], limit: number, offset: number) => Promise<Row[]>;

/** ORDER BY of a newest-first list (creation time, then id: the lists' indexes) read in `order`. */
export function byAge(order: PageWindow["order"], createdAt: AnyColumn, id: AnyColumn) {
  const direction = order === "newest" ? desc : asc;
  return [direction(createdAt), direction(id)] as const;
}

/**
 * The rows of one page window in the list's order (`sort`): a window read from the list's far end
 * is read in the opposite direction and turned round.
 */
export async function readWindow<Row>(
  read: ReadRows<Row>,
  window: PageWindow | null,
  sort: ListSort = "newest",
): Promise<Row[]> {
  if (!window) return [];
  const fromFarEnd = window.order === "oldest";
  const direction = fromFarEnd === (sort === "newest") ? "oldest" : "newest";
  const rows = await read(direction, window.limit, window.offset);
  return fromFarEnd ? rows.reverse() : rows;
}

/**
 * Counts first, so a page past the end answers the last page: a stale `?page=9` link after rows
 * were removed still shows rows rather than an empty table. Each page is read from the nearer end
 * of the list's index (see page-window.server.ts), so the last page costs what the first does.
 */
export async function pageOf<Row>(
  query: unknown,
  source: { count(): Promise<number>; rows: ReadRows<Row> },
  sort: ListSort = "newest",
): Promise<Paged<Row>> {
  const { page, limit } = parseInput(adminPageQuery, query);
  const total = await source.count();
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const currentPage = Math.min(page, totalPages);
  const rows = await readWindow(source.rows, pageWindow(total, currentPage, limit), sort);
  return { rows, totalPages, currentPage, total };
}

/** A list's filters with nothing asked for left empty (newest first). */
export function listFilterOf<Status extends string>(query: ListQuery<Status> = {}): ListFilter<Status> {
  return {
    status: query.status ?? null,
    grade: query.grade ?? null,
    role: query.role ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    q: query.q ?? "",
    sort: query.sort ?? "newest",
  };
}

/** Midnight starting a calendar day in India (UTC+05:30 all year: India keeps no summer time). */
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);
const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` and `to` as India's calendar days, both included, on a timestamp column (its index serves it). */
export function withinDays(
  column: AnyColumn,
  { from, to }: Pick<ListFilter, "from" | "to">,
): SQL | undefined {
  return and(
    from ? gte(column, indiaMidnight(from)) : undefined,
    to ? lt(column, new Date(indiaMidnight(to).getTime() + DAY_MS)) : undefined,
  );
}

/**
 * Free text matched anywhere in one of db/schema.ts's SEARCH_TEXT expressions (lower-cased, a
 * mobile as its digits), so the trigram index serves it. Text that looks like a phone number
 * ("+91 98765-43210") is matched by its digits; `%`, `_` and `\` match themselves.
 */
export function matchesText(expression: SQL, q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  const phoneLike = /^[\d\s+\-().]+$/.test(term) && /\d/.test(term);
  const wanted = phoneLike ? term.replace(/\D/g, "") : term;
  const escaped = wanted.replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql`${expression} like ${`%${escaped}%`}`;
}

/** How many rows each status has (0 for those with none). */
export function countsByStatus<Status extends string>(
  statuses: readonly Status[],
  rows: { status: Status; total: number }[],
): Record<Status, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<Status, number>;
  for (const row of rows) counts[row.status] = Number(row.total);
  return counts;
}

/** Where a keyset read stopped: the last row's creation time (as the database wrote it) and id. */
export type Cursor = { at: string; id: number | string };

/** A row's creation time as text: exact to the microsecond (a JavaScript Date keeps milliseconds only). */
export const cursorTime = (createdAt: AnyColumn) => sql<string>`${createdAt}::text`;

/** The rows after `after` in the list's order (creation time, then id), for reading it in batches. */
export function afterCursor(
  createdAt: AnyColumn,
  id: AnyColumn,
  sort: ListSort,
  after: Cursor | null,
): SQL | undefined {
  if (!after) return undefined;
  return sort === "newest"
    ? sql`(${createdAt}, ${id}) < (${after.at}::timestamptz, ${after.id})`
    : sql`(${createdAt}, ${id}) > (${after.at}::timestamptz, ${after.id})`;
}

/**
 * A whole filtered list in batches of `size`, each read after the last one's final row (keyset),
 * so a hundred thousand rows cost a hundred small indexed reads and memory holds one batch.
 */
export async function* keysetBatches<Row extends { cursorAt: string; id: number | string }>(
  read: (after: Cursor | null, limit: number) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = { at: last.cursorAt, id: last.id };
  }
}
