/**
 * npm run bench:signed-in [-- --duration 8 --rounds 3]
 *
 * Issue 22: the pages that are never served from a store — a signed-in parent's /profile and
 * /courses, /admin, /admin/applications — each beside (a) the bare node:http server sending the
 * very bytes the app sent (bench/bare-server.ts) and (b) the render floor: the same Remix build
 * under a bare server whose services answer from memory (bench/render-floor.ts). Then
 * POST /api/applications in stored rows a second (201 means the row is committed). One database
 * per run: DATABASE_URL's server, or embedded PGlite without it. Writes docs/performance.md.
 */
import { execSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { defaultAcademicYearStart } from "../app/domain/age-check";
import { RATE_LIMIT_NAMES, rateLimitVariable } from "../app/domain/rate-limits";
import { CONSENT_FIELDS } from "../tests/support/forms";
import { PROJECT_ROOT } from "../tests/support/server";
import { freshDatabaseUrl, startBare, startBenchServer } from "./bare";
import { load, record, type LoadResult, type Recorded } from "./load";
import { replaceSection } from "./report";
import { BENCH_VOLUME } from "./seed-volume";
import { BENCH_ADMIN, prepareSite, removeSite, startSite, type BenchSite } from "./site";

const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
  },
});
const seconds = Number(options.duration);
const rounds = Number(options.rounds);
const DOC = path.join(PROJECT_ROOT, "docs", "performance.md");
const PARENT = { name: "Bench Parent", email: "bench.parent@example.com", password: "bench-parent-password" };
/** The bench sends every request from one address: the per-client limits must not be what it measures. */
const UNLIMITED = Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [rateLimitVariable(name), "1000000"]));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function api(url: string, route: string, body: unknown, token?: string) {
  const response = await fetch(`${url}/api${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST /api${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { token?: string };
}

/** A child of 7 at the start of the coming academic year: a Grade 2 application the age check takes. */
function application(index: number) {
  const start = new Date(defaultAcademicYearStart());
  const dob = new Date(Date.UTC(start.getUTCFullYear() - 7, 5, 15)).toISOString().slice(0, 10);
  return {
    studentName: `Bench Child ${index}`,
    dob,
    grade: "Grade 2",
    parentName: PARENT.name,
    mobile: "9876543210",
    email: PARENT.email,
    ...CONSENT_FIELDS,
  };
}

function startFloor(site: BenchSite) {
  return startBenchServer("render-floor.ts", [], {
    ...process.env,
    NODE_ENV: "production",
    ...(site.databaseUrl ? { BENCH_DATABASE_URL: site.databaseUrl } : { BENCH_DATA_DIR: site.dataDir }),
  });
}

/** POST /api/applications with 20 connections: committed rows a second (the 201s) and p99. */
async function postApplications(
  url: string,
): Promise<{ rowsPerSecond: number; p99: number; failed: number }> {
  let index = 0;
  const result = await autocannon({
    url: `${url}/api/applications`,
    connections: 20,
    duration: seconds,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(application((index += 1))) }),
      },
    ],
  });
  return {
    rowsPerSecond: result["2xx"] / seconds,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  execSync("npm run build:stale --silent", {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  const database = await freshDatabaseUrl();
  console.log(`Preparing the bench database (${database.label})…`);
  const site = await prepareSite(BENCH_VOLUME, database.url);
  const loadBefore = loadavg()[0]!.toFixed(2);
  try {
    const server = await startSite(site, UNLIMITED);
    const parentToken = (await api(server.url, "/auth/register", PARENT)).token!;
    for (let child = 1; child <= 3; child += 1)
      await api(server.url, "/applications", application(child), parentToken);
    const adminToken = (await api(server.url, "/auth/login", BENCH_ADMIN)).token!;
    const targets = [
      { label: "parent's `/profile`", path: "/profile", token: parentToken },
      { label: "parent's `/courses`", path: "/courses", token: parentToken },
      { label: "`/admin`", path: "/admin", token: adminToken },
      { label: "`/admin/applications`", path: "/admin/applications", token: adminToken },
    ].map((target) => ({ ...target, headers: { cookie: `token=${target.token}` } }));

    const recordings: Recorded[] = [];
    for (const target of targets) {
      await record(server.url, target.path, target.headers);
      const recorded = await record(server.url, target.path, target.headers);
      if (recorded.status !== 200) throw new Error(`${target.path} answered ${recorded.status}`);
      recordings.push(recorded);
    }
    const results = targets.map(() => ({
      app: [] as LoadResult[],
      bare: [] as LoadResult[],
      floor: [] as LoadResult[],
    }));
    const bare = await startBare(recordings, site.dataDir);
    try {
      for (let round = 1; round <= rounds; round += 1)
        for (const [index, target] of targets.entries()) {
          const app = await load(server.url, target.path, seconds, target.headers);
          const limit = await load(bare.url, target.path, seconds, target.headers);
          if (app.errors || app.non2xx)
            throw new Error(`${target.path}: ${app.errors} errors, ${app.non2xx} non-2xx`);
          results[index]!.app.push(app);
          results[index]!.bare.push(limit);
          console.log(
            `round ${round} ${target.path}: app ${Math.round(app.rps)} req/s, bare ${Math.round(limit.rps)}`,
          );
        }
    } finally {
      await bare.stop();
    }
    const posts = [];
    for (let round = 1; round <= rounds; round += 1) {
      posts.push(await postApplications(server.url));
      console.log(`round ${round} POST /api/applications: ${Math.round(posts.at(-1)!.rowsPerSecond)} rows/s`);
    }
    // PGlite serves one process: the floor opens the database once the server has stopped.
    await server.stop();
    const floor = await startFloor(site);
    try {
      for (const target of targets) {
        const answer = await record(floor.url, target.path, target.headers);
        if (answer.status !== 200) throw new Error(`floor: ${target.path} answered ${answer.status}`);
      }
      for (let round = 1; round <= rounds; round += 1)
        for (const [index, target] of targets.entries()) {
          const result = await load(floor.url, target.path, seconds, target.headers);
          if (result.errors || result.non2xx)
            throw new Error(`floor ${target.path}: ${result.non2xx} non-2xx`);
          results[index]!.floor.push(result);
          console.log(`round ${round} ${target.path}: floor ${Math.round(result.rps)} req/s`);
        }
    } finally {
      await floor.stop();
    }

    const rate = (runs: LoadResult[]) => Math.round(median(runs.map((run) => run.rps)));
    const rows = targets.map((target, index) => {
      const { app, bare: limits, floor: floors } = results[index]!;
      const ofBare = median(app.map((run, at) => run.rps / limits[at]!.rps));
      return `| ${target.label} | ${rate(app)} | ${rate(floors)} | ${rate(limits)} | ${(ofBare * 100).toFixed(1)}% | ${Math.round((rate(app) / rate(floors)) * 100)}% | ${median(app.map((run) => run.p99))} | ${median(floors.map((run) => run.p99))} | ${recordings[index]!.body.length} |`;
    });
    const post = {
      rows: Math.round(median(posts.map((run) => run.rowsPerSecond))),
      p99: median(posts.map((run) => run.p99)),
      failed: posts.reduce((sum, run) => sum + run.failed, 0),
    };
    const section = [
      `Run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${database.label}; ${rounds} rounds × ${seconds} s per target and server, 20 connections; load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after.`,
      "",
      "| Page (signed in) | App req/s | Render floor req/s | Bare req/s | App / bare | App / floor | App p99 ms | Floor p99 ms | App bytes (gzip) |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...rows,
      "",
      `\`POST /api/applications\`: **${post.rows} stored rows/s** (each 201 after its commit), p99 ${post.p99} ms, ${post.failed} not stored (non-2xx or errors) over ${rounds} rounds.`,
      "",
      "Medians over the rounds. The render floor is the same build's handler with no middleware and no compression (it sends more bytes, and spends nothing on gzip), its services answering from memory.",
    ].join("\n");
    console.log(`\n${section}\n`);
    await replaceSection(DOC, database.url ? "signed-in-postgres" : "signed-in-pglite", section);
  } finally {
    await removeSite(site);
    await database.drop();
  }
}

await main();
