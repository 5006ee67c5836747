import type { IncomingMessage } from "node:http";
import { Writable } from "node:stream";
import { pino, type LogFn } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger, storedAnswerLogger } from "~/server/logger.server";

/** The app's logger (createLogger), writing into an array. */
function capture(level = "info") {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, sink), lines };
}

const request = (url: string, headers: Record<string, string> = {}) =>
  ({ method: "GET", url, headers }) as unknown as IncomingMessage;

/** What pino itself writes for the fields every access line carries. */
function expectedLine(
  logger: { info: LogFn; warn: LogFn },
  url: string,
  id: string,
  statusCode: number,
  level: "info" | "warn",
) {
  logger[level](
    { reqId: id, req: { id, method: "GET", url }, res: { statusCode }, responseTime: 0 },
    `GET ${url} ${statusCode} 0ms`,
  );
}

describe("the access line of a stored answer", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:00:00.123Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is byte for byte what pino writes for the same fields", async () => {
    for (const [url, status, level] of [
      ["/api/courses", 200, "info"],
      ['/api/blog?page=1&limit=6&q="quoted"\\', 304, "info"],
      ["/blog/999", 404, "warn"],
    ] as const) {
      const ours = capture();
      const pinos = capture();
      storedAnswerLogger(ours.logger).sent(request(url), "req-12345678", status, Date.now());
      expectedLine(pinos.logger, url, "req-12345678", status, level);
      await new Promise((resolve) => setImmediate(resolve));
      expect(ours.lines).toHaveLength(1);
      expect(ours.lines).toEqual(pinos.lines);
    }
  });

  it("writes nothing below the logger's level", async () => {
    const ours = capture("warn");
    const pinos = capture("warn");
    const log = storedAnswerLogger(ours.logger);
    log.sent(request("/"), "req-12345678", 200, Date.now());
    log.sent(request("/x"), "req-12345678", 404, Date.now());
    expectedLine(pinos.logger, "/x", "req-12345678", 404, "warn");
    await new Promise((resolve) => setImmediate(resolve));
    expect(ours.lines).toHaveLength(1);
    expect(ours.lines).toEqual(pinos.lines);
  });

  it("refuses a logger whose format and destination it does not know", () => {
    expect(() => storedAnswerLogger(pino({}, new Writable()))).toThrow(/createLogger/);
  });

  it("keeps a sane id the client sent and makes one otherwise", () => {
    const log = storedAnswerLogger(capture().logger);
    expect(log.idOf(request("/", { "x-request-id": "client-request-1234" }))).toBe("client-request-1234");
    expect(log.idOf(request("/", { "x-request-id": "<script>" }))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
