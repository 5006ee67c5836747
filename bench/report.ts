import { readFile, writeFile } from "node:fs/promises";

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` (the latest run). */
export async function replaceSection(file: string, name: string, text: string): Promise<void> {
  const document = await readFile(file, "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${file} has no ${start} … ${end} section`);
  await writeFile(file, `${document.slice(0, from + start.length)}\n${text}\n${document.slice(to)}`);
}
