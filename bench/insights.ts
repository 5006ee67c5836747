import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { GRADES } from "../app/domain/grades";
import { isoDateInIndia } from "../app/domain/format";
import { createApp } from "../app/server/app.server";
import { createLogger } from "../app/server/logger.server";
import { ensureGrades } from "../app/services/grades.server";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices } from "../app/services/index.server";
import { PROJECT_ROOT } from "../tests/support/server";
import { onBothDatabases } from "./databases";
import { replaceSection } from "./report";

/**
 * npm run bench:insights [-- --rows 100000 --requests 40]
 *
 * /admin/insights for a year at 100,000 applications (issue 40 point 5), on PGlite and on a
 * throwaway PostgreSQL cluster, in one run: a year of applications (sources, first contacts,
 * offers and admissions among them), 30,000 demo requests and 3,000 enrollments paid without an
 * application; then the whole page, signed in as staff, over HTTP from the built app in this
 * process (loader, both queries, the four charts, the render), `--requests` times one after
 * another after five to warm up; and the dashboard, whose card counts the last twelve weeks.
 * Goal: the page's p95 ≤ 200 ms on PostgreSQL and ≤ 400 ms on PGlite. Writes the table into
 * docs/performance.md (section "insights"); exits 1 when a goal is missed.
 */
const { values: options } = parseArgs({
  options: { rows: { type: "string", default: "100000" }, requests: { type: "string", default: "40" } },
});
const ROWS = Number(options.rows);
const REQUESTS = Number(options.requests);
const GOAL_MS = { PGlite: 400, PostgreSQL: 200 } as const;
const ADMIN = { email: "bench-admin@example.com", password: "bench admin password", name: "Bench Admin" };

const build = (await import(
  pathToFileURL(path.join(PROJECT_ROOT, "build", "server", "index.js")).href
)) as ServerBuild;

const grades = sql.raw(`array[${GRADES.map((grade) => `'${grade}'`).join(",")}]::grade[]`);
/** A year back from now, spread evenly over `count` records. */
const spread = (count: number) => sql.raw(`(interval '365 days' / ${count})`);

async function seed(db: Parameters<typeof ensureGrades>[0]) {
  await db.execute(sql`
    insert into applications (student_name, dob, grade, parent_name, mobile, email, status, created_at,
      utm_source, referrer_host, first_contacted_at)
    select 'Student ' || g, date '2018-01-01', (${grades})[1 + g % ${GRADES.length}], 'Parent ' || g,
      '+919' || lpad(g::text, 9, '0'), 'parent' || g || '@example.com',
      (case when g % 10 < 6 then 'CONTACTED' else 'PENDING' end)::application_status,
      now() - g * ${spread(ROWS)},
      (array['facebook', 'google', 'instagram', 'newsletter', null, null, null, null])[1 + g % 8],
      case g % 8 when 4 then 'www.google.com' when 5 then 'l.facebook.com' else null end,
      case when g % 10 < 6 then now() - g * ${spread(ROWS)} + (g % 48) * interval '1 hour' end
    from generate_series(1, ${ROWS}) g`);
  // A tenth offered a seat, half of those paid for.
  await db.execute(sql`
    insert into offers (application_id, grade, status, expires_at)
    select id, grade, (case when id % 20 = 0 then 'ACCEPTED' else 'DECLINED' end)::offer_status,
      created_at + interval '7 days'
    from applications where id % 10 = 0`);
  const demos = Math.round(ROWS * 0.3);
  await db.execute(sql`
    insert into demo_requests (parent_name, student_name, grade, mobile, email, preferred_date_time, status,
      created_at, utm_source, first_contacted_at)
    select 'Parent ' || g, 'Student ' || g, (${grades})[1 + g % ${GRADES.length}], '+918' || lpad(g::text, 9, '0'),
      'demo' || g || '@example.com', 'Any evening',
      (case when g % 2 = 0 then 'CONTACTED' else 'PENDING' end)::demo_status,
      now() - g * ${spread(demos)},
      (array['facebook', 'youtube', null])[1 + g % 3],
      case when g % 2 = 0 then now() - g * ${spread(demos)} + interval '5 hours' end
    from generate_series(1, ${demos}) g`);
  const paid = Math.round(ROWS * 0.03);
  await db.execute(sql`
    insert into orders (student_name, parent_name, grade, email, mobile, amount, gateway, status, created_at,
      paid_at, utm_source)
    select 'Student ' || g, 'Parent ' || g, (${grades})[1 + g % ${GRADES.length}], 'order' || g || '@example.com',
      '+917' || lpad(g::text, 9, '0'), 1500000, 'razorpay', 'PAID', now() - g * ${spread(paid)},
      now() - g * ${spread(paid)}, (array['google', null])[1 + g % 2]
    from generate_series(1, ${paid}) g`);
  await db.execute(sql`analyze`);
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function timed(url: string, cookie: string) {
  const took: number[] = [];
  for (let index = 0; index < 5 + REQUESTS; index += 1) {
    const start = performance.now();
    const answer = await fetch(url, { headers: { Cookie: cookie } });
    const body = await answer.text();
    if (answer.status !== 200 || !body.includes("<svg")) throw new Error(`${url} answered ${answer.status}`);
    if (index >= 5) took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return { median: percentile(took, 0.5), p95: percentile(took, 0.95) };
}

const startedAt = new Date();
const load = loadavg()[0]!;
const results = await onBothDatabases(async (label, open) => {
  const database = await open();
  try {
    await database.migrate();
    await ensureGrades(database.db);
    const seeding = performance.now();
    await seed(database.db);
    const seeded = Math.round((performance.now() - seeding) / 1000);
    const services = createServices({
      db: database.db,
      images: createImageStorage(database.db),
      jwtSecret: "bench-secret-that-is-long-enough-for-hs256",
    });
    const { user } = await services.auth.ensureAdmin(ADMIN);
    const cookie = `token=${services.auth.issueToken(user)}`;
    const app = createApp({
      config: {
        env: "production",
        isProduction: true,
        publicUrl: "http://localhost:3000",
        trustProxy: false,
        whatsapp: null,
      },
      logger: createLogger("silent"),
      services,
      database,
      sessionSecret: "bench-secret-that-is-long-enough-for-hs256",
      remix: { build, mode: "production", assetsDir: path.join(PROJECT_ROOT, "build", "client") },
    });
    const server = createServer(app).listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const today = isoDateInIndia();
      const yearAgo = isoDateInIndia(new Date(Date.now() - 365 * 24 * 60 * 60 * 1000));
      const year = await timed(`${base}/admin/insights?from=${yearAgo}&to=${today}`, cookie);
      const dashboard = await timed(`${base}/admin`, cookie);
      const row = { label, seeded, year, dashboard, goal: GOAL_MS[label] };
      console.log(
        `${label}: /admin/insights (a year) median ${year.median.toFixed(0)} ms, p95 ${year.p95.toFixed(0)} ms ` +
          `(goal ≤ ${row.goal}); /admin median ${dashboard.median.toFixed(0)} ms, p95 ${dashboard.p95.toFixed(0)} ms`,
      );
      return row;
    } finally {
      server.close();
    }
  } finally {
    await database.close();
  }
});

const ms = (value: number) => `${Math.round(value)} ms`;
const table = [
  `Measured ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} cores (load ${load.toFixed(1)}), ` +
    `${ROWS.toLocaleString("en-IN")} applications over a year, ${Math.round(ROWS * 0.3).toLocaleString("en-IN")} demo requests, ` +
    `${Math.round(ROWS * 0.03).toLocaleString("en-IN")} enrollments paid without an application; ${REQUESTS} requests each, one at a time, signed in as staff:`,
  "",
  "| Database | /admin/insights, a year: median | p95 | goal (p95) | /admin (twelve weeks): median | p95 |",
  "|---|---:|---:|---:|---:|---:|",
  ...results.map(
    (row) =>
      `| ${row.label} | ${ms(row.year.median)} | ${ms(row.year.p95)} | ≤ ${row.goal} ms | ${ms(row.dashboard.median)} | ${ms(row.dashboard.p95)} |`,
  ),
].join("\n");
await replaceSection(path.join(PROJECT_ROOT, "docs", "performance.md"), "insights", table);
const missed = results.filter((row) => row.year.p95 > row.goal);
if (missed.length > 0) {
  console.error(`Goal missed on ${missed.map((row) => row.label).join(" and ")}.`);
  process.exit(1);
}
process.exit(0);
