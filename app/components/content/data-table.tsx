import { useId, type ReactNode } from "react";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { useTexts } from "~/utils/language";

/** More columns than this do not fit a phone's width. */
const WIDE_ON_PHONES = 3;

/**
 * A small table of facts: a navy header row, the first cell of each row as its row header.
 * On a narrow phone a wide table scrolls inside its own frame (focusable, so keyboard users can
 * scroll it too) while the first column stays put, so every row keeps its name.
 */
export function DataTable({
  caption,
  columns,
  rows,
  centred = false,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly [ReactNode, ...ReactNode[]])[];
  /** Centre every column after the first (figures that read better in a column). */
  centred?: boolean;
}) {
  const captionId = useId();
  const t = useTexts(CONTENT_TEXTS);
  const align = (index: number) => (centred && index > 0 ? "text-center" : "text-left");
  return (
    <>
      <div
        role="region"
        aria-labelledby={captionId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region that scrolls sideways on narrow phones: keyboard users must be able to focus it to scroll it (WCAG 2.1.1)
        tabIndex={0}
        className="overflow-x-auto rounded-3xl bg-white shadow-soft"
      >
        <table className="w-full border-collapse text-sm sm:text-base">
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr className="bg-navy text-white">
              {columns.map((column, index) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-3 py-3 font-bold sm:px-6 ${align(index)} ${index === 0 ? "sticky left-0 bg-navy" : ""}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest], rowIndex) => (
              <tr key={rowIndex} className="border-t border-navy/10 bg-white even:bg-sun-50">
                <th
                  scope="row"
                  className="sticky left-0 whitespace-nowrap bg-inherit px-3 py-3 text-left font-semibold text-navy sm:px-6"
                >
                  {first}
                </th>
                {rest.map((cell, index) => (
                  <td key={index} className={`px-3 py-3 sm:px-6 ${align(index + 1)}`}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {columns.length > WIDE_ON_PHONES ? (
        <p className="mt-3 text-sm text-ink-soft sm:hidden">{t("table.swipe")}</p>
      ) : null}
    </>
  );
}
