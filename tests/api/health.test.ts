import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";

describe("/healthz", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers 200 while the database answers", async () => {
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers JSON 404s for unknown /api paths", async () => {
    expect(await app.api("/nothing/here")).toMatchObject({ status: 404, body: { message: "Not found" } });
    // A known path asked with a method it does not take is a 405 (tests/api/http-contract.test.ts).
    expect(await app.api("/details", { method: "DELETE" })).toMatchObject({ status: 405 });
  });

  it("answers 503 once the database is gone", async () => {
    await app.database.close();
    const response = await fetch(`${app.baseUrl}/healthz`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await response.json()).toEqual({ status: "unavailable" });
  });
});
