/**
 * npm run lint:texts (part of npm run lint): the site's texts in both languages are whole and all
 * in use (issue 37, decision 0047).
 * - every namespace in app/domain/texts/ has the same keys in English and Hindi, none empty
 *   (TypeScript already refuses a missing key where it is declared; this also catches an empty one);
 * - every key is used somewhere in app/: written as a string literal (`t("footer.about")`, a
 *   label in a list), or under a template literal's fixed start (`t(\`status.${status}\`)` uses
 *   every "status." key), or, for a namespace keyed by data (grades, statuses), by being exactly
 *   one of its values; a namespace whose keys the code walks (`Object.keys(FIELD_ERROR_TEXTS.en)`:
 *   answers looked up by their English) uses them all.
 * - every Devanagari letter the interface writes is in the Hindi pages' font subset (decision
 *   0049), which `npm run fonts:hindi` writes again when one is not.
 * Exits 1 with one line per problem.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { LANGUAGES } from "../app/domain/languages";
import { codePointsOf, FONT_SHEET, interfaceDevanagari } from "./devanagari-letters";
import { i18n } from "../app/domain/translations";

const ROOT = path.resolve(import.meta.dirname, "..");
const TEXTS = path.join(ROOT, "app", "domain", "texts");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

const modules = readdirSync(TEXTS).filter((name) => name.endsWith(".ts"));
/** Each namespace's exported name ("fields" -> FIELD_TEXTS), to see whether code walks its keys. */
const exportOf = new Map<string, string>();
for (const name of modules) {
  const file = path.join(TEXTS, name);
  await import(pathToFileURL(file).href);
  for (const match of readFileSync(file, "utf8").matchAll(/export const (\w+) = defineTexts\("([^"]+)"/g))
    exportOf.set(match[2]!, match[1]!);
}

// What the rest of the app writes: every string literal, and every template literal's fixed start.
const literals = new Set<string>();
const prefixes = new Set<string>();
const walked = new Set<string>();
for (const file of sourceFiles(path.join(ROOT, "app"))) {
  if (file.startsWith(TEXTS + path.sep)) continue;
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/Object\.(?:keys|entries)\((\w+)\.en\)/g)) walked.add(match[1]!);
  for (const match of source.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g))
    literals.add(match[1] ?? match[2] ?? "");
  for (const match of source.matchAll(/`([^`$]*)(\$\{)?/g)) {
    if (match[2]) prefixes.add(match[1]!);
    else literals.add(match[1]!);
  }
}

const problems: string[] = [];
const namespaces = Object.keys(i18n.store.data.en ?? {});
for (const namespace of namespaces) {
  const english = i18n.getResourceBundle("en", namespace) as Record<string, string>;
  for (const language of LANGUAGES) {
    const bundle = (i18n.getResourceBundle(language, namespace) ?? {}) as Record<string, string>;
    for (const key of Object.keys(english))
      if (!bundle[key]?.trim()) problems.push(`${namespace}: "${key}" has no ${language} text`);
    for (const key of Object.keys(bundle))
      if (!(key in english)) problems.push(`${namespace}: "${key}" is in ${language} but not in English`);
  }
  if (walked.has(exportOf.get(namespace) ?? "")) continue;
  for (const key of Object.keys(english)) {
    const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
    const used =
      literals.has(base) || [...prefixes].some((prefix) => prefix.length > 0 && base.startsWith(prefix));
    if (!used) problems.push(`${namespace}: "${key}" is used nowhere in app/`);
  }
}

// The subset's face is the sheet's last; a letter outside its range would take the whole font.
const ranges = [...readFileSync(FONT_SHEET, "utf8").matchAll(/unicode-range:\s*([^;]+);/g)];
const subset = codePointsOf(ranges.at(-1)?.[1] ?? "");
const missing = interfaceDevanagari().filter((codePoint) => !subset.has(codePoint));
if (missing.length > 0)
  problems.push(
    `the Hindi font subset lacks ${missing.map((codePoint) => String.fromCodePoint(codePoint)).join(" ")}: run npm run fonts:hindi and commit what it writes`,
  );

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `texts: ${namespaces.length} namespaces, every key in both languages and in use, every Devanagari letter in the font subset`,
);
