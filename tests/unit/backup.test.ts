import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { getTableName, sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { IMAGE_VARIANT_WIDTHS } from "~/domain/image-variants";
import { createImageStorage } from "~/services/image-storage.server";
import { createBackup, storedFiles } from "~/services/backup/create-backup.server";
import { loadConfig } from "~/config.server";
import { restoreBackup, restoreServer } from "~/services/backup/restore-backup.server";
import {
  backedUpTables,
  codeSchemaVersion,
  databaseTables,
  identityColumns,
  primaryKeys,
  quoteIdentifier,
} from "~/services/backup/tables.server";
import { openDatabase, PGLITE_EXTENSIONS, queryRows, type DatabaseHandle } from "../../db/client";
import * as schema from "../../db/schema";
import { createDatabaseOnServer, usingRealPostgres } from "../support/database";
import { PROJECT_ROOT } from "../support/server";
import { storedImageNames } from "../api/helpers";

const run = promisify(execFile);
const TSX = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");

type Target = DatabaseHandle & { dispose(): Promise<void> };

let migratedCluster: Promise<Blob> | undefined;
/**
 * A migrated PGlite cluster to start each PGlite database from: the run's template, or (on the
 * PostgreSQL run, which has none) one made here once, as tests/support/database-template.ts does.
 */
function migratedPglite(): Promise<Blob> {
  migratedCluster ??= (async () => {
    const template = inject("pgliteTemplate");
    if (template) return new Blob([await readFile(template)]);
    const folder = await mkdtemp(path.join(tmpdir(), "zipat-backup-template-"));
    try {
      const made = await openDatabase({ dataDir: path.join(folder, "cluster") });
      await made.migrate();
      await made.close();
      const cluster = new PGlite(path.join(folder, "cluster"), { extensions: PGLITE_EXTENSIONS });
      await cluster.waitReady;
      const dump = await cluster.dumpDataDir("none");
      await cluster.close();
      return dump;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  })();
  return migratedCluster;
}

/** A migrated PGlite database in memory. */
async function pgliteDatabase(): Promise<Target> {
  const handle = await openDatabase({ dataDir: undefined, from: await migratedPglite() });
  return { ...handle, dispose: () => handle.close() };
}

/** A new database on the suite's PostgreSQL server: nothing in it, not even the migrations. */
async function postgresDatabase(): Promise<Target> {
  const created = await createDatabaseOnServer();
  const handle = await openDatabase({ url: created.url });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await created.drop();
    },
  };
}

/** An image an earlier version stored as a file in UPLOAD_DIR. */
const LEGACY_IMAGE = "0b1c2d3e-0000-4000-8000-00000000000a.png";

/** Values that a careless dump gets wrong: microseconds, offsets, unicode, quotes, every byte, big json numbers. */
async function seedEveryTable(database: DatabaseHandle, uploadDir: string) {
  const { db } = database;
  const at = (text: string) => sql`${text}::timestamptz`;
  const images = createImageStorage(db);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  // Images are rows of stored_images (issue 21): the original and its variants, row by row.
  const imageUrl = await images.save(png);
  // UPLOAD_DIR still holds what earlier versions stored there: the backup carries those files.
  await mkdir(path.join(uploadDir, "nested", "deeper"), { recursive: true });
  await writeFile(path.join(uploadDir, LEGACY_IMAGE), png);
  await writeFile(path.join(uploadDir, "nested", "deeper", "note.bin"), Buffer.from([0, 1, 2, 255]));

  const users = await db
    .insert(schema.users)
    .values([
      {
        name: 'Åsa "Quote" O\'Neil 日本 😀',
        email: "asa@example.com",
        passwordHash: "scrypt$x",
        role: "ADMIN",
      },
      { name: "Gone", email: "gone@example.com", passwordHash: "h" },
      {
        name: "Parent\nWith a line break",
        email: "parent@example.com",
        passwordHash: "h",
        emailVerifiedAt: at("2025-03-04 05:06:07.123456+05:30"),
        createdAt: at("1999-12-31 23:59:59.999999+00"),
      },
    ])
    .returning({ id: schema.users.id });
  // A deleted row leaves the id sequence past the largest id: the restore must keep that gap.
  await db.execute(sql`delete from users where email = 'gone@example.com'`);
  const [admin, , parent] = users.map((user) => user.id);
  await db
    .insert(schema.revokedTokens)
    .values({ jti: randomUUID(), expiresAt: at("2030-01-01 00:00:00.000001+00") });
  await db
    .insert(schema.companyDetails)
    .values({ id: 1, address: "1 Road\nCity", email: "office@zipat.school", phone: "+91 1" });
  await db.insert(schema.grades).values({ name: "Grade 1", position: 1, fee: 12345 });
  const [application] = await db
    .insert(schema.applications)
    .values({
      studentName: "Ravi",
      dob: "2018-02-28",
      grade: "Grade 1",
      parentName: "Meera",
      mobile: "+919876543210",
      email: "meera@example.com",
      status: "REJECTED",
      ageCheckFailed: true,
      userId: parent,
      consentAt: at("2026-01-01 10:00:00.5+00"),
      noticeVersion: "2026-01",
      utmSource: "facebook",
      utmCampaign: "admissions-2026 «hindi»",
      referrerHost: "l.facebook.com",
      heardAbout: "OTHER",
      heardAboutOther: 'A neighbour\'s "school" group',
      firstContactedAt: at("2026-01-02 09:30:00+00"),
    })
    .returning();
  await db.insert(schema.followUps).values({
    recordType: "APPLICATION",
    recordId: String(application!.id),
    dueOn: "2026-01-05",
    note: "Call after 6 pm; father's number",
    setBy: admin,
  });
  await db.insert(schema.staffDigests).values({ kind: "FOLLOW_UPS", day: "2026-01-05" });
  await db.insert(schema.possibleDuplicates).values({
    recordType: "APPLICATION",
    recordId: application!.id,
    otherId: application!.id,
    rule: "EMAIL",
  });
  const [offer] = await db
    .insert(schema.offers)
    .values({
      applicationId: application!.id,
      grade: "Grade 1",
      status: "ACCEPTED",
      expiresAt: at("2026-01-08 10:00:00+00"),
      offeredBy: parent,
      decidedAt: at("2026-01-02 11:00:00.25+00"),
    })
    .returning();
  await db.insert(schema.waitlistEntries).values({
    applicationId: application!.id,
    grade: "Grade 1",
    status: "PROMOTED",
    leftAt: at("2026-01-01 11:00:00+00"),
  });
  // A WhatsApp update that could not be delivered, its SMS, a STOP, and the shared send rate (issue 39).
  const [whatsappUpdate] = await db
    .insert(schema.familyUpdates)
    .values({
      channel: "WHATSAPP",
      kind: "applicationReceived",
      language: "hi",
      toNumber: "+919876543210",
      parameters: ["P", "S", "कक्षा 1", String(application!.id)],
      about: `application:${application!.id}`,
      status: "FAILED",
      attempts: 1,
      providerId: "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUY=",
      lastError: "Message undeliverable",
      errorCode: 131026,
      sentAt: at("2026-01-01 10:00:01.5+00"),
      failedAt: at("2026-01-01 10:00:03+00"),
    })
    .returning();
  await db.insert(schema.familyUpdates).values({
    channel: "SMS",
    kind: "applicationReceived",
    language: "hi",
    toNumber: "+919876543210",
    parameters: ["P", "S", "कक्षा 1", String(application!.id)],
    about: `application:${application!.id}`,
    status: "SENT",
    providerId: "3565646d6f41343332313031",
    fallbackOf: whatsappUpdate!.id,
  });
  await db
    .insert(schema.updateOptOuts)
    .values({ toNumber: "+919876543210", channel: "WHATSAPP", source: "whatsapp-stop" });
  await db.insert(schema.updateSendRate).values({ nextSlotAt: at("2026-01-01 10:00:04.25+00") });
  await db.insert(schema.earlyUpdateStatuses).values({
    providerId: "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQTA",
    status: "DELIVERED",
    reportedAt: at("2026-01-01 10:00:05+00"),
  });
  await db.insert(schema.shortLinks).values({ code: "Ab3dE9xQ2k", path: "/receipt/token-of-the-order" });
  await db.insert(schema.demoRequests).values({
    parentName: "P",
    studentName: "S",
    grade: "Grade 1",
    mobile: "+919876543211",
    email: "demo@example.com",
    preferredDateTime: "Evenings",
    userId: parent,
    anonymisedAt: at("2026-02-02 02:02:02.020202+00"),
  });
  await db
    .insert(schema.blogPosts)
    .values({ title: "Post", category: "News", description: "Ünïcödé ✓", imageUrl });
  const [course] = await db
    .insert(schema.courses)
    .values({ title: "Course", description: "D", imageUrl, imageAlt: "A blue square" })
    .returning();
  await db.insert(schema.courseLikes).values({ userId: parent!, courseId: course!.id });
  const [order] = await db
    .insert(schema.orders)
    .values({
      studentName: "Ravi",
      parentName: "Meera",
      grade: "Grade 1",
      email: "meera@example.com",
      mobile: "+919876543210",
      amount: 1234500,
      status: "PARTIALLY_REFUNDED",
      gateway: "razorpay",
      gatewayOrderId: "order_1",
      refundedAmount: 100,
      paidAt: at("2026-03-03 03:03:03.333333+00"),
      userId: parent,
      offerId: offer!.id,
      seatHeldUntil: at("2026-03-03 03:33:03+00"),
    })
    .returning();
  await db.insert(schema.paymentEvents).values({
    orderId: order!.id,
    source: "webhook",
    eventId: "evt_1",
    type: "payment.captured",
    detail: sql`'{"amount": 12345678901234567890, "exact": 1.50, "nested": {"list": [null, true, "ü"]}}'::jsonb`,
  });
  await db
    .insert(schema.refunds)
    .values({ orderId: order!.id, requestKey: "key-1", amount: 100, reason: "Overpaid", requestedBy: admin });
  await db.insert(schema.mailOutbox).values({
    kind: "application-received",
    toAddress: "meera@example.com",
    subject: "Thank you",
    data: { applicationId: application!.id, name: "Meera" },
    messageId: "<1@zipat.school>",
    about: `application:${application!.id}`,
  });
  await db
    .insert(schema.passwordResets)
    .values({ tokenHash: "a".repeat(64), userId: parent!, expiresAt: at("2026-05-05 05:05:05+00") });
  await db.insert(schema.emailVerifications).values({
    tokenHash: "b".repeat(64),
    userId: parent!,
    email: "parent@example.com",
    expiresAt: at("2026-05-05 05:05:05+00"),
  });
  const [teacher] = await db
    .insert(schema.teacherApplications)
    .values({
      name: "T",
      city: "Pune",
      mobile: "+919876543212",
      email: "t@example.com",
      experience: "5 years",
    })
    .returning();
  const everyByte = Buffer.from(Array.from({ length: 512 }, (_, index) => index % 256));
  await db.insert(schema.teacherCvs).values({
    applicationId: teacher!.id,
    fileName: "cv.pdf",
    sizeBytes: everyByte.length,
    content: everyByte,
  });
  await db
    .insert(schema.rateLimitWindows)
    .values({ key: "login:203.0.113.7", count: 3, resetAt: at("2026-06-06 06:06:06.6+00") });
  await db.insert(schema.recordEvents).values({
    recordType: "APPLICATION",
    recordId: String(application!.id),
    kind: "STATUS_CHANGED",
    actorId: admin,
    fromStatus: "PENDING",
    toStatus: "REJECTED",
    note: "Not this year",
  });
}

/**
 * Everything a restore must bring back, read independently of the backup code: each table's rows
 * as PostgreSQL prints a whole record, in key order; each identity sequence's state; each file's hash.
 */
async function snapshot(database: DatabaseHandle, uploadDir: string) {
  const tables = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const rows: Record<string, string[]> = {};
    const keys = await primaryKeys(tx);
    for (const table of backedUpTables()) {
      const key = keys.get(table)!.map(quoteIdentifier).join(", ");
      const found = await queryRows<{ row: string }>(
        tx,
        sql.raw(`select t::text as row from ${quoteIdentifier(table)} t order by ${key}`),
      );
      rows[table] = found.map((entry) => entry.row);
    }
    const sequences: Record<string, unknown> = {};
    for (const identity of await identityColumns(tx)) {
      [sequences[identity.table]] = await queryRows(
        tx,
        sql.raw(`select last_value::text as last_value, is_called from ${identity.sequence}`),
      );
    }
    return { rows, sequences };
  });
  const files: Record<string, string> = {};
  for (const file of await storedFiles(uploadDir))
    files[file] = createHash("sha256")
      .update(await readFile(path.join(uploadDir, file)))
      .digest("hex");
  return { ...tables, files };
}

/**
 * Everything in a folder, byte for byte: each path with its file's hash (or "folder"); undefined
 * when the folder is not there at all.
 */
async function folderContents(root: string): Promise<Record<string, string> | undefined> {
  const found: Record<string, string> = {};
  const walk = async (relative: string) => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        found[child] = "folder";
        await walk(child);
      } else
        found[child] = createHash("sha256")
          .update(await readFile(path.join(root, child)))
          .digest("hex");
    }
  };
  try {
    await walk("");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && Object.keys(found).length === 0)
      return undefined;
    throw error;
  }
  return found;
}

/** Rewrites a backup's lines and its footer's hash: a well-formed file saying something else. */
async function forge(file: string, edit: (lines: Record<string, unknown>[]) => void): Promise<string> {
  const lines = gunzipSync(await readFile(file))
    .toString("utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  edit(lines);
  const body = lines
    .slice(0, -1)
    .map((line) => `${JSON.stringify(line)}\n`)
    .join("");
  const footer = { ...lines.at(-1), sha256: createHash("sha256").update(body).digest("hex") };
  const forged = `${file}.forged-${randomUUID()}.gz`;
  await writeFile(forged, gzipSync(`${body}${JSON.stringify(footer)}\n`));
  return forged;
}

// Each database in its own run: CI runs tests/unit on PGlite beside the suite, and again in the
// suite on PostgreSQL (decision 0021). The file is the same format on both (decision 0035).
const DATABASES: [string, () => Promise<Target>][] = usingRealPostgres()
  ? [["PostgreSQL", postgresDatabase]]
  : [["PGlite", pgliteDatabase]];

// Two minutes a test: each makes a new database, and a new PGlite cluster beside CI's other jobs
// took over the project's 30 s (two round trips timed out in a clean-clone run at 32 s).
describe.each(DATABASES)("backup and restore on %s", { timeout: 120_000 }, (_name, createDatabase) => {
  let folder: string;
  let source: Target;
  let sourceUploads: string;
  let backupFile: string;
  let seeded: Awaited<ReturnType<typeof snapshot>>;
  const targets: Target[] = [];

  const emptyTarget = async () => {
    const target = await createDatabase();
    targets.push(target);
    return { database: target, uploadDir: await mkdtemp(path.join(folder, "uploads-")) };
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "zipat-backup-"));
    source = await createDatabase();
    await source.migrate();
    sourceUploads = path.join(folder, "source-uploads");
    await seedEveryTable(source, sourceUploads);
    seeded = await snapshot(source, sourceUploads);
    backupFile = (
      await createBackup({
        database: source,
        uploadDir: sourceUploads,
        backupDir: path.join(folder, "backups"),
      })
    ).file;
    // On the PostgreSQL run the first PGlite database makes its template (an initdb): slow when busy.
  }, 300_000);
  afterAll(async () => {
    await Promise.all([source, ...targets].map((target) => target?.dispose()));
    await rm(folder, { recursive: true, force: true });
  });

  it("covers every table: the seed fills each one, and the backup holds each table the database has", async () => {
    const empty = backedUpTables().filter((table) => seeded.rows[table]!.length === 0);
    expect(empty, "seedEveryTable must put rows in every table of db/schema.ts").toEqual([]);
    const header = JSON.parse(
      gunzipSync(await readFile(backupFile))
        .toString("utf8")
        .split("\n")[0]!,
    ) as {
      schemaVersion: string;
      tables: { name: string }[];
    };
    // Every table but the derived ones (figures kept against this database's own snapshots).
    const derived: readonly string[] = schema.DERIVED_TABLES;
    expect(header.tables.map((table) => table.name).sort()).toEqual(
      (await databaseTables(source.db)).filter((table) => !derived.includes(table)),
    );
    expect(await databaseTables(source.db)).toEqual(expect.arrayContaining([...derived]));
    expect(header.schemaVersion).toBe(codeSchemaVersion());
    // The image and its WebP variants are rows; the upload folder holds the earlier version's files.
    expect(seeded.rows[getTableName(schema.storedImages)]).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length);
    expect(Object.keys(seeded.files)).toEqual([LEGACY_IMAGE, "nested/deeper/note.bin"]);
    expect(path.basename(backupFile)).toMatch(/^zipat-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ndjson\.gz$/);
  });

  it("round trip: restored into an empty database, every row, id sequence and file is the same", async () => {
    const target = await emptyTarget();
    const { footer } = await restoreBackup({ ...target, file: backupFile });
    expect(footer.files).toBe(Object.keys(seeded.files).length);
    expect(await snapshot(target.database, target.uploadDir)).toEqual(seeded);
    // Each stored image comes back byte for byte, the original and each of its variants.
    const names = await storedImageNames(source);
    expect(names).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length);
    for (const name of names)
      expect(
        (await createImageStorage(target.database.db).read(name))?.equals(
          (await createImageStorage(source.db).read(name))!,
        ),
        name,
      ).toBe(true);
    // The next id continues after the deleted user's, not over it.
    const [next] = await target.database.db
      .insert(schema.users)
      .values({ name: "New", email: "new@example.com", passwordHash: "h" })
      .returning({ id: schema.users.id });
    expect(next!.id).toBe(4);
  });

  it("refuses a target that has data unless forced, and then replaces all of it", async () => {
    await expect(
      restoreBackup({ database: source, uploadDir: sourceUploads, file: backupFile }),
    ).rejects.toThrow(
      /^The target is not empty \(rows in .*users.*; \d+ files in .*\): restore into an empty database and upload folder, or add --force to replace what is there\. Nothing was changed\.$/,
    );
    expect(await snapshot(source, sourceUploads)).toEqual(seeded);

    await source.db.execute(sql`delete from users where email = 'asa@example.com'`);
    await source.db.execute(sql`update grades set fee = 1`);
    await writeFile(path.join(sourceUploads, "stray.txt"), "not in the backup");
    await restoreBackup({ database: source, uploadDir: sourceUploads, file: backupFile, force: true });
    expect(await snapshot(source, sourceUploads)).toEqual(seeded);
  });

  it("a truncated or corrupt file stops the restore with a clear message and changes nothing", async () => {
    const bytes = await readFile(backupFile);
    const variants: [string, Buffer][] = [
      ["truncated", bytes.subarray(0, Math.floor(bytes.length / 2))],
      [
        "flipped",
        Buffer.from(
          bytes.map((byte, index) => (index === Math.floor(bytes.length / 2) ? byte ^ 0xff : byte)),
        ),
      ],
      ["not gzip", Buffer.from("hello, this is not a backup\n")],
      [
        "no footer",
        gzipSync(gunzipSync(bytes).toString("utf8").trimEnd().split("\n").slice(0, -1).join("\n") + "\n"),
      ],
      [
        "edited",
        gzipSync(gunzipSync(bytes).toString("utf8").replace("office@zipat.school", "thief@example.com")),
      ],
    ];
    const target = await emptyTarget();
    const before = await databaseTables(target.database.db);
    for (const [name, content] of variants) {
      const file = path.join(folder, `${name}.ndjson.gz`);
      await writeFile(file, content);
      await expect(restoreBackup({ ...target, file }), name).rejects.toThrow(
        new RegExp(
          `^The backup file ${name}\\.ndjson\\.gz is damaged or incomplete: .+\\. Nothing was changed\\.$`,
        ),
      );
    }
    expect(await databaseTables(target.database.db)).toEqual(before);
    expect(await storedFiles(target.uploadDir)).toEqual([]);
  });

  it("refuses a backup or a database of another schema version, naming both versions", async () => {
    const target = await emptyTarget();
    const current = codeSchemaVersion();
    for (const version of ["0006_image_descriptions_shared_rate_limits", "9999_from_the_future"]) {
      const forged = await forge(backupFile, (lines) => {
        lines[0]!.schemaVersion = version;
      });
      await expect(restoreBackup({ ...target, file: forged })).rejects.toThrow(
        `The backup is at schema version ${version}; this code is at ${current}. Restore it with the release of the site that made it. Nothing was changed.`,
      );
    }
    // A database a newer release has migrated: drizzle's record holds a migration this code lacks.
    await target.database.migrate();
    await target.database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 4102444800000)`,
    );
    await expect(restoreBackup({ ...target, file: backupFile })).rejects.toThrow(
      `The database is at schema version a migration of 2100-01-01T00:00:00.000Z this code does not have; this code is at ${current}.`,
    );
    expect(await snapshot(target.database, target.uploadDir)).toMatchObject({ files: {} });
    const [users] = await queryRows<{ total: number }>(
      target.database.db,
      sql`select count(*)::int as total from users`,
    );
    expect(users!.total).toBe(0);
  });
});

// The commands themselves, on PGlite folders on disk as the server has them (DATA_DIR/pglite):
// in the PGlite run only, as they start three Node processes (the slowest test of this file).
if (!usingRealPostgres())
  describe("npm run backup / npm run restore", { timeout: 300_000 }, () => {
    let folder: string;

    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), "zipat-backup-cli-"));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    const command = (script: string, args: string[], site: string) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: path.join(folder, site, "data"),
        UPLOAD_DIR: path.join(folder, site, "uploads"),
        BACKUP_DIR: path.join(folder, "backups"),
      };
      delete env.DATABASE_URL;
      return run(TSX, [`app/cli/${script}.server.ts`, ...args], { cwd: PROJECT_ROOT, env }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    };

    /** A site with a row and a file ("full"), a backup of it, and that backup spoilt every way. */
    let refusalFixtures: Promise<{ file: string; badFiles: Record<string, string> }> | undefined;
    const fixtures = () =>
      (refusalFixtures ??= (async () => {
        const template = inject("pgliteTemplate");
        const fullData = path.join(folder, "full", "data");
        const fullUploads = path.join(folder, "full", "uploads");
        const full = await openDatabase({
          dataDir: path.join(fullData, "pglite"),
          from: template ? new Blob([await readFile(template)]) : undefined,
        });
        let file: string;
        try {
          await full.migrate();
          await full.db
            .insert(schema.users)
            .values({ name: "Kept", email: "kept@example.com", passwordHash: "h" });
          await mkdir(fullUploads, { recursive: true });
          await writeFile(path.join(fullUploads, LEGACY_IMAGE), "an image of an earlier version");
          ({ file } = await createBackup({
            database: full,
            uploadDir: fullUploads,
            backupDir: path.join(folder, "refusal-backups"),
          }));
        } finally {
          await full.close();
        }
        const bytes = await readFile(file);
        const written = async (name: string, content: Buffer) => {
          const target = path.join(folder, "refusal-backups", name);
          await writeFile(target, content);
          return target;
        };
        const badFiles = {
          truncated: await written("truncated.ndjson.gz", bytes.subarray(0, Math.floor(bytes.length / 2))),
          edited: await written(
            "edited.ndjson.gz",
            gzipSync(gunzipSync(bytes).toString("utf8").replace("kept@example.com", "thief@example.com")),
          ),
          "not a backup": await written("other.ndjson.gz", gzipSync('{"hello":"world"}\n')),
          missing: path.join(folder, "refusal-backups", "no-such-file.ndjson.gz"),
          "another schema": await forge(file, (lines) => {
            lines[0]!.schemaVersion = "0006_image_descriptions_shared_rate_limits";
          }),
          // Sound and of this schema, but its columns are not the database's: known only once a
          // database is migrated (a new one is removed again, an existing one asked through a copy).
          "other columns": await forge(file, (lines) => {
            const header = lines[0] as { tables: { name: string; columns: string[] }[] };
            const users = header.tables.find((table) => table.name === "users")!;
            users.columns = users.columns.map((column) => (column === "name" ? "full_name" : column));
          }),
        };
        return { file, badFiles };
      })());
    /** How each spoilt backup is refused: the file's own fault, named. */
    const REFUSED =
      /^(The backup file \S+ is damaged or incomplete: |\S+ is not a Zipat backup|There is no backup file at |The backup is at schema version |The backup's table users has the columns )/;
    const config = (site: string) =>
      loadConfig({
        DATA_DIR: path.join(folder, site, "data"),
        UPLOAD_DIR: path.join(folder, site, "uploads"),
      });
    const refused = async (site: string, backup: string, force = false) => {
      const { dataDir, uploadDir } = config(site);
      const before = [await folderContents(dataDir), await folderContents(uploadDir)];
      const refusal = await restoreServer({ config: config(site), file: backup, force }).then(
        () => "restored",
        (error: Error) => error.message,
      );
      expect([await folderContents(dataDir), await folderContents(uploadDir)], refusal).toEqual(before);
      return refusal;
    };

    it("a refusal into a missing or empty DATA_DIR and UPLOAD_DIR makes nothing, not even a database", async () => {
      const { file, badFiles } = await fixtures();
      // Into a DATA_DIR and UPLOAD_DIR that are not there: neither is made.
      for (const [kind, backup] of Object.entries(badFiles)) {
        expect(await refused("fresh", backup), kind).toMatch(REFUSED);
        expect(await folderContents(path.join(folder, "fresh")), kind).toBeUndefined();
      }
      // The command itself, as the issue found it: a truncated file, exit code 1, nothing made.
      const cli = await command("restore", [badFiles.truncated], "fresh");
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(
        /^The backup file truncated\.ndjson\.gz is damaged or incomplete: .+\. Nothing was changed\.\n$/,
      );
      expect(await folderContents(path.join(folder, "fresh"))).toBeUndefined();

      // An empty DATA_DIR stays empty; files in UPLOAD_DIR refuse before a database is made.
      await mkdir(path.join(folder, "empty", "data"), { recursive: true });
      expect(await refused("empty", badFiles["other columns"])).toMatch(
        /^The backup's table users has the columns/,
      );
      expect(await folderContents(path.join(folder, "empty", "data"))).toEqual({});
      await mkdir(path.join(folder, "uploads-only", "uploads"), { recursive: true });
      await writeFile(path.join(folder, "uploads-only", "uploads", "stray.png"), "a file");
      expect(await refused("uploads-only", file)).toMatch(/^The target is not empty \(1 files in /);
    });

    it("a refusal over a site's data leaves DATA_DIR and UPLOAD_DIR byte for byte as they were", async () => {
      const { file, badFiles } = await fixtures();
      const fullData = path.join(folder, "full", "data");
      // A site with data: its PGlite folder is asked through a copy, never opened itself.
      expect(await refused("full", file)).toMatch(/^The target is not empty \(rows in users; 1 files in /);
      for (const [kind, backup] of Object.entries(badFiles))
        expect(await refused("full", backup, true), kind).toMatch(REFUSED);
      // The server holds the folder.
      const running = await openDatabase({ dataDir: path.join(fullData, "pglite") });
      try {
        expect(await refused("full", file, true)).toMatch(
          /is in use by another process .*Stop the server first/,
        );
      } finally {
        await running.close();
      }
      // A database a newer release has migrated, even with --force.
      await cp(path.join(folder, "full"), path.join(folder, "newer"), { recursive: true });
      const newer = await openDatabase({ dataDir: path.join(folder, "newer", "data", "pglite") });
      await newer.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', 4102444800000)`,
      );
      await newer.close();
      expect(await refused("newer", file, true)).toMatch(
        /^The database is at schema version a migration of 2100/,
      );
    });

    it("backs up a site, refuses while the server holds PGlite, and restores into a fresh DATA_DIR", async () => {
      const dataDir = path.join(folder, "site", "data", "pglite");
      const uploadDir = path.join(folder, "site", "uploads");
      const template = inject("pgliteTemplate");
      const site = await openDatabase({
        dataDir,
        from: template ? new Blob([await readFile(template)]) : undefined,
      });
      let seeded;
      try {
        await site.migrate();
        await seedEveryTable(site, uploadDir);
        seeded = await snapshot(site, uploadDir);
        // The server is running: it holds the folder.
        const refused = await command("backup", [], "site");
        expect(refused.code).toBe(1);
        expect(refused.stderr).toBe(
          `The database folder ${dataDir} is in use by another process (pid ${process.pid}). PGlite serves one process; set DATABASE_URL to a PostgreSQL server to run more than one instance. Stop the server first: on PGlite a backup needs the database to itself.\n`,
        );
      } finally {
        await site.close();
      }

      const made = await command("backup", [], "site");
      expect(made.stderr).toBe("");
      const [, file] =
        /^Backup written to (\S+) \(\d+\.\d MB\): \d+ rows in \d+ tables and \d+ files, schema \S+, in [\d.]+ s\.\n$/.exec(
          made.stdout,
        ) ?? [];
      expect(path.dirname(file!)).toBe(path.join(folder, "backups"));

      const restored = await command("restore", [file!], "copy");
      expect(restored.stderr).toBe("");
      expect(restored.stdout).toMatch(
        /^Restored zipat-backup-.+\.ndjson\.gz \(made .+ on pglite, schema .+\): \d+ rows in \d+ tables and \d+ files, into PGlite in .+, in [\d.]+ s\.\n$/,
      );
      const copy = await openDatabase({ dataDir: path.join(folder, "copy", "data", "pglite") });
      try {
        expect(await snapshot(copy, path.join(folder, "copy", "uploads"))).toEqual(seeded);
      } finally {
        await copy.close();
      }
    });
  });
