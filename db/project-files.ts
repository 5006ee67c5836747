import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (the one holding package.json), found from wherever this module runs: from
 * its source (tsx, the tests) or from the compiled server in build/node, where every bundled
 * module shares that one file's URL. Files that ship with the code — migrations, demo images,
 * share images — are found from here, never relative to the module that reads them.
 */
function findProjectRoot(from: string): string {
  for (let directory = from; ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, "package.json"))) return directory;
    if (path.dirname(directory) === directory) throw new Error(`No package.json in or above ${from}.`);
  }
}

const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A file that ships with the code, by its path from the project's folder. */
export const projectFile = (...segments: string[]) => path.join(PROJECT_ROOT, ...segments);
