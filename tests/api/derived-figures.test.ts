// The dashboard's headline kept in the database until a table it counts changes (issue 41,
// decision 0056): it is answered from the kept row while nothing changes, computed again after any
// write that commits (an insert, an update, a delete, a write begun before it was computed), never
// after a write rolled back, and the pruning of the change notes never leaves a stale figure.
import { eq, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "../../db/client";
import {
  applications,
  blogPosts,
  demoRequests,
  derivedChanges,
  derivedHorizon,
  offers,
  orders,
} from "../../db/schema";
import { pruneDerivedChanges } from "../../app/services/derived-figures.server";
import { keptHeadline } from "../../app/services/insights.server";
import { startTestApp, type TestApp } from "../support/app";
import { usingRealPostgres } from "../support/database";
import { createPostgresCluster, type PostgresCluster } from "../support/postgres";

let serial = 0;
const family = () => {
  serial += 1;
  return {
    parentName: `Parent ${serial}`,
    studentName: `Child ${serial}`,
    mobile: `+9198765${String(10_000 + serial).padStart(5, "0")}`,
    email: `family${serial}@example.com`,
  };
};

async function addApplication(db: Database, values: Partial<typeof applications.$inferInsert> = {}) {
  const [row] = await db
    .insert(applications)
    .values({ ...family(), dob: "2019-05-01", grade: "Grade 1", ...values })
    .returning({ id: applications.id });
  return row!.id;
}

/** The kept row of the headline: its snapshot tells one computation from the next. */
async function keptRow(db: Database) {
  const [row] = await queryRows<{ snapshot: string; params: string }>(
    db,
    sql`select snapshot::text as snapshot, params from derived_figures where name = 'insights_headline'`,
  );
  return row;
}

/** The twelve weeks' applications counted straight from the table, as the headline counts them. */
async function countedApplications(db: Database, from: string) {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${applications}
        where ${applications.mergedIntoId} is null and ${applications.createdAt} >= ${`${from}T00:00:00+05:30`}::timestamptz`,
  );
  return row!.count;
}

describe("the dashboard's headline, kept until a counted table changes", () => {
  let app: TestApp;
  const headline = () => app.services.insights.headline();

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers from the kept row while nothing it counts changes, a write elsewhere included", async () => {
    const first = await headline();
    expect(first.totals.applications).toBe(0);
    const kept = await keptRow(app.db);
    expect(kept?.params).toBe(`${first.filter.from}/${first.filter.to}`);

    expect(await headline()).toEqual(first);
    expect(await keptRow(app.db)).toEqual(kept);

    // A blog post is not counted: no note, the kept row stays.
    await app.db.insert(blogPosts).values({
      title: "Sports day",
      category: "News",
      description: "A day of games.",
      imageUrl: "/images/sports.jpg",
    });
    expect(await headline()).toEqual(first);
    expect(await keptRow(app.db)).toEqual(kept);
  });

  it("counts at once an application, its first contact, an offer, a payment, a demo request and a deletion", async () => {
    const before = (await headline()).totals;
    const id = await addApplication(app.db);
    expect((await headline()).totals).toMatchObject({
      applications: before.applications + 1,
      enquiries: before.enquiries + 1,
    });

    await app.db.update(applications).set({ firstContactedAt: new Date() }).where(eq(applications.id, id));
    expect((await headline()).totals.contacted).toBe(before.contacted + 1);

    const [offer] = await app.db
      .insert(offers)
      .values({
        applicationId: id,
        grade: "Grade 1",
        status: "OFFERED",
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: offers.id });
    expect((await headline()).totals.offered).toBe(before.offered + 1);
    await app.db.update(offers).set({ status: "ACCEPTED" }).where(eq(offers.id, offer!.id));
    expect((await headline()).totals.admitted).toBe(before.admitted + 1);

    await app.db.insert(orders).values({
      ...family(),
      grade: "Grade 2",
      amount: 1_500_000,
      gateway: "razorpay",
      status: "PAID",
      paidAt: new Date(),
    });
    expect((await headline()).totals.paidWithoutApplication).toBe(before.paidWithoutApplication + 1);

    await app.db
      .insert(demoRequests)
      .values({ ...family(), grade: "Nursery", preferredDateTime: "Any evening" });
    expect((await headline()).totals.demoRequests).toBe(before.demoRequests + 1);

    await app.db.delete(offers).where(eq(offers.id, offer!.id));
    await app.db.delete(applications).where(eq(applications.id, id));
    expect((await headline()).totals).toMatchObject({
      applications: before.applications,
      contacted: before.contacted,
      offered: before.offered,
      admitted: before.admitted,
    });
  });

  it("keeps the figure when the write is rolled back", async () => {
    const before = await headline();
    const kept = await keptRow(app.db);
    await expect(
      app.db.transaction(async (tx) => {
        await addApplication(tx);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await headline()).toEqual(before);
    expect(await keptRow(app.db)).toEqual(kept);
  });

  it("prunes only the changes every running transaction already sees, and moves the horizon with them", async () => {
    await addApplication(app.db);
    const before = await headline();
    await pruneDerivedChanges(app.db);
    // On a shared server another database's transaction may hold the horizon back: whatever it
    // is, no note older than it is left, and it is not ahead of what this session sees.
    const [state] = await queryRows<{ older: number; ahead: boolean }>(
      app.db,
      sql`select (select count(*)::int from ${derivedChanges}
                  where ${derivedChanges.xact} < (select ${derivedHorizon.xact} from ${derivedHorizon})) as older,
                 (select ${derivedHorizon.xact} from ${derivedHorizon}) > pg_snapshot_xmin(pg_current_snapshot()) as ahead`,
    );
    expect(state).toEqual({ older: 0, ahead: false });
    expect(await headline()).toEqual(before);
  });

  it("computes the figure again once the horizon has passed its snapshot, with the same counts", async () => {
    await addApplication(app.db);
    const before = await headline();
    const kept = await keptRow(app.db);
    // Where a prune leaves the horizon once the transactions older than it have ended: past the
    // kept snapshot's oldest.
    await app.db.execute(
      sql`update ${derivedHorizon}
          set xact = (pg_snapshot_xmin(${kept!.snapshot}::pg_snapshot)::text::numeric + 1)::text::xid8`,
    );
    expect(await headline()).toEqual(before);
    expect((await keptRow(app.db))?.snapshot).not.toBe(kept?.snapshot);
    // Nothing changed since: the next row is kept (at once here; on a shared server, once another
    // database's transaction older than the horizon has ended).
    await expect
      .poll(async () => {
        const first = await keptRow(app.db);
        expect(await headline()).toEqual(before);
        return (await keptRow(app.db))?.snapshot === first?.snapshot;
      })
      .toBe(true);
  });

  it("under writes and reads at once, always ends equal to a fresh count", async () => {
    const from = (await headline()).filter.from;
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        index % 2 ? addApplication(app.db) : headline().then(() => pruneDerivedChanges(app.db)),
      ),
    );
    expect((await headline()).totals.applications).toBe(await countedApplications(app.db, from));
  });

  it("lists every table its statement reads, each with the change trigger", async () => {
    const figure = keptHeadline(app.db);
    const query = new PgDialect().sqlToQuery(figure.rows);
    const values = query.params.map((param: unknown) =>
      param && typeof param === "object" && "name" in param
        ? { from: new Date(), until: new Date(), weekStarts: `{${new Date().toISOString()}}` }[
            (param as { name: "from" | "until" | "weekStarts" }).name
          ]
        : param,
    );
    const client = (app.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await client.query<{ "QUERY PLAN": unknown }>(
      `explain (format json) ${query.sql}`,
      values,
    );
    const relations = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === "object")
        for (const [key, value] of Object.entries(node))
          if (key === "Relation Name") relations.add(value as string);
          else visit(value);
    };
    visit(rows[0]!["QUERY PLAN"]);
    expect([...relations].sort()).toEqual([...figure.tables].sort());

    const triggered = await queryRows<{ table: string }>(
      app.db,
      sql`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid
          where p.proname = 'note_derived_change' and not t.tgisinternal`,
    );
    expect(triggered.map((row) => row.table).sort()).toEqual([...figure.tables].sort());
  });
});

// Writers and readers on their own connections need PostgreSQL: the suite's server when there is
// one, otherwise (a PGlite run) a throwaway cluster of this file's own.
describe("the kept headline on PostgreSQL's concurrent connections", { timeout: 60_000 }, () => {
  let cluster: PostgresCluster | undefined;
  let app: TestApp;
  const headline = () => app.services.insights.headline();

  beforeAll(async () => {
    if (!usingRealPostgres()) {
      cluster = await createPostgresCluster();
      await cluster.start();
    }
    app = await startTestApp({ postgresServer: cluster?.url });
  });
  afterAll(async () => {
    await app?.close();
    await cluster?.dispose();
  });

  it("counts a write begun before the figure was computed and committed after it", async () => {
    const before = (await headline()).totals.applications;
    const writer = new pg.Client({ connectionString: app.database.url });
    await writer.connect();
    try {
      await writer.query("begin");
      await writer.query(
        `insert into applications (parent_name, student_name, mobile, email, dob, grade)
         values ('Parent late', 'Child late', '+919876599999', 'late@example.com', '2019-05-01', 'Grade 1')`,
      );
      // A later write commits first, so the figure is computed again while the first is under
      // way, on a snapshot that does not see it (its transaction began before, ends after).
      await addApplication(app.db);
      expect((await headline()).totals.applications).toBe(before + 1);
      expect((await headline()).totals.applications).toBe(before + 1);
      await writer.query("commit");
    } finally {
      await writer.end();
    }
    expect((await headline()).totals.applications).toBe(before + 2);
  });

  it("under writes, reads and prunes on many connections, always ends equal to a fresh count", async () => {
    const from = (await headline()).filter.from;
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          index % 3 === 0
            ? addApplication(app.db)
            : index % 3 === 1
              ? headline()
              : index % 10 === 2
                ? pruneDerivedChanges(app.db)
                : headline(),
        ),
      );
      expect((await headline()).totals.applications).toBe(await countedApplications(app.db, from));
    }
  });
});
