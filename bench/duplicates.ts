import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { DUPLICATE_RULES, type DuplicateRule } from "../app/domain/duplicates";
import { PRIVACY_NOTICE_VERSION } from "../app/domain/privacy";
import { createApplicationsService } from "../app/services/enquiries.server";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices } from "../app/services/index.server";
import { openDatabase, queryRows } from "../db/client";
import { PROJECT_ROOT } from "../tests/support/server";
import { onBothDatabases } from "./databases";
import { replaceSection } from "./report";

/**
 * npm run bench:duplicates [-- --earlier 20000 --rows 1500 --rounds 3]
 *
 * What the duplicate check costs a submission (issue 40 point 5: at most 10% more), the mail
 * outbox's method (docs/performance.md), on PGlite and on a throwaway PostgreSQL cluster:
 * `--earlier` applications already stored (one in ten from a family that sent before), then
 * `applications.create` through the site's service (its statement marks the possible duplicates)
 * against a service composed here without the check (the same statement less its `flagged`
 * part), 8 at a time, in blocks of 150 that alternate within each round; one in ten of the new
 * applications matches an earlier one. The cost is the median, over every pair of blocks, of the
 * time with the check over the time without: rounds' rates drift by a third on a quiet machine
 * (a pause, the other thread's work), and a pair run back to back meets the same drift. Also
 * checks with EXPLAIN that each rule is an index probe.
 * Writes the table into docs/performance.md (section "duplicates"); exits 1 when a goal is missed.
 */
const { values: options } = parseArgs({
  options: {
    earlier: { type: "string", default: "20000" },
    rows: { type: "string", default: "1500" },
    rounds: { type: "string", default: "3" },
  },
});
const EARLIER = Number(options.earlier);
const ROWS = Number(options.rows);
const ROUNDS = Number(options.rounds);
const CONCURRENCY = 8;
const BLOCK = 150;
/** At most 10% more per submission: the rate with the check at least 1/1.1 of the rate without. */
const COST_GOAL = 1.1;
const DOB = "2019-04-12";
/** The index each rule of an application must probe. */
const EXPECTED: Record<DuplicateRule, string> = {
  MOBILE: "applications_mobile_idx",
  EMAIL: "applications_email_lower_idx",
  CHILD: "applications_child_idx",
};

const mobile = (i: number) => `+9197${String(10_000_000 + i).padStart(8, "0")}`;

/**
 * The i-th new application: one in ten from a family among the earlier ones (same mobile), about
 * the share of families who write again; the check probes all three indexes for every one.
 */
const application = (i: number) => ({
  studentName: `New Student ${i}`,
  dob: DOB,
  grade: "Grade 1" as const,
  parentName: `New Parent ${i}`,
  mobile: i % 10 === 0 ? mobile(i % EARLIER) : mobile(EARLIER + 1_000_000 + i),
  email: `new.parent${i}@example.com`,
  ...({ consent: true, noticeVersion: PRIVACY_NOTICE_VERSION } as const),
});

type Timed = { rows: number; ms: number };
const rowsPerSecond = (run: Timed) => run.rows / (run.ms / 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function inParallel(from: number, to: number, work: (i: number) => Promise<unknown>): Promise<Timed> {
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await work(next++);
    }),
  );
  return { rows: to - from, ms: performance.now() - started };
}

async function measure(label: string, open: () => ReturnType<typeof openDatabase>) {
  const database = await open();
  try {
    await database.migrate();
    const site = createServices({
      db: database.db,
      images: createImageStorage(database.db),
      jwtSecret: "bench-secret-that-is-long-enough-for-hs256",
      publicUrl: "https://zipat.example",
    });
    // The bench's own composition: the site's service as it is, less the duplicate check.
    const unchecked = createApplicationsService(
      database.db,
      site.mail,
      site.updates,
      site.history,
      site.applications.academicYearStart,
      "https://zipat.example",
    );
    // The earlier applications in one statement; every tenth number used again by a new one.
    await database.db.execute(sql`
      insert into applications (student_name, dob, grade, parent_name, mobile, email, consent_at, notice_version)
      select 'Earlier Student ' || i, ${DOB}::date, 'Grade 1', 'Earlier Parent ' || i,
             '+9197' || lpad((10000000 + i)::text, 8, '0'), 'earlier.parent' || i || '@example.com',
             now(), ${PRIVACY_NOTICE_VERSION}
      from generate_series(0, ${EARLIER - 1}) as i`);
    await database.db.execute(sql`analyze applications`);

    const plan = await site.duplicates.plan("APPLICATION", {
      mobile: mobile(10),
      email: "earlier.parent10@example.com",
      studentName: "Earlier Student 10",
      dob: DOB,
    });
    // Each rule's index probed (a bitmap index scan each, ORed), and no read of the whole table.
    const probed = new Set(
      [...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/g)].map(
        (match) => match[1] ?? match[2],
      ),
    );
    const probes = DUPLICATE_RULES.map((rule) => ({
      rule,
      index: probed.has(EXPECTED[rule]) && !/Seq Scan/.test(plan) ? EXPECTED[rule] : null,
    }));
    console.log(`${label}: ${plan}`);
    await inParallel(0, 100, (i) => unchecked.create(application(2_000_000 + i)));
    await inParallel(0, 100, (i) => site.applications.create(application(3_000_000 + i)));
    const without: Timed[] = [];
    const checked: Timed[] = [];
    /** Each block's time with the check over its twin's without, the two run one after the other. */
    const pairedCosts: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let offRun: Timed = { rows: 0, ms: 0 };
      let onRun: Timed = { rows: 0, ms: 0 };
      const base = round * ROWS * 2;
      for (let block = 0, from = 0; from < ROWS; block++, from += BLOCK) {
        const to = Math.min(ROWS, from + BLOCK);
        let offMs = 0;
        let onMs = 0;
        const pair = [
          async () => {
            const run = await inParallel(from, to, (i) => unchecked.create(application(base + i)));
            offRun = { rows: offRun.rows + run.rows, ms: offRun.ms + run.ms };
            offMs = run.ms;
          },
          async () => {
            const run = await inParallel(from, to, (i) =>
              site.applications.create(application(base + ROWS + i)),
            );
            onRun = { rows: onRun.rows + run.rows, ms: onRun.ms + run.ms };
            onMs = run.ms;
          },
        ];
        for (const run of (round + block) % 2 ? pair.reverse() : pair) await run();
        pairedCosts.push(onMs / offMs);
      }
      without.push(offRun);
      checked.push(onRun);
      console.log(
        `${label} round ${round + 1}: without ${Math.round(rowsPerSecond(offRun))} rows/s, with the check ${Math.round(rowsPerSecond(onRun))} rows/s, load ${loadavg()[0]!.toFixed(2)}`,
      );
    }
    const [marked] = await queryRows<{ total: number }>(
      database.db,
      sql`select count(*)::int as total from possible_duplicates`,
    );
    return {
      label,
      without: median(without.map(rowsPerSecond)),
      checked: median(checked.map(rowsPerSecond)),
      /** The check's share of a submission: the median over the paired blocks (drift and pauses hit a pair alike). */
      cost: median(pairedCosts) - 1,
      pairs: pairedCosts.length,
      marked: marked?.total ?? 0,
      probes,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const loadBefore = loadavg()[0]!.toFixed(2);
  const results = await onBothDatabases(measure);
  const loadAfter = loadavg()[0]!.toFixed(2);
  const failures: string[] = [];
  for (const r of results) {
    if (r.cost > COST_GOAL - 1)
      failures.push(`${r.label}: the check adds ${(r.cost * 100).toFixed(1)}% to a submission (goal ≤ 10%)`);
    for (const probe of r.probes)
      if (!probe.index) failures.push(`${r.label}: the ${probe.rule} rule is not a probe of its index`);
    // One in ten of each round's new applications shares an earlier one's number.
    if (r.marked < (ROWS * ROUNDS) / 10)
      failures.push(`${r.label}: only ${r.marked} possible duplicates marked`);
  }
  const whole = (value: number) => Math.round(value).toLocaleString("en");
  const mark = (ok: boolean) => (ok ? "✅" : "❌");
  const table = [
    `Run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadBefore} before and ${loadAfter} after; ${EARLIER.toLocaleString("en")} earlier applications, ${ROWS.toLocaleString("en")} new ones per round (one in ten from an earlier family), ${CONCURRENCY} at a time, ${ROUNDS} rounds of ${Math.ceil(ROWS / BLOCK)} blocks of ${BLOCK} with and ${BLOCK} without the check, run one after the other (which first alternates); rows/s are the rounds' medians, the cost the median over the ${results[0]?.pairs ?? 0} pairs of blocks of the time with over the time without.`,
    "",
    "| Database | Without the check (rows/s) | With the check (rows/s) | Cost added (goal ≤ 10%) | Possible duplicates marked | Each rule's probe (EXPLAIN) |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...results.map((r) => {
      const cost = r.cost;
      const probes = r.probes.map((p) => `${p.rule}: ${p.index ?? "no index"}`).join(", ");
      return `| ${r.label} | ${whole(r.without)} | ${whole(r.checked)} | **${(cost * 100).toFixed(1)}%** ${mark(cost <= COST_GOAL - 1)} | ${r.marked.toLocaleString("en")} | ${probes} |`;
    }),
  ].join("\n");
  console.log(table);
  await replaceSection(path.join(PROJECT_ROOT, "docs", "performance.md"), "duplicates", table);
  if (failures.length > 0) throw new Error(`Goals missed:\n- ${failures.join("\n- ")}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
