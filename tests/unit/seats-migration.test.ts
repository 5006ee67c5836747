import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { GRADES } from "~/domain/grades";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { grades, orders } from "../../db/schema";
import { usingRealPostgres } from "../support/database";
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

// Always PGlite (a cluster of its own, migrated in two steps): it runs in CI's PGlite run of
// tests/unit, not again in the suite on PostgreSQL, where it would be the same test twice.
if (!usingRealPostgres())
  describe("migration 0016 (grades' seats) on a school that already took fees", () => {
    let database: DatabaseHandle | undefined;
    const folder = migrationsBeforeSeats();
    afterAll(async () => {
      await database?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    // A cluster made from nothing and every migration run, twice over: slow on a busy machine.
    it(
      "gives every grade 30 seats, or as many as it has paid enrollments, none reserved",
      { timeout: 120_000 },
      async () => {
        database = await openDatabase({ dataDir: undefined });
        await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
        // As the schema was then (no seats columns): the grades as the site made them.
        for (const [position, name] of GRADES.entries())
          await database.db.execute(sql`insert into grades (name, position) values (${name}, ${position})`);
        const enrollment = (
          grade: "Grade 2" | "Grade 3",
          status: "PAID" | "PARTIALLY_REFUNDED" | "REFUNDED",
        ) => ({
          studentName: "Child",
          parentName: "Parent",
          grade,
          email: "parent@example.com",
          mobile: "+919876543210",
          amount: 1_500_000,
          gateway: "test",
          status,
        });
        await database.db.insert(orders).values([
          ...Array.from({ length: 33 }, () => enrollment("Grade 2", "PAID")),
          ...Array.from({ length: 2 }, () => enrollment("Grade 2", "PARTIALLY_REFUNDED")),
          // Refunded in full: the seat is free again, so it does not count.
          ...Array.from({ length: 40 }, () => enrollment("Grade 3", "REFUNDED")),
        ]);

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
          seats
            .filter((row) => row.grade !== "Grade 2")
            .every((row) => row.seats === 30 && row.reserved === 0),
        ).toBe(true);
        expect(await database.db.$count(orders, eq(orders.grade, "Grade 2"))).toBe(35);
      },
    );
  });
