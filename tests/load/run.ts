/**
 * `npm run test:load`: the site under load, then under load while PostgreSQL dies and returns.
 *
 * 1. Load: LOAD_CONNECTIONS (200) concurrent connections for LOAD_SECONDS (60) each on the home
 *    page, GET /api/blog and the admission form's action (a real POST of valid fields): no
 *    connection errors, no timeouts, no status outside 2xx/3xx.
 * 2. Fault: submissions (API and page form, each with a unique name) while PostgreSQL is stopped
 *    (immediate mode, FAULT_DOWN_SECONDS) and started again: nothing but 201/302 and 503, no 503
 *    before the stop or later than 5 s after the restart, no hangs, and every acknowledged
 *    submission stored.
 *
 * It starts its own PostgreSQL cluster and server, prints the figures, and exits 1 on any
 * failure. CI runs a short form: LOAD_SECONDS=5 LOAD_CONNECTIONS=50.
 */
import { execSync } from "node:child_process";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { RATE_LIMIT_NAMES, rateLimitVariable } from "~/domain/rate-limits";
import { botCheckFields } from "../support/forms";
import { createPostgresCluster, type PostgresCluster } from "../support/postgres";
import { PROJECT_ROOT, startServer, type RunningServer } from "../support/server";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DOWN_SECONDS = Number(process.env.FAULT_DOWN_SECONDS ?? 5);
const RECOVERY_BUDGET_MS = 5_000;

const APPLICATION = {
  dob: "2019-04-12",
  grade: "Grade 1",
  parentName: "Load Parent",
  mobile: "9876543210",
  email: "load@example.com",
  // The consent the form asks for (issue 20): its ticked box and the notice's version.
  consent: "yes",
  noticeVersion: PRIVACY_NOTICE_VERSION,
};

type LoadFigures = {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  outside2xx3xx: number;
};

function figures(name: string, result: Result): LoadFigures {
  return {
    name,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    outside2xx3xx: result["1xx"] + result["4xx"] + result["5xx"],
  };
}

function load(name: string, options: autocannon.Options): Promise<LoadFigures> {
  console.log(`\n== ${name}: ${options.connections} connections for ${options.duration} s`);
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 10, ...options }, (error, result) =>
      error
        ? reject(error instanceof Error ? error : new Error(String(error)))
        : resolve(figures(name, result)),
    );
  });
}

type Answer = { kind: "api" | "page"; name: string; status: number; at: number };

/** Submissions while the database is stopped and started again under them. */
async function faultRun(server: RunningServer, cluster: PostgresCluster, formFields: Record<string, string>) {
  const answers: Answer[] = [];
  let sequence = 0;
  const nextName = () => `Load ${process.pid} ${(sequence += 1)}`;
  const downAt = 2_000;
  const duration = Math.ceil((downAt + DOWN_SECONDS * 1_000) / 1_000) + 8;
  const connections = Math.min(CONNECTIONS, 50);
  const timeline = { stopCalled: 0, stopped: 0, startCalled: 0, started: 0 };

  console.log(`\n== fault: ${connections} connections for ${duration} s, PostgreSQL down ${DOWN_SECONDS} s`);
  const faults = (async () => {
    await new Promise((resolve) => setTimeout(resolve, downAt));
    timeline.stopCalled = Date.now();
    await cluster.stop();
    timeline.stopped = Date.now();
    await new Promise((resolve) => setTimeout(resolve, DOWN_SECONDS * 1_000));
    timeline.startCalled = Date.now();
    await cluster.start();
    timeline.started = Date.now();
  })();

  /** A POST of one admission under a name never used before, its answer recorded under that name. */
  const submission = (
    kind: Answer["kind"],
    path: string,
    contentType: string,
    encode: (fields: Record<string, string>) => string,
  ): autocannon.Request => ({
    method: "POST",
    path,
    headers: { "content-type": contentType },
    setupRequest(request, context) {
      const name = nextName();
      (context as { name: string }).name = name;
      request.body = encode({ ...APPLICATION, studentName: name });
      return request;
    },
    onResponse: (status, _body, context) =>
      answers.push({ kind, name: (context as { name: string }).name, status, at: Date.now() }),
  });
  const result = await new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url: server.url,
        connections,
        duration,
        timeout: 10,
        requests: [
          submission("api", "/api/applications", "application/json", (fields) => JSON.stringify(fields)),
          submission("page", "/apply", "application/x-www-form-urlencoded", (fields) =>
            new URLSearchParams({ ...fields, ...formFields }).toString(),
          ),
        ],
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
  });
  await faults;

  const acknowledged = answers.filter(({ status }) => status === 201 || status === 302);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const { rows } = await client.query<{ student_name: string }>(
    "select student_name from applications where student_name = any($1::text[])",
    [acknowledged.map(({ name }) => name)],
  );
  await client.end();
  const storedNames = new Set(rows.map((row) => row.student_name));

  const unavailable = answers.filter(({ status }) => status === 503);
  const successAfterStart = answers.find(({ at, status }) => at >= timeline.started && status !== 503);
  const statusCounts: Record<string, number> = {};
  for (const { status } of answers) statusCounts[status] = (statusCounts[status] ?? 0) + 1;
  return {
    connections,
    duration,
    downMs: timeline.started - timeline.stopCalled,
    requests: answers.length,
    statusCounts,
    errors: result.errors,
    timeouts: result.timeouts,
    acknowledged: acknowledged.length,
    acknowledgedButMissing: acknowledged.filter(({ name }) => !storedNames.has(name)).map(({ name }) => name),
    unexpectedStatuses: answers.filter(({ status }) => ![201, 302, 503].includes(status)).length,
    unavailableBeforeStop: unavailable.filter(({ at }) => at < timeline.stopCalled).length,
    lastUnavailableAfterStartMs: Math.max(0, ...unavailable.map(({ at }) => at - timeline.started)),
    firstSuccessAfterStartMs: successAfterStart
      ? successAfterStart.at - timeline.started
      : Number.POSITIVE_INFINITY,
  };
}

async function main() {
  execSync("npm run build:stale --silent", {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const cluster = await createPostgresCluster();
  await cluster.start();
  // The limits and the fill time protect against abuse from one address; here one address is the test.
  const unlimited = Object.fromEntries(
    RATE_LIMIT_NAMES.map((name) => [rateLimitVariable(name), "1000000000"]),
  );
  const server = await startServer({
    env: { DATABASE_URL: cluster.url, LOG_LEVEL: "error", FORM_MIN_FILL_MS: "0", ...unlimited },
  });
  const failures: string[] = [];
  try {
    const formFields = await botCheckFields(server.url, "/apply");
    const base = { connections: CONNECTIONS, duration: SECONDS };
    const runs = [
      await load("GET /", { ...base, url: `${server.url}/` }),
      await load("GET /api/blog", { ...base, url: `${server.url}/api/blog` }),
      await load("POST /apply", {
        ...base,
        url: `${server.url}/apply`,
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...APPLICATION, studentName: "Load Child", ...formFields }).toString(),
      }),
    ];
    const fault = await faultRun(server, cluster, formFields);

    console.log(`\nLoad: ${CONNECTIONS} connections, ${SECONDS} s per target`);
    console.table(runs);
    console.log(
      `Fault: ${fault.connections} connections for ${fault.duration} s, PostgreSQL down ${fault.downMs} ms`,
    );
    console.table([
      {
        requests: fault.requests,
        statuses: JSON.stringify(fault.statusCounts),
        errors: fault.errors,
        timeouts: fault.timeouts,
        acknowledged: fault.acknowledged,
        missing: fault.acknowledgedButMissing.length,
        "503 before stop": fault.unavailableBeforeStop,
        "last 503 after restart (ms)": fault.lastUnavailableAfterStartMs,
        "first success after restart (ms)": fault.firstSuccessAfterStartMs,
      },
    ]);

    for (const run of runs) {
      if (run.requests === 0) failures.push(`${run.name}: no requests completed`);
      if (run.errors || run.timeouts || run.outside2xx3xx)
        failures.push(
          `${run.name}: ${run.errors} errors, ${run.timeouts} timeouts, ${run.outside2xx3xx} outside 2xx/3xx`,
        );
    }
    if (fault.errors || fault.timeouts)
      failures.push(`fault: ${fault.errors} errors, ${fault.timeouts} timeouts`);
    if (fault.unexpectedStatuses)
      failures.push(`fault: ${fault.unexpectedStatuses} answers other than 201/302/503`);
    if (!fault.statusCounts["503"]) failures.push("fault: no 503 while the database was down");
    if (fault.unavailableBeforeStop)
      failures.push(`fault: ${fault.unavailableBeforeStop} answers of 503 before the stop`);
    if (fault.lastUnavailableAfterStartMs > RECOVERY_BUDGET_MS)
      failures.push(`fault: still 503 ${fault.lastUnavailableAfterStartMs} ms after the database was back`);
    if (fault.firstSuccessAfterStartMs > RECOVERY_BUDGET_MS)
      failures.push(`fault: first success ${fault.firstSuccessAfterStartMs} ms after the database was back`);
    if (fault.acknowledgedButMissing.length)
      failures.push(
        `fault: acknowledged but not stored: ${fault.acknowledgedButMissing.slice(0, 5).join(", ")}`,
      );
  } finally {
    await server.dispose();
    await cluster.dispose();
  }
  if (failures.length) {
    console.error(`\nFAILED:\n- ${failures.join("\n- ")}`);
    process.exit(1);
  }
  console.log("\nAll load and fault criteria met.");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
