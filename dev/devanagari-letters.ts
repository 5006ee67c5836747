import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The Devanagari the interface itself writes (decision 0049): every Devanagari code point in the
 * source under app/ (the Hindi texts, the language's own name) and in the dates Intl writes for
 * hi-IN (month and weekday names). The interface font is subset to exactly these letters; a text
 * with a letter outside them makes `npm run lint:texts` ask for `npm run fonts:hindi`.
 */
export const ROOT = path.resolve(import.meta.dirname, "..");
export const FONT_FOLDER = path.join(ROOT, "app", "assets", "fonts");
/** The Hindi pages' @font-face rules, the interface subset's `unicode-range` among them. */
export const FONT_SHEET = path.join(FONT_FOLDER, "devanagari.css");

/** Devanagari and its extensions (Vedic, Extended), by code point. */
const DEVANAGARI_BLOCKS = [
  [0x0900, 0x097f],
  [0x1cd0, 0x1cff],
  [0xa8e0, 0xa8ff],
] as const;
const isDevanagari = (codePoint: number) =>
  DEVANAGARI_BLOCKS.some(([first, last]) => codePoint >= first && codePoint <= last);

/** Always kept: the joiners a typed word may carry and the shaper's placeholder for a lone mark. */
const SHAPING = [0x200c, 0x200d, 0x25cc];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

function intlDates(): string {
  const months = new Intl.DateTimeFormat("hi-IN", { month: "long" });
  const weekdays = new Intl.DateTimeFormat("hi-IN", { weekday: "long" });
  const dates = Array.from({ length: 12 }, (_, month) => months.format(new Date(2026, month, 1)));
  const days = Array.from({ length: 7 }, (_, day) => weekdays.format(new Date(2026, 0, 4 + day)));
  return [...dates, ...days].join(" ");
}

/** The code points, ascending. */
export function interfaceDevanagari(): number[] {
  const letters = new Set<number>(SHAPING);
  const text = sourceFiles(path.join(ROOT, "app"))
    .map((file) => readFileSync(file, "utf8"))
    .concat(intlDates())
    .join("");
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (isDevanagari(codePoint)) letters.add(codePoint);
  }
  return [...letters].sort((a, b) => a - b);
}

/** CSS `unicode-range` for code points, consecutive ones joined ("U+0901-0903, U+0905"). */
export function unicodeRange(codePoints: readonly number[]): string {
  const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, "0");
  const ranges: string[] = [];
  for (let index = 0; index < codePoints.length;) {
    let end = index;
    while (end + 1 < codePoints.length && codePoints[end + 1] === codePoints[end]! + 1) end++;
    const first = codePoints[index]!;
    const last = codePoints[end]!;
    ranges.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
    index = end + 1;
  }
  return ranges.join(", ");
}

/** The code points a `unicode-range` value covers. */
export function codePointsOf(range: string): Set<number> {
  const covered = new Set<number>();
  for (const part of range.split(",")) {
    const match = /U\+([0-9A-F]+)(?:-([0-9A-F]+))?/i.exec(part.trim());
    if (!match) continue;
    const first = parseInt(match[1]!, 16);
    const last = parseInt(match[2] ?? match[1]!, 16);
    for (let codePoint = first; codePoint <= last; codePoint++) covered.add(codePoint);
  }
  return covered;
}
