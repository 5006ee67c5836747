import { count, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GRADES } from "~/domain/grades";
import { IMAGE_VARIANT_WIDTHS } from "~/domain/image-variants";
import { createImageStorage } from "~/services/image-storage.server";
import { createServices } from "~/services/index.server";
import { queryRows } from "../../db/client";
import * as schema from "../../db/schema";
import { DEMO_COURSES, DEMO_POSTS } from "../../db/demo/content";
import { DEMO_ADMIN, prepareDatabase } from "../../app/services/seed.server";
import { createTestDatabase, usingRealPostgres, type TestDatabase } from "../support/database";
import { TEST_JWT_SECRET, TEST_PASSWORD_HASH_COST } from "../support/app";
import { imageFiles, storedImageNames } from "../api/helpers";

const countRows = async (database: TestDatabase, table: PgTable) => {
  const [row] = await database.db.select({ total: count() }).from(table);
  return row!.total;
};

describe(`database (${usingRealPostgres() ? "PostgreSQL" : "PGlite"})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const prepare = (admin?: { email: string; name: string; password: string }) => {
    const images = createImageStorage(database.db);
    const services = createServices({
      db: database.db,
      images,
      jwtSecret: TEST_JWT_SECRET,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
    });
    return prepareDatabase({ db: database.db, images, auth: services.auth, admin });
  };

  it("applies every migration, creating each table and enum", async () => {
    const tables = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      "applications",
      "blog_posts",
      "company_details",
      "course_likes",
      "courses",
      "demo_requests",
      "derived_changes",
      "derived_figures",
      "derived_horizon",
      "early_update_statuses",
      "email_verifications",
      "family_updates",
      "follow_ups",
      "grades",
      "mail_outbox",
      "offers",
      "orders",
      "password_resets",
      "payment_events",
      "possible_duplicates",
      "rate_limit_windows",
      "record_events",
      "refunds",
      "revoked_tokens",
      "short_links",
      "staff_digests",
      "stored_images",
      "teacher_applications",
      "teacher_cvs",
      "update_opt_outs",
      "update_send_rate",
      "users",
      "waitlist_entries",
    ]);
    const enums = await queryRows<{ typname: string }>(
      database.db,
      sql`select typname from pg_type where typtype = 'e' order by typname`,
    );
    expect(enums.map((row) => row.typname)).toEqual([
      "application_status",
      "demo_status",
      "grade",
      "language",
      "mail_status",
      "offer_status",
      "order_status",
      "record_event_kind",
      "record_type",
      "role",
      "teacher_application_status",
      "update_channel",
      "update_status",
      "waitlist_status",
    ]);
  });

  it("re-applies migrations as a no-op", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("enforces the schema's rules in the database itself", async () => {
    await database.db
      .insert(schema.users)
      .values({ name: "A", email: "Parent@Example.com", passwordHash: "x" });
    // E-mail uniqueness ignores letter case.
    await expect(
      database.db.insert(schema.users).values({ name: "B", email: "parent@example.COM", passwordHash: "x" }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(schema.applications).values({
        studentName: "S",
        dob: "2019-01-01",
        grade: "Grade 1",
        parentName: "P",
        mobile: "+919876543210",
        email: "p@example.com",
        status: "DONE" as never,
      }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(schema.companyDetails).values({ id: 2, address: "a", email: "e", phone: "p" }),
    ).rejects.toThrow();
    await database.db.execute(sql`delete from users`);
  });

  it("seeds an empty database once: details, nine grades, posts, courses with images, a demo admin", async () => {
    const first = await prepare();
    expect(first.seeded).toBe(true);
    expect(first.demoAdmin).toMatchObject({ email: DEMO_ADMIN.email });
    expect(first.demoAdmin!.password.length).toBeGreaterThanOrEqual(12);

    const gradeRows = await database.db.select().from(schema.grades).orderBy(schema.grades.position);
    expect(gradeRows.map((row) => [row.name, row.fee])).toEqual(GRADES.map((grade) => [grade, 15000]));
    expect(await countRows(database, schema.blogPosts)).toBe(DEMO_POSTS.length);
    expect(DEMO_POSTS.length).toBeGreaterThanOrEqual(7);
    expect(await countRows(database, schema.courses)).toBe(DEMO_COURSES.length);
    expect(DEMO_COURSES.length).toBeGreaterThanOrEqual(6);
    expect(await countRows(database, schema.companyDetails)).toBe(1);
    expect(await countRows(database, schema.orders)).toBe(0);
    expect(await countRows(database, schema.applications)).toBe(0);
    const admins = await database.db.select().from(schema.users);
    expect(admins.map((user) => [user.email, user.role])).toEqual([[DEMO_ADMIN.email, "ADMIN"]]);

    // Each demo image is stored once, with its right-sized variants beside it and nothing else.
    const files = await storedImageNames(database);
    const posts = await database.db.select().from(schema.blogPosts);
    const courses = await database.db.select().from(schema.courses);
    const stored = [...posts, ...courses].map((record) => record.imageUrl);
    expect(files).toEqual(stored.flatMap(imageFiles).sort());
    expect(files.every((file) => file.endsWith(".webp"))).toBe(true);
  });

  it("never seeds twice and never touches a database with content", async () => {
    const before = await countRows(database, schema.blogPosts);
    const second = await prepare();
    expect(second).toEqual({ seeded: false });
    expect(await countRows(database, schema.blogPosts)).toBe(before);
    expect(await storedImageNames(database)).toHaveLength(
      (DEMO_POSTS.length + DEMO_COURSES.length) * (1 + IMAGE_VARIANT_WIDTHS.length),
    );

    // Even with every demo row gone, one registered user means the database is in use.
    for (const table of [schema.blogPosts, schema.courses, schema.companyDetails])
      await database.db.delete(table);
    expect(await prepare()).toEqual({ seeded: false });
    expect(await countRows(database, schema.blogPosts)).toBe(0);
  });

  it("makes sure the ADMIN from the environment exists, promoting an existing account", async () => {
    const admin = { email: "Head@Zipat.school", name: "Head Teacher", password: "a-long-password" };
    await prepare(admin);
    const [row] = await database.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = 'head@zipat.school'`);
    expect(row).toMatchObject({ role: "ADMIN", name: "Head Teacher" });
    await database.db.execute(sql`update users set role = 'USER' where id = ${row!.id}`);
    await prepare(admin);
    const [promoted] = await database.db
      .select()
      .from(schema.users)
      .where(sql`id = ${row!.id}`);
    expect(promoted!.role).toBe("ADMIN");
  });
});
