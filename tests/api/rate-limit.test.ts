import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tokenAnswer } from "~/api/schemas.server";
import { MESSAGES } from "~/domain/messages";
import { AppError } from "~/services/errors";
import { RATE_LIMITS } from "~/domain/rate-limits";
import { createRateLimiter, SWEEP_EVERY_MS } from "~/services/rate-limit.server";
import {
  applications,
  demoRequests,
  orders,
  rateLimitWindows,
  teacherApplications,
  users,
} from "../../db/schema";
import { startTestApp, type ApiAnswer, type TestApp } from "../support/app";
import {
  expectError,
  expectOk,
  rowCount,
  validApplication,
  validDemo,
  validEnrollment,
  validTeacher,
} from "./helpers";

/** Ten password checks in a row take a while on a busy machine. */
const SLOW = 120_000;

/** The real limits with a clock the tests move by hand (it replaces the database's clock). */
let now = Date.parse("2030-01-01T00:00:00Z");
let app: TestApp;
let account: Awaited<ReturnType<TestApp["createUser"]>>;

beforeAll(async () => {
  app = await startTestApp({ rateLimits: RATE_LIMITS, rateLimitClock: () => now });
  account = await app.createUser("USER");
});
afterAll(async () => {
  await app?.close();
});

const login = (password: string) =>
  app.api("/auth/login", { method: "POST", json: { email: account.user.email, password } });

describe("rate limits", () => {
  it(
    "allows 10 logins a minute from one client, then answers 429 with a message and Retry-After",
    async () => {
      expect(RATE_LIMITS.login).toEqual({ max: 10, windowMs: 60_000 });
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expectError(await login("wrong password"), 401);
        now += 1_000;
      }
      const limited = await login("wrong password");
      const body = expectError(limited, 429);
      expect(body).toEqual({ message: MESSAGES.generic.tooManyRequests });
      // 10 seconds of the window have passed: 50 remain.
      expect(limited.headers.get("retry-after")).toBe("50");
    },
    SLOW,
  );

  it("refuses even the right password while limited, without checking it", async () => {
    const answer = await login(account.password);
    expectError(answer, 429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets the client in again once the window has passed", async () => {
    now += 60_000;
    expectOk(await login(account.password), 200, tokenAnswer);
  });

  it(
    "limits registration separately: the 11th in a minute is 429 and creates no account",
    async () => {
      now += 120_000;
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expectError(
          await app.api("/auth/register", { method: "POST", json: { name: "", email: "x", password: "" } }),
          400,
        );
      }
      const before = await rowCount(app, users);
      const limited = await app.api("/auth/register", {
        method: "POST",
        json: { name: "Late", email: "late@example.com", password: "password123" },
      });
      expect(expectError(limited, 429)).toEqual({ message: MESSAGES.generic.tooManyRequests });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await rowCount(app, users)).toBe(before);
      // Logins have their own budget.
      expectOk(await login(account.password), 200, tokenAnswer);
    },
    SLOW,
  );

  it.each([
    { path: "/applications", limit: "application", valid: validApplication, table: applications },
    { path: "/demos", limit: "demo", valid: validDemo, table: demoRequests },
    { path: "/tuition/create-order", limit: "enrollment", valid: validEnrollment, table: orders },
    { path: "/teacher-applications", limit: "teacher", valid: validTeacher, table: teacherApplications },
  ] as const)(
    "limits POST /api$path to 10 a minute per client: the 11th is 429 JSON with Retry-After and stores nothing",
    async ({ path, limit, valid, table }) => {
      expect(RATE_LIMITS[limit]).toEqual({ max: 10, windowMs: 60_000 });
      now += 120_000;
      for (let attempt = 1; attempt <= 10; attempt += 1)
        expectError(
          await app.api(path, { method: "POST", json: { ...valid(), email: "not an email" } }),
          400,
        );
      const before = await rowCount(app, table);
      const limited = await app.api(path, { method: "POST", json: valid() });
      expect(expectError(limited, 429)).toEqual({ message: MESSAGES.generic.tooManyRequests });
      expect(Number(limited.headers.get("retry-after"))).toBe(60);
      expect(await rowCount(app, table)).toBe(before);
      // Each form has its own budget, and the window passing restores this one.
      now += 60_000;
      expect((await app.api(path, { method: "POST", json: valid() })).status).toBe(201);
    },
  );

  it("does not limit other calls", async () => {
    for (let attempt = 1; attempt <= 15; attempt += 1) expect((await app.api("/grades")).status).toBe(200);
  });
});

describe("rate limits with the database's clock (the production limiter)", () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await startTestApp({ rateLimits: RATE_LIMITS });
  });
  afterAll(async () => {
    await real?.close();
  });

  it(
    "the 11th login within a minute is 429 with Retry-After",
    async () => {
      const member = await real.createUser("USER");
      const statuses: number[] = [];
      let last: ApiAnswer | undefined;
      for (let attempt = 1; attempt <= 11; attempt += 1) {
        last = await real.api("/auth/login", {
          method: "POST",
          json: { email: member.user.email, password: member.password },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      expect(expectError(last!, 429).message).toBe(MESSAGES.generic.tooManyRequests);
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    },
    SLOW,
  );
});

describe("the client's address behind a proxy (TRUST_PROXY)", () => {
  const from = (address: string) => ({
    method: "POST",
    json: { studentName: "" },
    headers: { "x-forwarded-for": address },
  });

  it("ignores X-Forwarded-For by default, so a client cannot pick a fresh bucket per request", async () => {
    now += 120_000;
    for (let attempt = 1; attempt <= 10; attempt += 1)
      expectError(await app.api("/applications", from(`203.0.113.${attempt}`)), 400);
    expectError(await app.api("/applications", from("198.51.100.99")), 429);
  });

  it("with TRUST_PROXY=1 gives each client behind the proxy its own budget", async () => {
    now += 120_000;
    const proxied = await app.withTrustProxy(1);
    try {
      for (let attempt = 1; attempt <= 10; attempt += 1)
        expectError(await proxied.api("/applications", from("203.0.113.7")), 400);
      expectError(await proxied.api("/applications", from("203.0.113.7")), 429);
      // Another parent behind the same proxy is not punished for the first one.
      expectError(await proxied.api("/applications", from("198.51.100.20")), 400);
      // Only the hop the proxy added counts: a forged address in front of it changes nothing.
      expectError(await proxied.api("/applications", from("10.9.9.9, 203.0.113.7")), 429);
    } finally {
      await proxied.close();
    }
  });
});

describe("counted in the database, so every instance spends one budget (decision 0033)", () => {
  it(
    "10 logins spread over two instances on one database leave none for either",
    async () => {
      now += 120_000;
      const other = await app.anotherInstance();
      try {
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          const through = attempt % 2 ? app.api : other.api;
          expectError(
            await through("/auth/login", {
              method: "POST",
              json: { email: account.user.email, password: "wrong password" },
            }),
            401,
          );
        }
        const onOther = await other.api("/auth/login", {
          method: "POST",
          json: { email: account.user.email, password: account.password },
        });
        expect(expectError(onOther, 429)).toEqual({ message: MESSAGES.generic.tooManyRequests });
        expect(onOther.headers.get("retry-after")).toBe("60");
        expectError(await login(account.password), 429);
        // One row holds the window both instances counted in.
        const [window] = await app.db
          .select()
          .from(rateLimitWindows)
          .where(eq(rateLimitWindows.key, "login:127.0.0.1"));
        expect(window?.count).toBe(11);
        expect(window?.resetAt.getTime()).toBe(now + 60_000);
      } finally {
        await other.close();
      }
    },
    SLOW,
  );

  /** A limiter over the test app's database with its own clock and a short window. */
  const limiterAt = (clock: () => number, max = 3) =>
    createRateLimiter({ db: app.db, limits: { login: { max, windowMs: 1_000 } }, now: clock });
  const refusal = async (attempt: Promise<void>) => {
    const error = await attempt.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it("starts a new window once the old one has ended, with Retry-After counting down to it", async () => {
    let time = Date.parse("2031-01-01T00:00:00Z");
    const limiter = limiterAt(() => time);
    for (let attempt = 1; attempt <= 3; attempt += 1) await limiter.consume("login", "198.51.100.1");
    time += 400;
    const refused = await refusal(limiter.consume("login", "198.51.100.1"));
    expect(refused.status).toBe(429);
    // 600 ms remain: rounded up to a whole second.
    expect(refused.headers).toEqual({ "Retry-After": "1" });
    time += 600;
    await limiter.consume("login", "198.51.100.1");
    await limiter.consume("login", "198.51.100.1");
    await limiter.consume("login", "198.51.100.1");
    expect((await refusal(limiter.consume("login", "198.51.100.1"))).status).toBe(429);
    // Another client has its own window.
    await limiter.consume("login", "198.51.100.2");
  });

  it("counts concurrent attempts exactly: of 25 at once with a limit of 10, 10 pass", async () => {
    const limiter = limiterAt(() => Date.parse("2031-02-01T00:00:00Z"), 10);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => limiter.consume("login", "198.51.100.3")),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const outcome of refused) expect((outcome.reason as AppError).status).toBe(429);
  });

  it("counts a round's attempts together, in order, across instances and clients", async () => {
    const clock = () => Date.parse("2031-02-02T00:00:00Z");
    const [first, second] = [limiterAt(clock, 10), limiterAt(clock, 10)];
    // Each instance counts its round in one statement; both statements meet on one row.
    const busy = [
      ...Array.from({ length: 13 }, () => first.consume("login", "198.51.100.7")),
      ...Array.from({ length: 12 }, () => second.consume("login", "198.51.100.7")),
    ];
    const quiet = [first.consume("login", "198.51.100.8"), second.consume("login", "198.51.100.8")];
    const outcomes = await Promise.allSettled(busy);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    // Within one instance's round the earlier attempts are the ones that pass.
    const passedOn = (from: number, to: number) =>
      outcomes.slice(from, to).map((outcome) => outcome.status === "fulfilled");
    for (const passed of [passedOn(0, 13), passedOn(13, 25)])
      expect(passed).toEqual([...passed].sort((a, b) => Number(b) - Number(a)));
    await Promise.all(quiet);
    // The stored count stays bounded (the limit plus one round's attempts) however many come.
    for (let round = 0; round < 3; round += 1)
      await Promise.allSettled(Array.from({ length: 5 }, () => first.consume("login", "198.51.100.7")));
    const [window] = await app.db
      .select()
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, "login:198.51.100.7"));
    expect(window?.count).toBe(15);
    expect((await refusal(second.consume("login", "198.51.100.7"))).status).toBe(429);
  });

  it("deletes ended windows now and then, without the request waiting for it", async () => {
    let time = Date.parse("2031-03-01T00:00:00Z");
    const limiter = limiterAt(() => time);
    await limiter.consume("login", "198.51.100.4");
    await limiter.consume("login", "198.51.100.5");
    time += 5_000;
    await limiter.consume("login", "198.51.100.6");
    const keys = async () =>
      (await app.db.select({ key: rateLimitWindows.key }).from(rateLimitWindows))
        .map((row) => row.key)
        .filter((key) => key.startsWith("login:198.51.100."))
        .sort();
    expect(await keys()).toContain("login:198.51.100.4");
    // A minute of this process's time later the next attempt starts a sweep in the background.
    const realNow = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(realNow + SWEEP_EVERY_MS + 1);
    const attempt = limiter.consume("login", "198.51.100.6");
    clock.mockRestore();
    await attempt;
    await vi.waitFor(async () => expect(await keys()).not.toContain("login:198.51.100.4"));
    // Only the windows that ended are gone; the sweep by hand finds nothing more to delete.
    expect(await keys()).not.toContain("login:198.51.100.5");
    expect(await keys()).toContain("login:198.51.100.6");
    expect(await limiter.sweep()).toBe(0);
  });
});
