import { execSync, spawn } from "node:child_process";
import { once } from "node:events";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices } from "../app/services/index.server";
import { ADMIN_PAGE } from "../app/services/paging.server";
import { openDatabase } from "../db/client";
import { createPostgresCluster } from "../tests/support/postgres";
import { PROJECT_ROOT } from "../tests/support/server";
import { freshDatabaseUrl, startBare } from "./bare";
import { load, record, watchRss, type LoadResult, type Recorded } from "./load";
import { replaceSection } from "./report";
import { BENCH_VOLUME, GROWTH_VOLUME, type Volume } from "./seed-volume";
import { BENCH_ADMIN, prepareSite, removeSite, startSite, type BenchSite } from "./site";

/**
 * npm run bench [-- --duration 10 --rounds 3 --only / --skip-growth --growth-pglite --skip-signed-in
 *   --skip-back-office --skip-updates --skip-duplicates --skip-insights]
 *
 * Throughput of the production server against the bare node:http limit for the same bytes, in
 * one run on this machine, then the growth test with 100,000 records per list, the signed-in
 * pages, the back office, the WhatsApp and SMS updates and the duplicate check. Writes the results into
 * docs/performance.md.
 */
const { values: options } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    only: { type: "string", multiple: true },
    "skip-targets": { type: "boolean", default: false },
    "skip-growth": { type: "boolean", default: false },
    "growth-pglite": { type: "boolean", default: false },
    "skip-back-office": { type: "boolean", default: false },
    "skip-signed-in": { type: "boolean", default: false },
    "skip-updates": { type: "boolean", default: false },
    "skip-duplicates": { type: "boolean", default: false },
    "skip-insights": { type: "boolean", default: false },
  },
});
const seconds = Number(options.duration);
const rounds = Number(options.rounds);

/** Anonymous visitors' addresses and the share of the bare server's rate each must reach. */
const TARGETS = [
  { path: "/", goal: 0.5 },
  // A Hindi page is stored and served as its English one is (issue 37: the same ratio).
  { path: "/hi", goal: 0.5 },
  { path: "/blog", goal: 0.5 },
  { path: "/blog/:id", goal: 0.5 },
  { path: "/courses", goal: 0.5 },
  { path: "/api/blog?page=1&limit=6", goal: 0.6 },
  { path: "/api/courses", goal: 0.6 },
];

const DOC = path.join(PROJECT_ROOT, "docs", "performance.md");
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (value: number) => Math.round(value * 10) / 10;
const load1 = () => loadavg()[0]!.toFixed(2);

function environment(database: string) {
  return `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${database}`;
}

async function benchTargets() {
  const database = await freshDatabaseUrl();
  console.log(`Preparing the bench database (${database.label})…`);
  const site = await prepareSite(BENCH_VOLUME, database.url);
  const server = await startSite(site);
  try {
    const newest = (await (await fetch(`${server.url}/api/blog?page=1&limit=1`)).json()) as {
      posts: Array<{ id: number }>;
    };
    const targets = TARGETS.filter((target) => !options.only || options.only.includes(target.path)).map(
      (target) => ({
        ...target,
        url: target.path.replace(":id", String(newest.posts[0]!.id)),
      }),
    );
    const recordings: Recorded[] = [];
    for (const target of targets) {
      await record(server.url, target.url); // fills the caches
      const recorded = await record(server.url, target.url);
      if (recorded.status !== 200) throw new Error(`${target.url} answered ${recorded.status}`);
      recordings.push(recorded);
    }
    const bare = await startBare(recordings, site.dataDir);
    const loadBefore = load1();
    const results: Array<{ app: LoadResult[]; bare: LoadResult[] }> = targets.map(() => ({
      app: [],
      bare: [],
    }));
    const peaks: number[] = [];
    try {
      for (let round = 1; round <= rounds; round += 1) {
        const rss = watchRss(server.pid);
        for (const [index, target] of targets.entries()) {
          const app = await load(server.url, target.url, seconds);
          const limit = await load(bare.url, target.url, seconds);
          results[index]!.app.push(app);
          results[index]!.bare.push(limit);
          console.log(
            `round ${round} ${target.url}: app ${Math.round(app.rps)} rps, limit ${Math.round(limit.rps)} rps (${Math.round((app.rps / limit.rps) * 100)}%), load ${load1()}`,
          );
          if (app.errors || app.non2xx)
            throw new Error(`${target.url}: ${app.errors} errors, ${app.non2xx} non-2xx`);
        }
        peaks.push(rss.stop());
        console.log(`round ${round}: peak RSS ${round1(peaks.at(-1)!)} MB`);
      }
    } finally {
      await bare.stop();
    }
    const loadAfter = load1();
    const rows = targets.map((target, index) => {
      const { app, bare: limits } = results[index]!;
      const ratio = median(app.map((run, at) => run.rps / limits[at]!.rps));
      const recorded = recordings[index]!;
      return `| \`${target.path}\` | ${Math.round(median(app.map((run) => run.rps)))} | ${Math.round(median(limits.map((run) => run.rps)))} | **${Math.round(ratio * 100)}%** | ≥ ${target.goal * 100}% ${ratio >= target.goal ? "✅" : "❌"} | ${median(app.map((run) => run.p99))} | ${median(limits.map((run) => run.p99))} | ${recorded.body.length} ${recorded.headers["content-encoding"] ?? "identity"} |`;
    });
    const section = [
      `Run: ${environment(database.label)}; ${rounds} rounds × ${seconds} s per target and server, 20 connections; load average ${loadBefore} before, ${loadAfter} after.`,
      "",
      "| Target | App req/s | Limit req/s | App / limit | Goal | App p99 ms | Limit p99 ms | Bytes per answer |",
      "| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |",
      ...rows,
      "",
      `Medians over the rounds; each round runs the app and then the bare server on the same target. Server peak RSS per round: ${peaks.map((peak) => `${round1(peak)} MB`).join(", ")}.`,
    ].join("\n");
    console.log(`\n${section}\n`);
    await replaceSection(DOC, "bench", section);
  } finally {
    await server.stop();
    await removeSite(site);
    await database.drop();
  }
}

/** Median time of a function over `runs` calls after a warm-up, in ms. */
async function timed(run: () => Promise<unknown>, runs = 25): Promise<number> {
  for (let warm = 0; warm < 3; warm += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function growthOn(label: string, url: string | undefined) {
  const volume: Volume = GROWTH_VOLUME;
  console.log(`Seeding the growth database (${label})…`);
  let started = performance.now();
  const site: BenchSite = await prepareSite(volume, url);
  const seedSeconds = (performance.now() - started) / 1000;
  const lines: string[] = [];
  // The admin screens show 50 rows a page (ADMIN_PAGE); applications and demo requests are as many.
  const adminLast = Math.ceil(volume.applications / ADMIN_PAGE.defaultLimit);
  try {
    const database = await openDatabase(url ? { url } : { dataDir: path.join(site.dataDir, "pglite") });
    let blogLast = 1;
    try {
      const services = createServices({
        db: database.db,
        images: createImageStorage(database.db),
        jwtSecret: "x".repeat(40),
      });
      blogLast = (await services.blog.list({ page: 1, limit: 6 })).totalPages;
      const uncached = (read: () => Promise<unknown>) => () => {
        services.publicData.invalidate();
        return read();
      };
      const blogFirst = await timed(uncached(() => services.blog.list({ page: 1, limit: 6 })));
      const blogLastMs = await timed(uncached(() => services.blog.list({ page: blogLast, limit: 6 })));
      const blogMiddle = await timed(
        uncached(() => services.blog.list({ page: Math.ceil(blogLast / 2), limit: 6 })),
      );
      const row = (what: string, first: number, last: number, note = "", verdict = true) =>
        `| ${what} | ${first.toFixed(2)} | ${last.toFixed(2)} | **${(last / first).toFixed(2)}×**${verdict ? (last / first <= 2 ? " ✅" : " ❌") : ""} | ${note} |`;
      lines.push(
        "| List (uncached, median of 25) | First page ms | Last page ms | Last / first | Note |",
        "| --- | ---: | ---: | ---: | --- |",
        row(
          "`blog.list` (6 a page, `/api/blog`, `/blog`)",
          blogFirst,
          blogLastMs,
          `page ${blogLast}; middle page ${Math.ceil(blogLast / 2)}: ${blogMiddle.toFixed(2)} ms`,
        ),
      );
      // The admin screens' own reads: `pageOf` (paging.server.ts), a count and the nearer end.
      const adminLists = [
        ["`applications.listPage` (50 a page, /admin/applications)", services.applications],
        ["`demos.listPage` (50 a page, /admin/demos)", services.demos],
        ["`blog.listPage` (100 a page, /admin/blog)", services.blog],
      ] as const;
      for (const [name, service] of adminLists) {
        const { totalPages } = await service.listPage({ page: 1 });
        const first = await timed(() => service.listPage({ page: 1 }));
        const last = await timed(() => service.listPage({ page: totalPages }));
        const middle = await timed(() => service.listPage({ page: Math.ceil(totalPages / 2) }));
        lines.push(row(name, first, last, `page ${totalPages}; middle page: ${middle.toFixed(2)} ms`));
      }
      const offsetFirst = await timed(() => services.applications.list({ page: 1, limit: 50 }));
      const offsetLast = await timed(() => services.applications.list({ page: adminLast, limit: 50 }));
      lines.push(
        row(
          "`applications.list` (`/api/applications?page=&limit=50`, plain OFFSET)",
          offsetFirst,
          offsetLast,
          "no target: the API's row array for programmatic clients, shown to compare with the page window",
          false,
        ),
      );
    } finally {
      await database.close();
    }

    const server = await startSite(site);
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const admin = { cookie: `token=${token}` };
      lines.push(
        "",
        "| Served by the app | First page: first request ms, req/s (5 s), p99 ms | Last page: first request ms, req/s, p99 ms | Cost last / first |",
        "| --- | ---: | ---: | ---: |",
      );
      const pairs: Array<[string, string, string, Record<string, string>]> = [
        [
          "`/api/blog` (stored answers)",
          "/api/blog?page=1&limit=6",
          `/api/blog?page=${blogLast}&limit=6`,
          {},
        ],
        ["`/blog` (stored answers)", "/blog", `/blog?page=${blogLast}`, {}],
        [
          "`/admin/applications` (rendered per request)",
          "/admin/applications",
          `/admin/applications?page=${adminLast}`,
          admin,
        ],
        ["`/admin/demos` (rendered per request)", "/admin/demos", `/admin/demos?page=${adminLast}`, admin],
      ];
      for (const [label, firstAddress, lastAddress, extra] of pairs) {
        const measured: string[] = [];
        const rates: number[] = [];
        for (const address of [firstAddress, lastAddress]) {
          started = performance.now();
          const first = await record(server.url, address, extra);
          const cold = performance.now() - started;
          if (first.status !== 200) throw new Error(`${address} answered ${first.status}`);
          const result = await load(server.url, address, 5, extra);
          if (result.errors || result.non2xx)
            throw new Error(`${address}: ${result.errors} errors, ${result.non2xx} non-2xx`);
          rates.push(result.rps);
          measured.push(`${cold.toFixed(1)}, ${Math.round(result.rps)}, ${result.p99}`);
        }
        const cost = rates[0]! / rates[1]!;
        lines.push(
          `| ${label} | ${measured[0]} | ${measured[1]} | **${cost.toFixed(2)}×** ${cost <= 2 ? "✅" : "❌"} |`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await removeSite(site);
  }
  return [
    `**${label}** (${environment(label)}): ${volume.posts.toLocaleString("en")} posts, ${volume.applications.toLocaleString("en")} applications, ${volume.demos.toLocaleString("en")} demo requests seeded in ${seedSeconds.toFixed(1)} s; load average ${load1()}.`,
    "",
    ...lines,
  ].join("\n");
}

async function benchGrowth() {
  const sections: string[] = [];
  if (process.env.DATABASE_URL) {
    const database = await freshDatabaseUrl();
    try {
      sections.push(await growthOn("PostgreSQL (DATABASE_URL)", database.url));
    } finally {
      await database.drop();
    }
  } else {
    const cluster = await createPostgresCluster();
    try {
      await cluster.start();
      sections.push(await growthOn("PostgreSQL (throwaway cluster)", cluster.url));
    } finally {
      await cluster.dispose();
    }
  }
  if (options["growth-pglite"]) sections.push(await growthOn("embedded PGlite", undefined));
  const section = sections.join("\n\n");
  console.log(`\n${section}\n`);
  await replaceSection(DOC, "growth", section);
}

/** The signed-in pages beside their render floor (issue 22), in its own process as `npm run bench:signed-in`. */
async function benchSignedIn() {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join("bench", "signed-in.ts"),
      "--duration",
      String(seconds),
      "--rounds",
      String(rounds),
    ],
    { cwd: PROJECT_ROOT, stdio: "inherit" },
  );
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`bench/signed-in.ts ended with code ${code}`);
}

/**
 * The back office at 100,000 records (issue 19): the admin search, then the lists and their CSV
 * export, on DATABASE_URL's server or on PGlite without it. Each in its own process, as
 * `npm run bench:search` and `npm run bench:lists` run them: the export's RSS growth is that
 * process's, not this one's after the load runs.
 */
async function benchBackOffice() {
  for (const [script, nodeFlags] of [
    ["admin-search.ts", []],
    ["admin-lists.ts", ["--expose-gc"]],
  ] as const) {
    const child = spawn(process.execPath, [...nodeFlags, "--import", "tsx", path.join("bench", script)], {
      cwd: PROJECT_ROOT,
      stdio: "inherit",
    });
    const [code] = (await once(child, "exit")) as [number | null];
    if (code !== 0) throw new Error(`bench/${script} ended with code ${code}`);
  }
}

/**
 * What queuing a WhatsApp or SMS update costs a submission, and 1,000 of them drained to the
 * stand-in (issue 39 point 9), in its own process as `npm run bench:updates`: it fails when a goal
 * is missed or a message is lost or sent twice.
 */
async function benchUpdates() {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("bench", "updates.ts")], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`bench/updates.ts ended with code ${code}`);
}

/**
 * What the duplicate check costs a submission (issue 40 point 5), in its own process as `npm run
 * bench:duplicates`: it fails when the check adds more than 10% or a rule is not an index probe.
 */
async function benchDuplicates() {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("bench", "duplicates.ts")], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`bench/duplicates.ts ended with code ${code}`);
}

/**
 * /admin/insights for a year at 100,000 applications on both databases (issue 40 point 5), in its
 * own process as `npm run bench:insights`: it fails when the page's p95 misses its goal.
 */
async function benchInsights() {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("bench", "insights.ts")], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
    // The app runs in the bench's process: React's production build, as `npm start` serves it.
    env: { ...process.env, NODE_ENV: "production" },
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`bench/insights.ts ended with code ${code}`);
}

execSync("npm run build:stale --silent", {
  cwd: PROJECT_ROOT,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (!options["skip-targets"]) await benchTargets();
if (!options["skip-growth"]) await benchGrowth();
if (!options["skip-signed-in"]) await benchSignedIn();
if (!options["skip-back-office"]) await benchBackOffice();
if (!options["skip-updates"]) await benchUpdates();
if (!options["skip-duplicates"]) await benchDuplicates();
if (!options["skip-insights"]) await benchInsights();
