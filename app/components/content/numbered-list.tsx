import type { ReactNode } from "react";

export type NumberedItem = { title?: string; text: ReactNode };

/**
 * Points that belong in order (mission points, steps): a numbered badge, a bold title and text.
 * "steps" lays them side by side on wide screens, like a path to follow.
 */
export function NumberedList({
  items,
  layout = "stack",
}: {
  items: readonly NumberedItem[];
  layout?: "stack" | "columns" | "steps";
}) {
  const grid = {
    stack: "grid gap-4",
    columns: "grid gap-4 md:grid-cols-2",
    steps: "grid gap-4 sm:grid-cols-2 lg:grid-cols-4",
  }[layout];
  return (
    <ol className={grid}>
      {items.map((item, index) => (
        <li
          key={index}
          className={`flex gap-4 rounded-3xl bg-white p-5 shadow-soft sm:p-6 ${layout === "steps" ? "lg:flex-col" : ""}`}
        >
          <span
            className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-sun text-lg font-black text-ink"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <div className="pt-1.5 lg:pt-0">
            {item.title ? <h3 className="text-lg">{item.title}</h3> : null}
            <p className={item.title ? "mt-1 text-ink-soft" : "text-ink"}>{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
