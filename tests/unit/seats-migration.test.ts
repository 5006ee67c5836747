import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { GRADES } from "~/domain/grades";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { grades, orders } from "../../db/schema";
import { createDatabaseOnServer, usingRealPostgres } from "../support/database";
import { PROJECT_ROOT } from "../support/server";

/** The committed migrations up to, not including, the one that adds grades' seats. */
function migrationsBeforeSeats(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "zipat-migrations-"));
  cpSync(path.join(PROJECT_ROOT, "db", "migrations"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith("_grade_seats"));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A database with nothing in it, migrated up to (not including) the seats: on the run's own
 * database, a new one on the PostgreSQL server in the suite, an in-memory PGlite cluster in CI's
 * PGlite run. The rest of the migrations then run as the site runs them (`migrate`).
 */
async function databaseBeforeSeats(folder: string): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  if (usingRealPostgres()) {
    const created = await createDatabaseOnServer();
    const handle = await openDatabase({ url: created.url });
    await migratePostgres(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        await created.drop();
      },
    };
  }
  const handle = await openDatabase({ dataDir: undefined });
  await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  return { ...handle, dispose: () => handle.close() };
}

describe(`migration 0016 (grades' seats) on a school that already took fees (${usingRealPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let database: (DatabaseHandle & { dispose(): Promise<void> }) | undefined;
  const folder = migrationsBeforeSeats();
  afterAll(async () => {
    await database?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  // A database made from nothing and every migration run, twice over: slow on a busy machine.
  it(
    "gives every grade 30 seats, or as many as it has paid enrollments, none reserved",
    { timeout: 120_000 },
    async () => {
      database = await databaseBeforeSeats(folder);
      // As the schema was then (no seats columns): the grades as the site made them.
      for (const [position, name] of GRADES.entries())
        await database.db.execute(sql`insert into grades (name, position) values (${name}, ${position})`);
      // As the table was then: only the columns it had (later migrations add more).
      const enrollments = (count: number, grade: string, status: string) =>
        database!.db.execute(sql`
          insert into orders (student_name, parent_name, grade, email, mobile, amount, gateway, status)
          select 'Child', 'Parent', ${grade}::grade, 'parent@example.com', '+919876543210', 1500000, 'test', ${status}::order_status
          from generate_series(1, ${count})`);
      await enrollments(33, "Grade 2", "PAID");
      await enrollments(2, "Grade 2", "PARTIALLY_REFUNDED");
      // Refunded in full: the seat is free again, so it does not count.
      await enrollments(40, "Grade 3", "REFUNDED");

      await database.migrate();

      const seats = await database.db
        .select({ grade: grades.name, seats: grades.seats, reserved: grades.reservedSeats })
        .from(grades);
      expect(seats.find((row) => row.grade === "Grade 2")).toEqual({
        grade: "Grade 2",
        seats: 35,
        reserved: 0,
      });
      expect(
        seats.filter((row) => row.grade !== "Grade 2").every((row) => row.seats === 30 && row.reserved === 0),
      ).toBe(true);
      expect(await database.db.$count(orders, eq(orders.grade, "Grade 2"))).toBe(35);
    },
  );
});
