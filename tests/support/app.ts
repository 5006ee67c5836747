import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import type { Config } from "~/config.server";
import { createApp } from "~/server/app.server";
import { createLogger, type Logger } from "~/server/logger.server";
import { ensureGrades } from "~/services/grades.server";
import { createImageStorage } from "~/services/image-storage.server";
import { createServices, type ServiceDependencies } from "~/services/index.server";
import { RATE_LIMIT_NAMES } from "~/domain/rate-limits";
import { createTestDatabase } from "./database";
import { expectAnswerAsDeclared } from "./openapi-validator";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";
/**
 * scrypt N=2^10 instead of the production 2^15: the suite signs in and registers hundreds of
 * times, and at 2^15 those hashes took a large share of a 2-core machine. The production cost is
 * proven in tests/unit/password.test.ts; a stored hash records its own cost either way.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/**
 * Every test request comes from 127.0.0.1, so test apps raise every per-IP limit; the real
 * limits are proven in tests/api/rate-limit.test.ts, which passes them in. The counters live in
 * the app's own database, so no test file spends another's budget.
 */
const GENEROUS_LIMITS = Object.fromEntries(
  RATE_LIMIT_NAMES.map((name) => [name, { max: 1_000_000, windowMs: 60_000 }]),
);

/**
 * The real Express app (API, uploads, health) on a random port over a fresh database, without
 * the Remix UI build. One per test file: databases are slow to create, tests share it.
 */
export async function startTestApp(
  overrides: Partial<
    Pick<
      ServiceDependencies,
      | "gateway"
      | "rateLimits"
      | "rateLimitClock"
      | "followUpClock"
      | "mail"
      | "academicYearStart"
      | "publicUrl"
      | "updates"
    >
  > & {
    /** WhatsApp's webhook secrets (WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET); none: the webhook answers 404. */
    whatsapp?: Config["whatsapp"];
    logger?: Logger;
    trustProxy?: Config["trustProxy"];
    /** A PostgreSQL server to create the database on, even in a PGlite run. */
    postgresServer?: string;
  } = {},
) {
  const database = await createTestDatabase(overrides.postgresServer);
  const images = createImageStorage(database.db);
  const {
    logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent"),
    trustProxy = false,
    postgresServer: _server,
    whatsapp = null,
    ...dependencies
  } = overrides;
  const servicesOverTheDatabase = () =>
    createServices({
      db: database.db,
      images,
      jwtSecret: TEST_JWT_SECRET,
      rateLimits: GENEROUS_LIMITS,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      ...dependencies,
    });
  const services = servicesOverTheDatabase();
  await ensureGrades(database.db);
  const serve = (trust: Config["trustProxy"]) =>
    listen({ database, services, logger, trustProxy: trust, whatsapp });
  const served = await serve(trustProxy);
  const { baseUrl } = served;

  let sequence = 0;
  return {
    database,
    db: database.db,
    services,
    images,
    baseUrl,
    api: (path: string, init: ApiInit = {}) => callApi(baseUrl, path, init),
    /**
     * A second app over the same database and services (one limiter) with another proxy setting:
     * a new in-memory database per variant would cost seconds. Close it before the first.
     */
    async withTrustProxy(trust: Config["trustProxy"]) {
      const variant = await serve(trust);
      return {
        api: (path: string, init: ApiInit = {}) => callApi(variant.baseUrl, path, init),
        close: () => variant.stop(),
      };
    },
    /**
     * Another instance of the site over the same database: its own services (limiter, caches)
     * and port, as a second server process would have. Close it before the first.
     */
    async anotherInstance() {
      const instanceServices = servicesOverTheDatabase();
      const instance = await listen({ database, services: instanceServices, logger, trustProxy, whatsapp });
      return {
        services: instanceServices,
        api: (path: string, init: ApiInit = {}) => callApi(instance.baseUrl, path, init),
        close: () => instance.stop(),
      };
    },
    /** Registers a fresh account (USER, or promoted to ADMIN) and answers it with its token. */
    async createUser(role: "USER" | "ADMIN" = "USER") {
      sequence += 1;
      const email = `user${sequence}-${randomBytes(3).toString("hex")}@example.com`;
      const credentials = {
        name: `Test ${role === "ADMIN" ? "Admin" : "Parent"} ${sequence}`,
        email,
        password: "correct horse battery",
      };
      const { user } =
        role === "ADMIN"
          ? await services.auth.ensureAdmin(credentials)
          : await services.auth.register(credentials);
      return { user, token: services.auth.issueToken(user), password: credentials.password };
    },
    async close() {
      await served.stop();
      await database.drop();
    },
  };
}

async function listen({
  database,
  services,
  logger,
  trustProxy,
  whatsapp,
}: {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  services: ReturnType<typeof createServices>;
  logger: Logger;
  trustProxy: Config["trustProxy"];
  whatsapp: Config["whatsapp"];
}) {
  const app = createApp({
    config: { env: "test", isProduction: false, publicUrl: "http://localhost:3000", trustProxy, whatsapp },
    logger,
    services,
    database,
    sessionSecret: TEST_JWT_SECRET,
  });
  const server = createServer(app);
  // The tests' fetch keeps a connection to this server alive between requests and gives it up a
  // little before the server's advertised "Keep-Alive: timeout" ends. At Node's default of 5 s,
  // a test process whose event loop was held (50 requests at once on PGlite, which runs in this
  // process, beside other work) could send on a connection the server was closing that moment:
  // ECONNRESET for a request the server never read (seen once in CI). At 65 s no connection of a
  // test sits idle that long, so the race has no time to happen in.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export type ApiInit = {
  method?: string;
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Sent as is. */
  body?: string;
  headers?: Record<string, string>;
};

export type ApiAnswer = { status: number; headers: Headers; body: any };

export async function callApi(baseUrl: string, path: string, init: ApiInit = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: BodyInit | undefined = init.body;
  if (init.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form;
  }
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  const response = await fetch(baseUrl + "/api" + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the test sees the raw text.
  }
  const answer = { status: response.status, headers: response.headers, body: parsed };
  // Every answer is checked against /api/openapi.json: an undeclared status or body fails the test.
  expectAnswerAsDeclared({ method, path, ...answer });
  return answer;
}
