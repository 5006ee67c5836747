/**
 * `npm run test:cluster`: many instances, one database (issue 21).
 *
 * Starts a throwaway PostgreSQL cluster, three instances of the built site on it (one JWT secret,
 * TRUST_PROXY=loopback, each with its OWN upload folder: no shared disk) and Debian's nginx in
 * front of them with the repo's own proxy settings (deploy/zipat-proxy.conf), then checks:
 *
 * 1. a post created through A appears on B's and C's /blog (already cached there) within 1 s;
 * 2. course likes made through A, B and C agree on every instance;
 * 3. the login limit holds across instances (attempts spread over A, B, C, one client address);
 * 4. an image uploaded through A is served by B and C;
 * 5. a token logged out on A is refused on B;
 * 6. one instance killed with SIGKILL under load through nginx: every acknowledged submission is
 *    stored, and GET requests (idempotent, retried by nginx) see no error at all.
 *
 * Then the figures for docs/performance.md: GET /blog and /api/blog through nginx (3 instances)
 * vs one instance direct, and one instance on PostgreSQL vs the same build on embedded PGlite.
 * CLUSTER_SECONDS (10) per throughput run after a warm-up of a fifth of that, CLUSTER_CONNECTIONS
 * (50), CLUSTER_KILL_SECONDS (12) for the SIGKILL run. CI runs a short form, the checks without the
 * figures: CLUSTER_SECONDS=0 CLUSTER_KILL_SECONDS=4.
 */
import { spawn, execSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { RATE_LIMIT_NAMES, rateLimitVariable } from "~/domain/rate-limits";
import { createPostgresCluster } from "../support/postgres";
import { freePort, PROJECT_ROOT, startServer, type RunningServer } from "../support/server";

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CLUSTER_CONNECTIONS ?? 50);
const KILL_SECONDS = Number(process.env.CLUSTER_KILL_SECONDS ?? 12);
const LOGIN_LIMIT = 6;
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
const ADMIN = { email: "cluster-admin@example.com", password: "cluster admin password 21" };

type Check = { check: string; result: "pass" | "FAIL"; detail: string };
const checks: Check[] = [];
const startedAt = Date.now();
const elapsed = () => `${((Date.now() - startedAt) / 1_000).toFixed(1)} s`;
function record(check: string, ok: boolean, detail: string) {
  checks.push({ check, result: ok ? "pass" : "FAIL", detail });
  console.log(`[${elapsed()}] ${ok ? "pass" : "FAIL"}  ${check}: ${detail}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function api<T = unknown>(
  base: string,
  method: string,
  route: string,
  {
    token,
    json,
    form,
    headers = {},
  }: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: form ?? (json !== undefined ? JSON.stringify(json) : undefined),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, body: body as T };
}

async function formOf(fields: Record<string, string>): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

async function imageForm(fields: Record<string, string>, colour: string): Promise<FormData> {
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "cluster.png");
  return form;
}

type Figures = {
  target: string;
  "req/s": number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
};

function run(url: string, duration: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, timeout: 10 }, (error, result: Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
}

/** Requests per second on one target, after a warm-up (a fifth of the run) that is not counted. */
async function throughput(target: string, url: string): Promise<Figures> {
  await run(url, Math.max(1, Math.round(SECONDS / 5)));
  const result = await run(url, SECONDS);
  console.log(`[${elapsed()}] measured ${target}`);
  return {
    target,
    "req/s": Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

type Nginx = { url: string; child: ChildProcess; dispose(): Promise<void> };

/** Debian's nginx in front of the instances: the repo's proxy settings, plain HTTP on a free port. */
async function startNginx(instances: RunningServer[]): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), "zipat-nginx-"));
  await mkdir(path.join(prefix, "logs"));
  const port = await freePort();
  const config = `worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    default_type application/octet-stream;
    client_body_temp_path ${prefix}/body;
    proxy_temp_path ${prefix}/proxy;
    upstream zipat {
        least_conn;
${instances.map((server) => `        server 127.0.0.1:${server.port} max_fails=3 fail_timeout=10s;`).join("\n")}
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${port};
        location / {
            include ${path.join(PROJECT_ROOT, "deploy/zipat-proxy.conf")};
        }
    }
}
`;
  const file = path.join(prefix, "nginx.conf");
  await writeFile(file, config);
  execSync(`${NGINX} -t -q -p ${prefix} -c ${file}`, { stdio: "inherit" });
  const child = spawn(NGINX, ["-p", prefix, "-c", file, "-g", "daemon off;"], {
    detached: true,
    stdio: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not yet listening.
    }
    if (tries > 100 || child.exitCode !== null) throw new Error("nginx did not start");
    await sleep(100);
  }
  return {
    url,
    child,
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        try {
          process.kill(-child.pid!, "SIGTERM");
        } catch {
          // Gone.
        }
        await Promise.race([exited, sleep(5_000)]);
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // Gone.
        }
      }
      await rm(prefix, { recursive: true, force: true });
    },
  };
}

const APPLICATION = {
  dob: "2019-04-12",
  grade: "Grade 1",
  parentName: "Cluster Parent",
  mobile: "9876543210",
  email: "cluster@example.com",
  consent: "yes",
  noticeVersion: PRIVACY_NOTICE_VERSION,
};

/** Submissions and reads through nginx while one instance is killed with SIGKILL. */
async function killUnderLoad(proxy: Nginx, victim: RunningServer, databaseUrl: string) {
  type Answer = { name: string; status: number };
  const posts: Answer[] = [];
  let gets = 0;
  let getFailures = 0;
  let sequence = 0;
  const killAt = Math.round((KILL_SECONDS * 1_000) / 3);
  let killedAt = 0;
  const killer = (async () => {
    await sleep(killAt);
    process.kill(-victim.child.pid!, "SIGKILL");
    killedAt = Date.now();
  })();
  const result = await new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url: proxy.url,
        connections: Math.min(CONNECTIONS, 30),
        duration: KILL_SECONDS,
        timeout: 10,
        requests: [
          {
            method: "POST",
            path: "/api/applications",
            headers: { "content-type": "application/json" },
            setupRequest(request, context) {
              const name = `Cluster ${process.pid} ${(sequence += 1)}`;
              (context as { name: string }).name = name;
              request.body = JSON.stringify({ ...APPLICATION, studentName: name });
              return request;
            },
            onResponse: (status, _body, context) =>
              posts.push({ name: (context as { name: string }).name, status }),
          },
          {
            method: "GET",
            path: "/api/blog",
            onResponse: (status) => {
              gets += 1;
              if (status !== 200) getFailures += 1;
            },
          },
          {
            method: "GET",
            path: "/blog",
            onResponse: (status) => {
              gets += 1;
              if (status !== 200) getFailures += 1;
            },
          },
        ],
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
  });
  await killer;
  const acknowledged = posts.filter(({ status }) => status === 201);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ student_name: string }>(
    "select student_name from applications where student_name = any($1::text[])",
    [acknowledged.map(({ name }) => name)],
  );
  await client.end();
  const stored = new Set(rows.map((row) => row.student_name));
  const postStatuses: Record<string, number> = {};
  for (const { status } of posts) postStatuses[status] = (postStatuses[status] ?? 0) + 1;
  return {
    killed: killedAt > 0,
    requests: result.requests.total,
    connectionErrors: result.errors + result.timeouts,
    gets,
    getFailures,
    postStatuses,
    acknowledged: acknowledged.length,
    missing: acknowledged.filter(({ name }) => !stored.has(name)).length,
  };
}

async function main() {
  execSync("npm run build:stale --silent", {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const cleanups: (() => Promise<void>)[] = [];
  const figures: Figures[] = [];
  let killRun: Awaited<ReturnType<typeof killUnderLoad>> | undefined;
  try {
    const cluster = await createPostgresCluster();
    cleanups.push(() => cluster.dispose());
    await cluster.start();

    // The enquiry limits stay out of the load's way; the login limit is the one under test.
    const limits = Object.fromEntries(
      RATE_LIMIT_NAMES.map((name) => [rateLimitVariable(name), "1000000000"]),
    );
    const env = {
      DATABASE_URL: cluster.url,
      JWT_SECRET: randomBytes(48).toString("base64url"),
      TRUST_PROXY: "loopback",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "error",
      FORM_MIN_FILL_MS: "0",
      ...limits,
      [rateLimitVariable("login")]: String(LOGIN_LIMIT),
    };
    // A first, so the migrations run once; then B and C side by side. Each has its own UPLOAD_DIR.
    const a = await startServer({ env });
    cleanups.push(() => a.dispose());
    // The same build on embedded PGlite (single-process mode) for the figures, started now and
    // idle until its turn.
    const [b, c, embedded] = await Promise.all([
      startServer({ env }),
      startServer({ env }),
      SECONDS > 0 ? startServer({ embedded: true, env }) : undefined,
    ]);
    cleanups.push(
      () => b.dispose(),
      () => c.dispose(),
      async () => embedded?.dispose(),
    );
    const instances = { A: a, B: b, C: c };
    const proxy = await startNginx([a, b, c]);
    cleanups.push(() => proxy.dispose());
    console.log(
      `[${elapsed()}] PostgreSQL ${cluster.url}; A ${a.url}, B ${b.url}, C ${c.url}; nginx ${proxy.url}`,
    );

    // Setup: the admin's token, from A.
    const login = await api<{ token: string }>(a.url, "POST", "/auth/login", { json: ADMIN });
    if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
    const admin = login.body.token;

    // 1. A post created through A appears on B's and C's cached /blog within 1 s.
    for (const server of [b, c]) for (let i = 0; i < 2; i++) await (await fetch(`${server.url}/blog`)).text();
    const title = `Cluster post ${Date.now()}`;
    const created = await api(a.url, "POST", "/blog", {
      token: admin,
      form: await formOf({ title, category: "School life", description: "Written on A, read on B and C." }),
    });
    const createdAt = Date.now();
    const seen: Record<string, number> = {};
    await Promise.all(
      (["B", "C"] as const).map(async (name) => {
        while (Date.now() - createdAt < 3_000) {
          const page = await (await fetch(`${instances[name].url}/blog`)).text();
          if (page.includes(title)) {
            seen[name] = Date.now() - createdAt;
            return;
          }
          await sleep(20);
        }
      }),
    );
    record(
      "post from A on B's and C's cached /blog ≤ 1 s",
      created.status === 201 &&
        seen.B !== undefined &&
        seen.C !== undefined &&
        seen.B <= 1_000 &&
        seen.C <= 1_000,
      `create ${created.status}; B after ${seen.B ?? "never"} ms, C after ${seen.C ?? "never"} ms`,
    );

    // 4 (first, since the course needs it). An image uploaded through A is served by B and C.
    const course = await api<{ id: number; imageUrl: string }>(a.url, "POST", "/courses", {
      token: admin,
      form: await imageForm(
        { title: "Cluster clay", description: "Made on A.", imageAlt: "A grey square" },
        "#808080",
      ),
    });
    const imageStatuses: Record<string, number> = {};
    if (course.status === 201)
      for (const [name, server] of Object.entries(instances))
        imageStatuses[name] = (await fetch(`${server.url}${course.body.imageUrl}`)).status;
    record(
      "image uploaded through A served by B and C",
      course.status === 201 && imageStatuses.B === 200 && imageStatuses.C === 200,
      `upload ${course.status}; GET ${course.body.imageUrl ?? "-"}: A ${imageStatuses.A}, B ${imageStatuses.B}, C ${imageStatuses.C}`,
    );

    // 2. Course likes made through A, B and C agree everywhere.
    if (course.status === 201) {
      const id = course.body.id;
      for (const name of ["A", "B", "C"] as const)
        await (await fetch(`${instances[name].url}/api/courses/${id}`)).text();
      const likeStatuses: number[] = [];
      for (const [index, name] of (["A", "B", "C"] as const).entries()) {
        const user = await api<{ token: string }>(instances[name].url, "POST", "/auth/register", {
          json: {
            name: `Liker ${name}`,
            email: `liker-${index}-${Date.now()}@example.com`,
            password: "cluster liker password",
          },
        });
        likeStatuses.push(
          (await api(instances[name].url, "POST", `/courses/${id}/like`, { token: user.body.token })).status,
        );
      }
      const counts: Record<string, number> = {};
      const deadline = Date.now() + 1_000;
      do {
        for (const [name, server] of Object.entries(instances))
          counts[name] = (await api<{ _count: { likes: number } }>(server.url, "GET", `/courses/${id}`)).body
            ._count?.likes;
        if (Object.values(counts).every((count) => count === 3)) break;
        await sleep(20);
      } while (Date.now() < deadline);
      record(
        "course likes agree on A, B and C",
        likeStatuses.every((status) => status === 200) && Object.values(counts).every((count) => count === 3),
        `likes via A, B, C: ${likeStatuses.join("/")}; count A ${counts.A}, B ${counts.B}, C ${counts.C} (want 3)`,
      );
    } else record("course likes agree on A, B and C", false, `course not created (${course.status})`);

    // 3. The login limit holds across instances: one client address (X-Forwarded-For, trusted
    // from loopback), attempts spread over A, B, C in turn.
    const loginStatuses: number[] = [];
    const order = [a, b, c];
    for (let attempt = 0; attempt < LOGIN_LIMIT + 3; attempt++)
      loginStatuses.push(
        (
          await api(order[attempt % 3]!.url, "POST", "/auth/login", {
            json: { email: ADMIN.email, password: "not the password" },
            headers: { "x-forwarded-for": "203.0.113.21" },
          })
        ).status,
      );
    const expected = [...Array(LOGIN_LIMIT).fill(401), 429, 429, 429];
    record(
      `login limit (${LOGIN_LIMIT}/min) across A, B, C`,
      loginStatuses.join() === expected.join(),
      `statuses A,B,C,A…: ${loginStatuses.join(" ")}`,
    );

    // 5. A token logged out on A is refused on B.
    const session = await api<{ token: string }>(c.url, "POST", "/auth/login", { json: ADMIN });
    const before = await api(b.url, "GET", "/applications", { token: session.body.token });
    const logout = await fetch(`${a.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `token=${session.body.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const after = await api(b.url, "GET", "/applications", { token: session.body.token });
    record(
      "token logged out on A refused on B",
      before.status === 200 && logout.status === 302 && after.status === 401,
      `B before ${before.status}; logout on A ${logout.status}; B after ${after.status}`,
    );

    // Figures: 3 instances behind nginx vs 1 instance direct (none when CLUSTER_SECONDS=0).
    if (SECONDS > 0)
      for (const [route, label] of [
        ["/blog", "GET /blog (cached page)"],
        ["/api/blog", "GET /api/blog"],
      ] as const) {
        figures.push(await throughput(`${label}: 1 instance direct (PostgreSQL)`, `${a.url}${route}`));
        figures.push(await throughput(`${label}: 3 instances via nginx`, `${proxy.url}${route}`));
      }

    // 6. One instance killed with SIGKILL under load through nginx.
    killRun = await killUnderLoad(proxy, c, cluster.url);
    record(
      "SIGKILL of C under load: acknowledged submissions stored",
      killRun.killed && killRun.acknowledged > 0 && killRun.missing === 0,
      `${killRun.acknowledged} acknowledged (201), ${killRun.missing} missing; POST statuses ${JSON.stringify(killRun.postStatuses)}`,
    );
    record(
      "SIGKILL of C under load: GET errors through nginx",
      killRun.gets > 0 && killRun.getFailures === 0 && killRun.connectionErrors === 0,
      `${killRun.gets} GETs, ${killRun.getFailures} not 200, ${killRun.connectionErrors} connection errors/timeouts`,
    );

    // Figures: one instance on PostgreSQL (above) vs the same build on embedded PGlite.
    if (embedded)
      for (const [route, label] of [
        ["/blog", "GET /blog (cached page)"],
        ["/api/blog", "GET /api/blog"],
      ] as const)
        figures.push(await throughput(`${label}: 1 instance on embedded PGlite`, `${embedded.url}${route}`));
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
  }

  console.log(`\nThroughput: ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.table(figures);
  if (killRun) {
    console.log(`SIGKILL run: ${KILL_SECONDS} s through nginx`);
    console.table([{ ...killRun, postStatuses: JSON.stringify(killRun.postStatuses) }]);
  }
  console.log("\nChecks");
  console.table(checks);
  for (const row of figures)
    if (row.requests === 0 || row.non2xx || row.errors)
      record(
        `throughput run ${row.target}`,
        false,
        `${row.requests} requests, ${row.non2xx} non-2xx, ${row.errors} errors`,
      );
  const failed = checks.filter(({ result }) => result === "FAIL");
  if (failed.length || checks.length < 7) {
    console.error(`\nFAILED: ${failed.map(({ check }) => check).join("; ") || "not every check ran"}`);
    process.exit(1);
  }
  console.log("\nAll cluster checks passed.");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
