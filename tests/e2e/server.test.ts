import { execFile } from "node:child_process";
import { request } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { applications } from "../../db/schema";
import { DEMO_POSTS } from "../../db/demo/content";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { usingRealPostgres } from "../support/database";
import { PROJECT_ROOT, startServer, type RunningServer } from "../support/server";

const run = promisify(execFile);

const application = {
  studentName: "Aarav Sharma",
  dob: "2019-04-12",
  grade: "Grade 1",
  parentName: "Priya Sharma",
  mobile: "9876543210",
  email: "priya@example.com",
  ...CONSENT_FIELDS,
};

/** Sends a request whose body arrives in two halves, calling `between` after the first. */
function slowPost(
  url: string,
  json: unknown,
  between: () => Promise<void>,
): Promise<{ status: number; body: string }> {
  const payload = Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { "content-type": "application/json", "content-length": payload.length } },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(payload.subarray(0, 10));
    between().then(() => req.end(payload.subarray(10)), reject);
  });
}

/** Whether a new TCP connection to the port is accepted (a fresh socket, never a pooled one). */
function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * `npm start` without DATABASE_URL runs on embedded PGlite, so its start-ups are proven in every
 * run; a run on PostgreSQL (CI's browser run) proves them there too.
 */
const BACKENDS = [
  { name: "embedded PGlite", embedded: true },
  ...(usingRealPostgres() ? [{ name: "PostgreSQL", embedded: false }] : []),
];

describe.each(BACKENDS)("the server process on $name", ({ embedded }) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ embedded });
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it("starts on an empty database with demo content and prints the demo admin once", async () => {
    expect(server.output()).toMatch(/Zipat is running at http:\/\/localhost:\d+/);
    expect(server.output()).toMatch(/Demo admin: admin@zipat\.school \/ \S{12,}/);
    expect(server.output()).toContain("Payments are simulated: no payment gateway is connected");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("renders the home page from the database", async () => {
    const response = await fetch(server.url + "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const newest = [...DEMO_POSTS].sort((a, b) => a.daysAgo - b.daysAgo).slice(0, 3);
    for (const post of newest) expect(html).toContain(escapeHtml(post.title));
  });

  it("serves the fingerprinted assets with an immutable cache and JSON 404s under /api", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const asset = /\/build\/[^"]+\.js/.exec(html)![0];
    const response = await fetch(server.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const missing = await callApi(server.url, "/no-such-thing");
    expect(missing).toMatchObject({ status: 404, body: { message: "Not found" } });
  });

  it("logs a client's mistake that Remix answers (4xx) as a warning with its reason and no stack", async () => {
    const mistakes: [string, RequestInit, number, string][] = [
      ["/", { method: "POST", body: new URLSearchParams({ a: "b" }) }, 405, 'POST request to "/"'],
      ["/privacy", { method: "PUT", body: "x" }, 405, 'PUT request to "/privacy"'],
      // A client-side navigation's data request for a page without an action.
      ["/privacy.data", { method: "POST", body: "x" }, 405, 'POST request to "/privacy"'],
      ["/", { method: "PROPFIND" }, 405, 'Invalid request method "PROPFIND"'],
    ];
    for (const [pathname, init, status, reason] of mistakes) {
      const answer = await fetch(server.url + pathname, init);
      expect(answer.status, pathname).toBe(status);
      const id = answer.headers.get("x-request-id")!;
      // The request log line is written once the answer has gone: wait for it.
      await expect.poll(() => server.output()).toContain(`"id":"${id}"`);
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.includes(`"reqId":"${id}"`))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const refused = lines.find((line) => line.msg === "page request refused");
      expect(refused, pathname).toMatchObject({ level: 40, status, reason: expect.stringContaining(reason) });
      expect(refused, pathname).not.toHaveProperty("err");
      expect(
        lines.map((line) => line.level),
        pathname,
      ).not.toContain(50);
      expect(JSON.stringify(lines), pathname).not.toMatch(/stack|\n\s+at /);
    }
  });

  if (embedded)
    it("keeps a second process off its PGlite folder with one clear line", async () => {
      const second = await startServer({ reuse: server, expectExit: true });
      expect(second.child.exitCode).toBe(1);
      expect(second.output().trim()).toBe(
        `The database folder ${path.join(server.dataDir, "pglite")} is in use by another process (pid ${server.child.pid}). PGlite serves one process; set DATABASE_URL to a PostgreSQL server to run more than one instance.`,
      );
      // The first one serves on, its data untouched.
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    });

  it("finishes an in-flight request on SIGTERM, refusing new connections, then exits 0 having stored it", async () => {
    let exitCode: Promise<number | null> | undefined;
    let acceptedDuringDrain: boolean | undefined;
    const answer = await slowPost(`${server.url}/api/applications`, application, async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      exitCode = server.stop("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The request is still waiting for the rest of its body: the server drains, not stopped.
      acceptedDuringDrain = await acceptsConnections(server.port);
    });
    expect(acceptedDuringDrain).toBe(false);
    expect(answer.status).toBe(201);
    expect(await exitCode).toBe(0);

    const database = await openDatabase(
      server.databaseUrl ? { url: server.databaseUrl } : { dataDir: path.join(server.dataDir, "pglite") },
    );
    const rows = await database.db.select().from(applications);
    await database.close();
    expect(rows.map((row) => row.studentName)).toEqual(["Aarav Sharma"]);
  });

  const principal = { email: "principal@zipat.school", password: "principal-password-2025" };

  it("create-admin adds an ADMIN to the stopped server's data", async () => {
    const env = {
      ...process.env,
      DATA_DIR: server.dataDir,
      ADMIN_PASSWORD: principal.password,
    } as NodeJS.ProcessEnv;
    if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
    else delete env.DATABASE_URL;
    const { stdout } = await run(
      path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx"),
      ["app/cli/create-admin.server.ts", "--email", principal.email, "--name", "Principal"],
      { cwd: PROJECT_ROOT, env },
    );
    expect(stdout).toContain(`Created ADMIN ${principal.email} (Principal).`);
  });

  it("reuses the data on a second start: the stored posts and application, and that ADMIN can log in", async () => {
    const again = await startServer({ reuse: server });
    try {
      expect(again.output()).not.toContain("Demo admin");
      const blog = await callApi(again.url, "/blog?limit=100");
      expect(blog.body.posts).toHaveLength(DEMO_POSTS.length);
      const login = await callApi(again.url, "/auth/login", { json: principal });
      expect(login.status).toBe(200);
      const list = await callApi(again.url, "/applications", { token: login.body.token });
      expect(list.body.map((row: { studentName: string }) => row.studentName)).toEqual(["Aarav Sharma"]);
    } finally {
      await again.stop();
    }
  });
});

describe("start-up configuration", () => {
  it("stops with one clear line on an invalid value", async () => {
    const failed = await startServer({ env: { PORT: "abc" }, expectExit: true });
    expect(failed.child.exitCode).toBe(1);
    expect(failed.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc").',
    );
    await failed.dispose();
  });

  it("makes sure the ADMIN_EMAIL account exists instead of printing a demo admin", async () => {
    const started = await startServer({
      env: { ADMIN_EMAIL: "office@zipat.school", ADMIN_PASSWORD: "office-password-1", ADMIN_NAME: "Office" },
    });
    try {
      expect(started.output()).not.toContain("Demo admin");
      const login = await callApi(started.url, "/auth/login", {
        json: { email: "office@zipat.school", password: "office-password-1" },
      });
      expect(login.status).toBe(200);
      const payload = JSON.parse(Buffer.from(login.body.token.split(".")[1], "base64url").toString());
      expect(payload).toMatchObject({ email: "office@zipat.school", name: "Office", role: "ADMIN" });
    } finally {
      await started.dispose();
    }
  });
});

function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}
