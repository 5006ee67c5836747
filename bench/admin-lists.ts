import { sql } from "drizzle-orm";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { GRADES } from "../app/domain/grades";
import type { ListFilter } from "../app/domain/list-query";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices } from "../app/services/index.server";
import { isoDateInIndia } from "../app/domain/format";
import { openDatabase } from "../db/client";
import { createDatabaseOnServer } from "../tests/support/database";

/**
 * npm run bench:lists [-- --pglite --rows N] (issue 19): the admin applications list at 100,000 rows:
 * its first page unfiltered and filtered (status, grade, dates, text), and the whole list as the
 * CSV export streams it (rows a second, peak RSS growth over the process before the export).
 * On a new database of the PostgreSQL server at DATABASE_URL, or on in-memory PGlite with
 * --pglite (or without DATABASE_URL). Targets: filtered page ≤ 2× the first page; export
 * ≥ 20,000 rows/s with peak RSS growth ≤ 30 MB.
 */
const { values: options } = parseArgs({
  options: { pglite: { type: "boolean", default: false }, rows: { type: "string", default: "100000" } },
});
/** 100,000 (the target's size); `--rows` for another, e.g. to see whether the export's memory grows with the list. */
const ROWS = Number(options.rows);
const onPostgres = !options.pglite && Boolean(process.env.DATABASE_URL);
const created = onPostgres ? await createDatabaseOnServer() : undefined;
const handle = await openDatabase(created ? { url: created.url } : { dataDir: undefined });
await handle.migrate();
const { db } = handle;

const grades = sql.raw(`array[${GRADES.map((grade) => `'${grade}'`).join(",")}]`);
await db.execute(sql`
  insert into applications (student_name, dob, grade, parent_name, mobile, email, status, created_at)
  select 'Student ' || g, date '2018-01-01', ((${grades})[1 + g % ${GRADES.length}])::grade, 'Parent ' || g,
    '+919' || lpad(g::text, 9, '0'), 'parent' || g || '@example.com',
    (array['PENDING','CONTACTED','APPROVED','REJECTED'])[1 + g % 4]::application_status,
    now() - g * interval '1 minute'
  from generate_series(1, ${ROWS}) g`);
await db.execute(sql`analyze applications`);
const services = createServices({
  db,
  images: createImageStorage(db),
  jwtSecret: "x".repeat(40),
});

async function median(run: () => Promise<unknown>, times = 15): Promise<number> {
  const took: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  return took.sort((a, b) => a - b)[Math.floor(times / 2)]!;
}
const round1 = (value: number) => Math.round(value * 10) / 10;

const firstPage = await median(() => services.applications.listPage({}));
const filteredPage = await median(() =>
  services.applications.listPage({
    status: "PENDING",
    grade: "Grade 2",
    from: isoDateInIndia(new Date(Date.now() - 30 * 86_400_000)),
    to: isoDateInIndia(),
    q: "parent 1",
  }),
);

const everything: ListFilter<"PENDING" | "CONTACTED" | "APPROVED" | "REJECTED"> = {
  status: null,
  grade: null,
  role: null,
  from: null,
  to: null,
  q: "",
  sort: "newest",
};
// What the process holds before the export, garbage collected when the flag allows it.
(globalThis as { gc?: () => void }).gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const start = performance.now();
let lines = 0;
let bytes = 0;
const reader = services.listExport.download("applications", everything).body.getReader();
for (let read = await reader.read(); !read.done; read = await reader.read()) {
  bytes += read.value.length;
  // Counted with indexOf: a byte-by-byte loop here cost the reader as much as a slow export.
  for (let at = read.value.indexOf(10); at !== -1; at = read.value.indexOf(10, at + 1)) lines += 1;
}
const seconds = (performance.now() - start) / 1000;
clearInterval(watch);

const result = {
  at: new Date().toISOString().slice(0, 16),
  machine: `${cpus().length} × ${cpus()[0]?.model.trim()}, load ${loadavg()[0]!.toFixed(1)}`,
  database: onPostgres ? "PostgreSQL" : "PGlite",
  firstPageMs: round1(firstPage),
  filteredPageMs: round1(filteredPage),
  filteredWithinTwiceFirst: filteredPage <= 2 * firstPage,
  exportRows: lines - 1,
  exportMB: round1(bytes / 1e6),
  exportRowsPerSecond: Math.round((lines - 1) / seconds),
  exportPeakRssGrowthMB: round1((peak - before) / 1e6),
};
console.log(JSON.stringify(result, null, 2));
await handle.close();
await created?.drop();
