import { accessSync, constants, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { WaitingFilesFirst } from "./tests/support/sequencer";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/**
 * How many test files run at once, per group. Measured on a 2-core machine with another process
 * keeping one core busy (docs/testing.md): once journeys stopped wasting time (contexts reused,
 * cheap hashing, one build), three files at once gave the suite a bigger share of the cores than
 * two (PostgreSQL stage 803 -> 706 s) while the slowest journey stayed under 26 s; four at once,
 * before those changes, made every journey slower until they passed their limits.
 * `TEST_WORKERS` overrides it for a bigger machine.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || 3;

/**
 * Test servers' data folders, upload folders and Chromium profiles go to memory (/dev/shm) when
 * the machine has it: every browser test file copies a seeded site and its server writes to it,
 * and on a disk-backed /tmp that I/O showed as system time that slowed every journey. Set by the
 * main process, so workers, servers and browsers all inherit it; an explicit TMPDIR wins.
 */
function useMemoryForTemporaryFiles() {
  if (process.env.TMPDIR) return;
  try {
    accessSync("/dev/shm", constants.W_OK);
    mkdirSync("/dev/shm/zipat-tests", { recursive: true });
    process.env.TMPDIR = "/dev/shm/zipat-tests";
  } catch {
    // No writable /dev/shm: the system's temporary folder it is.
  }
}
useMemoryForTemporaryFiles();

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: WaitingFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/database-template.ts"],
          // One module graph per worker, not per file: importing the app anew for each of 30
          // files was half of this group's CPU (75 -> 40 core-seconds). Safe because every file
          // builds its own app and database (startTestApp) and none changes process.env or mocks
          // a module; passes with the files in any order (--sequence.shuffle.files).
          isolate: false,
          maxWorkers: WORKERS,
          // Runs first, on its own: API files must not compete with browser files for the cores.
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/build-once.ts"],
          setupFiles: ["tests/support/journey.ts"],
          // One module graph per worker, as in the unit group: each browser file imported
          // playwright, axe and the support modules anew (import time of the whole run 268 ->
          // 137 s in CI). Safe because every file starts its own browser and server, none mocks a
          // module or changes process.env, the support modules' caches are keyed by browser or
          // context or (axe results) valid for any file of the same build, and the running journey
          // is held where every evaluation of the setup file finds it (tests/support/journey.ts).
          isolate: false,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
          // Each browser step waits 15 s at most (tests/support/browser.ts).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // A journey stops itself at JOURNEY_DEADLINE_MS (tests/support/journey.ts) and says at
          // which step; this limit is for tests without a browser (a server's second start).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
