import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { startServer, type RunningServer } from "./server";

/** The ADMIN every browser test server has (ADMIN_* environment at each start). */
export const E2E_ADMIN = {
  email: "admin@zipat.school",
  password: "e2e-admin-password",
  name: "School Admin",
} as const;
/**
 * Every browser test signs in from 127.0.0.1, so the per-IP login and register limits are raised
 * for test servers (the limits themselves are proven in tests/api/rate-limit.test.ts).
 */
export const E2E_ADMIN_ENV = {
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  ADMIN_NAME: E2E_ADMIN.name,
  RATE_LIMIT_LOGIN: "10000",
  RATE_LIMIT_REGISTER: "10000",
};

export type SiteTemplate = { dataDir: string; uploadDir: string; databaseUrl: string | undefined };

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
 * each test file has its own data.
 */
export async function startSite(): Promise<RunningServer> {
  const template = inject("siteTemplate");
  const dataDir = await mkdtemp(path.join(tmpdir(), "zipat-site-"));
  const uploadDir = await mkdtemp(path.join(tmpdir(), "zipat-site-uploads-"));
  await cp(template.dataDir, dataDir, { recursive: true });
  await cp(template.uploadDir, uploadDir, { recursive: true });
  const database = template.databaseUrl ? await copyDatabase(template.databaseUrl) : undefined;
  return startServer({
    env: E2E_ADMIN_ENV,
    reuse: { dataDir, uploadDir, databaseUrl: database?.url },
    dropDatabase: database?.drop,
  });
}
