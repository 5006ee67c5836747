/**
 * npm run fonts:hindi: writes the Hindi pages' font (decision 0049) from @fontsource's Noto Sans
 * Devanagari: the interface's own letters (dev/devanagari-letters.ts) as a subset of the regular
 * weight, with all of its shaping rules for those letters (conjuncts, matras, nukta forms), and the
 * stylesheet that names it and, for any other Devanagari letter, the whole font. Run it when
 * `npm run lint:texts` says a text uses a letter the subset lacks; commit what it writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { FONT_FOLDER, FONT_SHEET, interfaceDevanagari, ROOT, unicodeRange } from "./devanagari-letters";

const FONTSOURCE = "node_modules/@fontsource/noto-sans-devanagari/files";
const WHOLE_FONT = `${FONTSOURCE}/noto-sans-devanagari-devanagari-400-normal.woff2`;
const INTERFACE_FONT = "noto-sans-devanagari-interface-400.woff2";
/** What the whole font is for: Devanagari only (never ₹ or Latin, which the system font sets). */
const WHOLE_FONT_RANGE = "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+25CC, U+A830-A839, U+A8E0-A8FF";

const letters = interfaceDevanagari();
const subset = await subsetFont(readFileSync(path.join(ROOT, WHOLE_FONT)), String.fromCodePoint(...letters), {
  targetFormat: "woff2",
});
writeFileSync(path.join(FONT_FOLDER, INTERFACE_FONT), subset);

const face = (source: string, range: string) => `@font-face {
  font-family: "Noto Sans Devanagari";
  font-style: normal;
  font-weight: 400;
  font-display: swap;
  src: url(${source}) format("woff2");
  unicode-range: ${range};
}`;
writeFileSync(
  FONT_SHEET,
  `/* Written by npm run fonts:hindi (dev/hindi-font.ts, decision 0049): do not edit. One weight;
   bold is the browser's. */

/* The whole font, for a Devanagari letter the interface never writes (what staff or a family
   type): downloaded only when a page shows one. */
${face(`../../../${WHOLE_FONT}`, WHOLE_FONT_RANGE)}

/* The interface's letters: defined last, so the browser takes it for them (CSS Fonts 4, 4.5). */
${face(`./${INTERFACE_FONT}`, unicodeRange(letters))}
`,
);
console.log(
  `${letters.length} letters, ${subset.length} bytes: ${path.relative(ROOT, FONT_FOLDER)}/${INTERFACE_FONT}`,
);
