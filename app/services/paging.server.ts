import { asc, desc, type AnyColumn } from "drizzle-orm";
import { pageWindow, type PageWindow } from "./page-window.server";
import { pagination, parseInput } from "./validation";

/** Admin lists show about fifty rows a page; `limit` exists for tests and API-style callers. */
export const ADMIN_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;
const adminPageQuery = pagination(ADMIN_PAGE);

/** Which page of a list, and how long a page is (both from 1; the caller has checked them). */
export type PageQuery = { page?: number; limit?: number };

/** One page of an admin list. `totalPages` is at least 1, so "Page 1 of 1" holds for an empty list. */
export type Paged<Row> = { rows: Row[]; totalPages: number; currentPage: number; total: number };

/** Reads `limit` rows after skipping `offset`, in the list's own order ("newest") or backwards ("oldest"). */
export type ReadRows<Row> = (order: PageWindow["order"], limit: number, offset: number) => Promise<Row[]>;

/** ORDER BY of a newest-first list (creation time, then id: the lists' indexes) read in `order`. */
export function byAge(order: PageWindow["order"], createdAt: AnyColumn, id: AnyColumn) {
  const direction = order === "newest" ? desc : asc;
  return [direction(createdAt), direction(id)] as const;
}

/** The rows of one page window, always newest first (a window read from the oldest end is turned round). */
export async function readWindow<Row>(read: ReadRows<Row>, window: PageWindow | null): Promise<Row[]> {
  if (!window) return [];
  const rows = await read(window.order, window.limit, window.offset);
  return window.order === "newest" ? rows : rows.reverse();
}

/**
 * Counts first, so a page past the end answers the last page: a stale `?page=9` link after rows
 * were removed still shows rows rather than an empty table. Each page is read from the nearer end
 * of the list's index (see page-window.server.ts), so the last page costs what the first does.
 */
export async function pageOf<Row>(
  query: unknown,
  source: { count(): Promise<number>; rows: ReadRows<Row> },
): Promise<Paged<Row>> {
  const { page, limit } = parseInput(adminPageQuery, query);
  const total = await source.count();
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const currentPage = Math.min(page, totalPages);
  const rows = await readWindow(source.rows, pageWindow(total, currentPage, limit));
  return { rows, totalPages, currentPage, total };
}
