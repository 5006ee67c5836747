import type { ReactNode } from "react";
import { LIST_SORTS, type ListFilters, type ListKindName } from "~/domain/list-query";
import type { Paged } from "~/services/paging.server";
import type { Loaded } from "~/utils/admin.server";
import { DataTable, type Column } from "./data-table";
import { ListFilterForm, StatusTabs } from "./list-filters";
import { AdminPageHeading } from "./page-heading";
import { Pagination } from "./pagination";
import { ErrorState } from "./states";

/**
 * An admin list screen: heading with a count, the status tabs and the filter form (issue 19),
 * then the error (if loading failed or the filters were refused), the empty state, or the table
 * with its pages.
 */
export function AdminListPage<Row>({
  title,
  counted,
  loaded,
  filtered,
  caption,
  columns,
  rowKey,
  empty,
  notice,
}: {
  title: string;
  /** What one row is, e.g. { one: "registered user", many: "registered users" }: the heading counts them. */
  counted: { one: string; many: string };
  loaded: Loaded<Paged<Row> & { counts?: Record<string, number> }>;
  /** Which list's filters (issue 19), as the loader read them: tabs and the filter form. */
  filtered?: { kind: ListKindName; filters: ListFilters };
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  empty: ReactNode;
  /** Something staff must know about every row, shown above the table. */
  notice?: ReactNode;
}) {
  const list = loaded.data;
  return (
    <>
      <AdminPageHeading
        title={title}
        description={list ? `${listSummary(list.total, counted, filtered?.filters)}.` : undefined}
      />
      {notice}
      {filtered ? (
        <>
          <StatusTabs {...filtered} counts={list?.counts ?? null} />
          <ListFilterForm {...filtered} />
        </>
      ) : null}
      {list ? (
        <>
          <DataTable caption={caption} columns={columns} rows={list.rows} rowKey={rowKey} empty={empty} />
          <Pagination currentPage={list.currentPage} totalPages={list.totalPages} />
        </>
      ) : (
        <ErrorState message={loaded.error} />
      )}
    </>
  );
}

/** "12 admission applications match the filters, oldest first" / "40 admission applications, newest first". */
export function listSummary(
  total: number,
  counted: { one: string; many: string },
  filters?: ListFilters,
): string {
  const values = filters?.values;
  const filtered = ["status", "grade", "role", "from", "to", "q"].some(
    (field) => (values?.[field as keyof typeof values] ?? "") !== "",
  );
  const order = values?.sort === "oldest" ? LIST_SORTS.oldest : LIST_SORTS.newest;
  return `${countOf(total, counted.one, counted.many)}${filtered ? ` ${total === 1 ? "matches" : "match"} the filters` : ""}${total > 1 ? `, ${order.toLowerCase()}` : ""}`;
}

/** "1 application" / "12 applications". */
export function countOf(total: number, one: string, many: string): string {
  return `${total.toLocaleString("en-IN")} ${total === 1 ? one : many}`;
}
