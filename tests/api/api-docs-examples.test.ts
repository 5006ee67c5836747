import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DOCS_PATH } from "~/server/api-docs.server";
import { RATE_LIMITS } from "~/domain/rate-limits";
import { startTestApp, type TestApp } from "../support/app";

/**
 * Issue 23, point 4: every `sh` example of docs/api.md runs with curl against a fresh server, in
 * order (the upload makes the post the paging example lists, the failed logins spend the
 * limit), and what it prints must match the `text` block after it: each line in turn, where
 * `…` stands for anything. So the guide cannot drift from the server.
 */
const GUIDE = path.join(import.meta.dirname, "../../docs/api.md");
const ADMIN = { name: "Asha Admin", email: "admin@example.com", password: "correct horse battery" };

type Example = { title: string; script: string; expected: string[] };

/** Each ```sh block with the ```text block that must follow it; an example without one fails. */
function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  let section = "";
  const blocks = /^## (.+)$|^```(\w*)\n([\s\S]*?)^```$/gm;
  let pending: { title: string; script: string } | null = null;
  for (const match of markdown.matchAll(blocks)) {
    const [, heading, language, body = ""] = match;
    if (heading) {
      section = heading;
      continue;
    }
    if (language === "sh") {
      expect(pending, `the example before "${body.trim()}" has no expected answer`).toBeNull();
      pending = { title: `${section}: ${body.split("\n")[0]!.trim()}`, script: body };
    } else if (language === "text") {
      expect(pending, `an expected answer follows no example: ${body}`).not.toBeNull();
      examples.push({ ...pending!, expected: body.trimEnd().split("\n") });
      pending = null;
    }
  }
  expect(pending, "the last example has no expected answer").toBeNull();
  return examples;
}

/** A line of the guide's expected answer as a pattern: literal text, `…` for anything. */
function linePattern(line: string): RegExp {
  const literal = line.split("…").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${literal.join(".*")}$`);
}

/** Whether the output's lines contain every expected line, in order. */
function missingLines(output: string, expected: string[]): string[] {
  const lines = output.split(/\r?\n/);
  let at = 0;
  const missing: string[] = [];
  for (const line of expected) {
    const pattern = linePattern(line);
    const found = lines.findIndex((candidate, index) => index >= at && pattern.test(candidate));
    if (found === -1) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

const run = promisify(execFile);

describe("docs/api.md", () => {
  let app: TestApp;
  let workDir: string;
  let token: string;
  // A fixed clock: the rate-limit example's attempts all fall in one window.
  const now = Date.parse("2030-01-01T00:00:30Z");

  beforeAll(async () => {
    app = await startTestApp({ rateLimits: RATE_LIMITS, rateLimitClock: () => now });
    const { user } = await app.services.auth.ensureAdmin(ADMIN);
    token = app.services.auth.issueToken(user);
    workDir = await mkdtemp(path.join(tmpdir(), "zipat-api-guide-"));
    await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3b82f6" } })
      .jpeg()
      .toFile(path.join(workDir, "photo.jpg"));
  });
  afterAll(async () => {
    await app?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("runs every curl example and gets the answer the guide shows", { timeout: 60_000 }, async () => {
    const examples = examplesOf(await readFile(GUIDE, "utf8"));
    expect(examples.map((example) => example.title.split(":")[0])).toEqual(
      expect.arrayContaining([
        "Signing in",
        "Uploading an image",
        "Paging through a list",
        "Errors",
        "Rate limits",
      ]),
    );
    for (const example of examples) {
      const { stdout } = await run("sh", ["-e", "-c", example.script], {
        cwd: workDir,
        // No proxy: curl must talk to the test server itself.
        env: { ...process.env, BASE: `${app.baseUrl}/api`, TOKEN: token, NO_PROXY: "*", no_proxy: "*" },
      });
      expect(
        missingLines(stdout, example.expected),
        `${example.title}\n--- curl printed:\n${stdout}`,
      ).toEqual([]);
    }
  });

  it("the guide's matching is strict: a different status or body does not pass", () => {
    expect(
      missingLines('HTTP/1.1 200 OK\r\n\r\n{"token":"eyJabc"}', ["HTTP/1.1 200 OK", '{"token":"eyJ…"}']),
    ).toEqual([]);
    expect(missingLines("HTTP/1.1 400 Bad Request\r\n", ["HTTP/1.1 200 OK"])).toEqual(["HTTP/1.1 200 OK"]);
    expect(missingLines('{"a":1}\nHTTP/1.1 200 OK', ["HTTP/1.1 200 OK", '{"a":…}'])).toEqual(['{"a":…}']);
  });
});

describe("/api/docs", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("links the document for a reader without JavaScript, and runs only its own files", async () => {
    const response = await fetch(app.baseUrl + API_DOCS_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-|https?:/);
    const html = await response.text();
    expect(html).toContain('<a href="/api/openapi.json">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|style=|https?:\/\//);

    const assets = [...html.matchAll(/(?:src|href)="(\/api\/docs\/assets\/[^"]+)"/g)].map(
      (match) => match[1]!,
    );
    expect(assets).toHaveLength(4);
    for (const asset of assets) {
      const file = await fetch(app.baseUrl + asset, { headers: { "Accept-Encoding": "br" } });
      expect(file.status, asset).toBe(200);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(file.headers.get("content-type")).toMatch(/^(application\/javascript|text\/css)/);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // A name the page does not use is not served: nothing else of the package is reachable.
    expect((await fetch(`${app.baseUrl}/api/docs/assets/index.html`)).status).toBe(404);
  });
});
