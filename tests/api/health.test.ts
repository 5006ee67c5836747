import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.server";
import { createLogger } from "~/server/logger.server";
import { queryRows } from "../../db/client";
import { startTestApp, TEST_JWT_SECRET, type TestApp } from "../support/app";

describe("/healthz and /readyz", () => {
  const lines: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    app = await startTestApp({ logger: createLogger("info", sink) });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("say alive and ready, never cached, and leave no log line while all is well", async () => {
    lines.length = 0;
    const health = await fetch(`${app.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");

    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");

    // A request after them is logged, so the probes' lines would have been written by now.
    await app.api("/nothing/here");
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toContain("/api/nothing/here");
  });

  it("answers JSON 404s for unknown /api paths", async () => {
    expect(await app.api("/nothing/here")).toMatchObject({ status: 404, body: { message: "Not found" } });
    // A known path asked with a method it does not take is a 405 (tests/api/http-contract.test.ts).
    expect(await app.api("/details", { method: "DELETE" })).toMatchObject({ status: 405 });
  });

  it("is not ready while a committed migration is missing from the database", async () => {
    const [newest] = await queryRows<{ hash: string; created_at: string }>(
      app.db,
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
          returning hash, created_at::text`,
    );
    try {
      const ready = await fetch(`${app.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "migrating", pendingMigrations: 1 });
      expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);
  });

  it("is not ready while the instance shuts down, though still alive", async () => {
    const stopping = createApp({
      config: { env: "test", isProduction: false, publicUrl: "http://localhost:3000", trustProxy: false },
      logger: createLogger("silent"),
      services: app.services,
      database: app.database,
      sessionSecret: TEST_JWT_SECRET,
      isShuttingDown: () => true,
    });
    const server = createServer(stopping).listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "stopping" });
      // Every answer during the drain asks the client to close its connection.
      expect(ready.headers.get("connection")).toBe("close");
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("is not ready once the database is gone, and says so in the log; alive all the same", async () => {
    lines.length = 0;
    await app.database.close();
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await ready.json()).toEqual({ status: "unavailable" });
    await expect.poll(() => lines.some((line) => line.includes("GET /readyz 503"))).toBe(true);

    // An outage must not make an orchestrator restart every instance: alive does not ask the database.
    const health = await fetch(`${app.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
  });
});
