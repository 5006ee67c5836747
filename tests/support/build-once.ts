import { execSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { PROJECT_ROOT, startServer, type RunningServer } from "./server";
import { E2E_ADMIN_ENV } from "./site";

let template: RunningServer | undefined;

/**
 * Once per run: build the production bundle unless it is up to date, then make the seeded site
 * that browser tests copy (a real first start, stopped again).
 */
export async function setup(project: TestProject) {
  execSync("npm run build:stale --silent", {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  template = await startServer({ env: E2E_ADMIN_ENV });
  await template.stop();
  project.provide("siteTemplate", {
    dataDir: template.dataDir,
    uploadDir: template.uploadDir,
    databaseUrl: template.databaseUrl,
  });
}

export async function teardown() {
  await template?.dispose();
}
