import { useId, type ReactNode } from "react";

export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes for this column's cells on wide screens (e.g. "whitespace-nowrap"). */
  className?: string;
};

/**
 * A table of rows: a real table on wide screens (scrolling sideways if it must), one card per
 * row on phones and tablets, each value under (or, from 640px, beside) its column's name. Renders `empty` instead when there are no rows.
 * On a card the column's name is the cell's `data-label`, drawn by the stylesheet (.data-rows)
 * and hidden from screen readers, which have the column headers: no element per cell for it.
 * The explicit roles keep table semantics where browsers drop them for restyled table parts;
 * `relative` keeps visually hidden labels inside the scroll area (else they widen the page).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
}) {
  const captionId = useId();
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region that scrolls sideways on wide screens: keyboard users must be able to focus it to scroll it (WCAG 2.1.1)
      tabIndex={0}
      className="relative lg:overflow-x-auto lg:rounded-3xl lg:bg-white lg:shadow-soft"
    >
      <table role="table" className="block w-full text-left lg:table">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- not redundant: the table is restyled as cards (display: block) on phones, and browsers then drop the implicit table roles */}
        <thead role="rowgroup" className="sr-only lg:not-sr-only lg:table-header-group">
          <tr role="row" className="lg:border-b-2 lg:border-navy/10">
            {columns.map((column) => (
              <th
                key={column.header}
                role="columnheader"
                scope="col"
                className="px-3 py-3 text-sm font-bold uppercase tracking-wider text-ink-soft first:pl-6 last:pr-6"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {/* Rows and cells are styled through .data-rows (app/tailwind.css), not a class on each. */}
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- not redundant: the table is restyled as cards (display: block) on phones, and browsers then drop the implicit table roles */}
        <tbody role="rowgroup" className="data-rows block space-y-3 lg:table-row-group lg:space-y-0">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td
                  key={column.header}
                  // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a td is a table cell, not interactive; the role is kept because cells are restyled (display: block) on phones, where browsers drop the implicit role
                  role="cell"
                  className={column.className}
                  data-label={column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
