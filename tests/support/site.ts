import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { RATE_LIMIT_NAMES, rateLimitVariable } from "~/domain/rate-limits";
import { TEST_PASSWORD_HASH_COST } from "./app";
import { startServer, type RunningServer } from "./server";

/** The ADMIN every browser test server has (ADMIN_* environment at each start). */
export const E2E_ADMIN = {
  email: "admin@zipat.school",
  password: "e2e-admin-password",
  name: "School Admin",
} as const;
/**
 * Every browser test comes from 127.0.0.1, so the per-IP limits of logins, registrations and
 * public forms are raised for test servers, and browsers fill forms in milliseconds, so the
 * minimum fill time is off (the real limits and fill time are proven in
 * tests/api/rate-limit.test.ts and tests/e2e/bot-check.test.ts). Passwords are hashed at the
 * test cost (see TEST_PASSWORD_HASH_COST).
 */
export const E2E_ADMIN_ENV: Record<string, string> = {
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  ADMIN_NAME: E2E_ADMIN.name,
  ...Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [rateLimitVariable(name), "10000"])),
  FORM_MIN_FILL_MS: "0",
  PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
};

type SiteTemplate = { dataDir: string; uploadDir: string; databaseUrl: string | undefined };

declare module "vitest" {
  export interface ProvidedContext {
    siteTemplate: SiteTemplate;
  }
}

async function copyDatabase(templateUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${templateName}_${Math.random().toString(16).slice(2, 10)}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = "/postgres";
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name} template ${templateName}`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A running site with the demo content, started from the template made once per test run (a
 * copy of its data folder, or a database cloned from the template database): fast to start, and
 * each test file has its own data. `env` adds to or overrides E2E_ADMIN_ENV (an empty value
 * means unset, i.e. the production default).
 */
export async function startSite({ env = {} }: { env?: Record<string, string> } = {}): Promise<RunningServer> {
  const template = inject("siteTemplate");
  const dataDir = await mkdtemp(path.join(tmpdir(), "zipat-site-"));
  const uploadDir = await mkdtemp(path.join(tmpdir(), "zipat-site-uploads-"));
  await cp(template.dataDir, dataDir, { recursive: true });
  await cp(template.uploadDir, uploadDir, { recursive: true });
  const database = template.databaseUrl ? await copyDatabase(template.databaseUrl) : undefined;
  return startServer({
    env: { ...E2E_ADMIN_ENV, ...env },
    reuse: { dataDir, uploadDir, databaseUrl: database?.url },
    dropDatabase: database && (() => database.drop()),
  });
}
