/**
 * Where one page of a newest-first list sits, read from whichever end of the index is nearer.
 * An OFFSET costs a walk over every skipped row, so page 2,000 of 2,000 read newest-first walks
 * the whole table; read oldest-first it skips nothing. The middle page is the dearest (half the
 * table), the first and the last equally cheap. See docs/performance.md (growth).
 */
export type PageWindow = {
  /** "oldest": query in ascending order, then reverse the rows to newest-first. */
  order: "newest" | "oldest";
  offset: number;
  limit: number;
};

/** The rows of page `page` (from 1) out of `total`, `limit` a page; null past the last page. */
export function pageWindow(total: number, page: number, limit: number): PageWindow | null {
  const start = (page - 1) * limit;
  if (start >= total) return null;
  const end = Math.min(start + limit, total);
  const fromOldest = total - end;
  return fromOldest < start
    ? { order: "oldest", offset: fromOldest, limit: end - start }
    : { order: "newest", offset: start, limit: end - start };
}
