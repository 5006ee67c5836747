import { sql, type SQL } from "drizzle-orm";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createAdminSearch } from "../app/services/admin-search.server";
import { ensureGrades } from "../app/services/grades.server";
import { openDatabase, queryRows, type Database } from "../db/client";
import { createDatabaseOnServer } from "../tests/support/database";

/**
 * npx tsx bench/admin-search.ts [-- --pglite] (issue 19): the admin search over 100,000
 * applications, 100,000 orders and 10,000 accounts (and a few demo requests, teacher
 * applications, posts and courses), called as the /admin/search page calls it. On a new database
 * of the PostgreSQL server at DATABASE_URL, or on in-memory PGlite with --pglite (or without
 * DATABASE_URL). Prints each kind of query's median and p95, and the plan of one search.
 */
const { values: options } = parseArgs({
  options: { pglite: { type: "boolean", default: false }, keep: { type: "boolean", default: false } },
});
const VOLUME = { applications: 100_000, orders: 100_000, users: 10_000, demos: 5_000, teachers: 1_000 };
const SAMPLES_PER_KIND = 40;
const TARGET_P95_MS = 50;

const FIRST = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Vihaan",
  "Arjun",
  "Sai",
  "Reyansh",
  "Ayaan",
  "Krishna",
  "Ishaan",
  "Diya",
  "Ananya",
  "Saanvi",
  "Aadhya",
  "Pari",
  "Anika",
  "Navya",
  "Myra",
  "Sara",
  "Ira",
  "Kabir",
  "Rohan",
  "Meera",
  "Kavya",
  "Neha",
  "Priya",
  "Rahul",
  "Vikram",
  "Lakshmi",
  "Farhan",
  "Zoya",
  "Tara",
  "Dev",
  "Nikhil",
  "Pooja",
  "Asha",
  "Ravi",
  "Sunil",
  "Anil",
  "Gita",
];
const LAST = [
  "Sharma",
  "Verma",
  "Gupta",
  "Iyer",
  "Nair",
  "Reddy",
  "Rao",
  "Patel",
  "Shah",
  "Mehta",
  "Kapoor",
  "Khan",
  "Singh",
  "Das",
  "Bose",
  "Menon",
  "Pillai",
  "Joshi",
  "Kulkarni",
  "Desai",
  "Chopra",
  "Malhotra",
  "Bhat",
  "Hegde",
  "Shetty",
  "Naidu",
  "Yadav",
  "Mishra",
  "Pandey",
  "Tiwari",
  "Agarwal",
  "Jain",
  "Saxena",
  "Sethi",
  "Bajaj",
  "Ghosh",
  "Sen",
  "Dutta",
  "Roy",
  "Mukherjee",
];

const arrayLiteral = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(",")}]`;
/** Row g's names: 1,600 first-and-last pairs, so a full name is shared by about 60 families. */
const first = (offset: number) => sql.raw(`(${arrayLiteral(FIRST)})[1 + (g + ${offset}) % ${FIRST.length}]`);
const last = (offset: number) =>
  sql.raw(`(${arrayLiteral(LAST)})[1 + ((g / ${FIRST.length}) + ${offset}) % ${LAST.length}]`);

async function seed(db: Database) {
  const family = (offset: number) => sql`
      ${first(offset)} || ' ' || ${last(0)},
      ${first(offset + 7)} || ' ' || ${last(0)},
      lower(${first(offset + 7)}) || '.' || lower(${last(0)}) || g || '@example.com',
      '+919' || lpad((g * 7919 % 1000000000)::text, 9, '0')`;
  const timed = async (label: string, statement: SQL) => {
    const started = performance.now();
    await db.execute(statement);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await timed(
    `${VOLUME.applications.toLocaleString("en")} applications`,
    sql`insert into applications (student_name, parent_name, email, mobile, dob, grade, created_at)
      select ${family(0)}, date '2018-01-01' + (g % 1500), 'Grade 1', now() - g * interval '3 minutes'
      from generate_series(1, ${VOLUME.applications}) g`,
  );
  await timed(
    `${VOLUME.orders.toLocaleString("en")} orders`,
    sql`insert into orders (student_name, parent_name, email, mobile, grade, amount, gateway, status, transaction_id, gateway_order_id, created_at)
      select ${family(3)}, 'Grade 2', 1500000, 'razorpay', 'PAID', 'pay_' || md5(g::text), 'order_' || substr(md5('o' || g), 1, 14), now() - g * interval '3 minutes'
      from generate_series(1, ${VOLUME.orders}) g`,
  );
  await timed(
    `${VOLUME.users.toLocaleString("en")} accounts`,
    sql`insert into users (name, email, password_hash, created_at)
      select ${first(5)} || ' ' || ${last(0)}, 'account' || g || '@example.com', 'not-a-login', now() - g * interval '1 hour'
      from generate_series(1, ${VOLUME.users}) g`,
  );
  await timed(
    `${VOLUME.demos.toLocaleString("en")} demo requests`,
    sql`insert into demo_requests (student_name, parent_name, email, mobile, grade, preferred_date_time, created_at)
      select ${family(11)}, 'Nursery', 'Weekday evening', now() - g * interval '1 hour'
      from generate_series(1, ${VOLUME.demos}) g`,
  );
  await timed(
    `${VOLUME.teachers.toLocaleString("en")} teacher applications`,
    sql`insert into teacher_applications (name, city, email, mobile, experience, created_at)
      select ${first(13)} || ' ' || ${last(0)}, 'Pune', 'teacher' || g || '@example.com', '+918' || lpad(g::text, 9, '0'), 'Five years', now() - g * interval '1 hour'
      from generate_series(1, ${VOLUME.teachers}) g`,
  );
  await db.execute(sql`
    insert into blog_posts (title, category, description)
    select 'Learning at home, note ' || g, 'Parenting', 'A note.' from generate_series(1, 500) g`);
  await db.execute(sql`
    insert into courses (title, description, image_url)
    select 'Course ' || g || ': reading and writing', 'A course.', '/uploads/x.webp' from generate_series(1, 50) g`);
  // As autovacuum leaves a table in steady use: statistics and the visibility map up to date.
  await db.execute(sql`vacuum analyze`);
}

/** What staff type, each drawn from rows that exist: `SAMPLES_PER_KIND` of each. */
async function queries(db: Database): Promise<Record<string, string[]>> {
  const column = async (statement: SQL) =>
    (await queryRows<{ v: string }>(db, statement)).map((row) => row.v);
  const n = SAMPLES_PER_KIND;
  const mobiles = await column(sql`select mobile as v from applications order by random() limit ${n}`);
  return {
    "e-mail address": await column(sql`select email as v from applications order by random() limit ${n}`),
    "mobile as +91 98765-43210": mobiles.map((mobile) => `+91 ${mobile.slice(3, 8)}-${mobile.slice(8)}`),
    "mobile as 10 digits": mobiles.map((mobile) => mobile.slice(3)),
    "transaction id": await column(sql`select transaction_id as v from orders order by random() limit ${n}`),
    "Razorpay order id": await column(
      sql`select gateway_order_id as v from orders order by random() limit ${n}`,
    ),
    "order id (first 8)": await column(
      sql`select left(id::text, 8) as v from orders order by random() limit ${n}`,
    ),
    "full name (~60 families each)": await column(
      sql`select parent_name as v from applications order by random() limit ${n}`,
    ),
    "title word": Array.from({ length: n }, (_, index) => `note ${index * 7 + 1}`),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function main() {
  const onServer = Boolean(process.env.DATABASE_URL) && !options.pglite;
  const created = onServer ? await createDatabaseOnServer() : null;
  const database = await openDatabase(created ? { url: created.url } : { dataDir: undefined });
  const label = created ? "PostgreSQL (DATABASE_URL)" : "PGlite (in memory)";
  try {
    await database.migrate();
    await ensureGrades(database.db);
    console.log(`Seeding (${label})…`);
    await seed(database.db);
    const search = createAdminSearch(database.db);
    const asked = await queries(database.db);
    for (const texts of Object.values(asked)) for (const q of texts.slice(0, 3)) await search.search({ q });

    const all: number[] = [];
    const lines = ["| Query | Median ms | p95 ms | Records found (median) |", "| --- | ---: | ---: | ---: |"];
    for (const [kind, texts] of Object.entries(asked)) {
      const times: number[] = [];
      const found: number[] = [];
      for (const q of texts) {
        const started = performance.now();
        const outcome = await search.search({ q });
        times.push(performance.now() - started);
        if (!outcome.found) throw new Error(`${q}: ${outcome.message}`);
        found.push(outcome.total);
      }
      all.push(...times);
      times.sort((a, b) => a - b);
      found.sort((a, b) => a - b);
      lines.push(
        `| ${kind} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${percentile(found, 0.5)} |`,
      );
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 0.95);
    lines.push(
      `| **all ${all.length} searches** | **${percentile(all, 0.5).toFixed(1)}** | **${p95.toFixed(1)}** ${p95 <= TARGET_P95_MS ? "✅" : "❌"} | |`,
    );
    console.log(
      `\n${label}, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}:\n`,
    );
    console.log(lines.join("\n"));
    const plans = await search.plans({ q: asked["e-mail address"]![0]! });
    console.log(`\nPlan for applications, e-mail address:\n${plans.applications}`);
  } finally {
    await database.close();
    if (options.keep) console.log(`Kept: ${created?.url}`);
    else await created?.drop();
  }
}

await main();
