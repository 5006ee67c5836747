import { Writable } from "node:stream";
import { createLogger } from "~/server/logger.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/app";
import { CONSENT } from "./helpers";

describe("request logs", () => {
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

  it("writes one line per request with id, method, path, status and time, and never a token, cookie or body", async () => {
    const { token } = await app.createUser("USER");
    const secretMobile = "9812345678";
    lines.length = 0;
    await app.api("/courses", { token, headers: { cookie: `token=${token}` } });
    await app.api("/applications", {
      json: {
        studentName: "Private Child",
        dob: "2019-01-01",
        grade: "Nursery",
        parentName: "P",
        mobile: secretMobile,
        email: "p@example.com",
        ...CONSENT,
      },
    });
    // The log line is written when the response has finished, which may be just after the answer.
    await expect.poll(() => lines.length).toBe(2);

    expect(lines).toHaveLength(2);
    const [courses, application] = lines.map((line) => JSON.parse(line));
    expect(courses).toMatchObject({
      msg: expect.stringMatching(/^GET \/api\/courses 200 \d+ms$/),
      req: { method: "GET", url: "/api/courses" },
      res: { statusCode: 200 },
    });
    expect(courses.req.id).toMatch(/^[\w-]{8,}$/);
    expect(application).toMatchObject({ res: { statusCode: 201 } });
    const everything = lines.join("\n");
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(secretMobile);
    expect(everything).not.toContain("Private Child");
    expect(everything.toLowerCase()).not.toContain("authorization");
  });

  it("answers each request with its id, and keeps a sane id the client sent", async () => {
    const mine = "client-request-1234";
    const answer = await app.api("/grades", { headers: { "x-request-id": mine } });
    expect(answer.headers.get("x-request-id")).toBe(mine);
    const generated = await app.api("/grades", { headers: { "x-request-id": "<script>" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs an answer sent from the response cache like any other, with its own id", async () => {
    const first = await app.api("/grades");
    const etag = first.headers.get("etag")!;
    lines.length = 0;
    const stored = await app.api("/grades", { headers: { "x-request-id": "stored-answer-1" } });
    const unchanged = await app.api("/grades", { headers: { "if-none-match": etag } });
    await expect.poll(() => lines.length).toBe(2);

    expect(stored.headers.get("x-request-id")).toBe("stored-answer-1");
    expect(unchanged.status).toBe(304);
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      {
        msg: expect.stringMatching(/^GET \/api\/grades 200 \d+ms$/),
        req: { id: "stored-answer-1", method: "GET", url: "/api/grades" },
        res: { statusCode: 200 },
      },
      { msg: expect.stringMatching(/^GET \/api\/grades 304 \d+ms$/), res: { statusCode: 304 } },
    ]);
  });
});
