import type { ReactNode } from "react";

export type Tile = {
  title: string;
  /** A short label above the title, e.g. the formal name of an idea. */
  label?: string;
  text: ReactNode;
  icon?: ReactNode;
};

/** Icon backgrounds cycle through the palette so neighbouring tiles never look alike. */
const ACCENTS = [
  "bg-coral-50 text-coral",
  "bg-teal-50 text-teal",
  "bg-sun-100 text-navy",
  "bg-sky-50 text-navy",
  "bg-leaf-50 text-teal",
  "bg-navy-50 text-navy",
] as const;

const COLUMNS = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** A grid of cards, each with an icon, a title (h3) and a few lines of text. */
export function TileGrid({ tiles, columns = 3 }: { tiles: readonly Tile[]; columns?: keyof typeof COLUMNS }) {
  return (
    <ul className={`grid gap-5 ${COLUMNS[columns]}`}>
      {tiles.map((tile, index) => (
        <li key={tile.title} className="flex flex-col rounded-4xl bg-white p-6 shadow-soft sm:p-7">
          {tile.icon ? (
            <span
              className={`flex h-14 w-14 items-center justify-center rounded-2xl ${ACCENTS[index % ACCENTS.length]}`}
            >
              {tile.icon}
            </span>
          ) : null}
          {tile.label ? (
            <p className="mt-5 text-xs font-bold uppercase tracking-widest text-coral-dark">{tile.label}</p>
          ) : null}
          <h3 className={`text-xl ${tile.label ? "mt-1" : "mt-5"}`}>{tile.title}</h3>
          <p className="mt-2 text-ink-soft">{tile.text}</p>
        </li>
      ))}
    </ul>
  );
}
