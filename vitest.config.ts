import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    // Browser tests mostly wait on their server and Chromium (separate processes): four files at
    // a time keep a 2-core machine busy without starving them.
    maxWorkers: 4,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
          environment: "node",
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
          // A page round trip includes a password hash or an image resize on a small machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // A whole journey, not a step (each step waits 15 s at most): the longest took 50 s on
          // this 2-core machine with three CPU hogs running, so twice that leaves room on a slow CI.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
