import type { ReactNode } from "react";
import type { Paged } from "~/services/paging.server";
import type { Loaded } from "~/utils/admin.server";
import { DataTable, type Column } from "./data-table";
import { AdminPageHeading } from "./page-heading";
import { Pagination } from "./pagination";
import { ErrorState } from "./states";

/**
 * An admin list screen: heading with a count, then the error (if loading failed), the empty
 * state, or the table with its pages.
 */
export function AdminListPage<Row>({
  title,
  counted,
  loaded,
  caption,
  columns,
  rowKey,
  empty,
  notice,
}: {
  title: string;
  /** What one row is, e.g. { one: "registered user", many: "registered users" }: the heading counts them. */
  counted: { one: string; many: string };
  loaded: Loaded<Paged<Row>>;
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
        description={
          list
            ? `${countOf(list.total, counted.one, counted.many)}${list.total > 1 ? ", newest first" : ""}.`
            : undefined
        }
      />
      {notice}
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

/** "1 application" / "12 applications". */
export function countOf(total: number, one: string, many: string): string {
  return `${total.toLocaleString("en-IN")} ${total === 1 ? one : many}`;
}
