import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { count, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client";
import { DEMO_COMPANY_DETAILS, DEMO_COURSES, DEMO_POSTS } from "../../db/demo/content";
import { projectFile } from "../../db/project-files";
import * as schema from "../../db/schema";
import type { AuthService } from "./auth.server";
import { ensureGrades } from "./grades.server";
import type { ImageStorage } from "./image-storage.server";

export const DEMO_ADMIN = { email: "admin@zipat.school", name: "School Admin" } as const;

const SEED_LOCK_ID = 726_361_002;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Tables whose rows mean "someone has used this database": seeding never touches it then. */
const CONTENT_TABLES = [
  schema.users,
  schema.blogPosts,
  schema.courses,
  schema.companyDetails,
  schema.applications,
  schema.demoRequests,
  schema.orders,
];

async function isEmpty(db: Pick<Database, "select">): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const [row] = await db.select({ total: count() }).from(table);
    if ((row?.total ?? 0) > 0) return false;
  }
  return true;
}

/** Demo illustrations are drawn as SVG in the project and stored as WebP like any upload. */
async function demoImage(file: string): Promise<Uint8Array> {
  const svg = await readFile(projectFile("db", "demo", "images", file));
  return sharp(svg).resize(1200, 800).webp({ quality: 82 }).toBuffer();
}

export type SeedResult = { seeded: boolean; demoAdmin?: { email: string; password: string } };

/**
 * Fills an empty database with the demo school: contact details, blog posts, courses and (unless
 * an ADMIN comes from the environment) a demo admin with a fresh random password. Runs at most
 * once: a database with any content is left alone.
 */
async function seedDemoContent({
  db,
  images,
  auth,
  createDemoAdmin,
}: {
  db: Database;
  images: ImageStorage;
  auth: AuthService;
  createDemoAdmin: boolean;
}): Promise<SeedResult> {
  if (!(await isEmpty(db))) return { seeded: false };

  const stored: string[] = [];
  const store = async (file: string) => {
    const url = await images.save(await demoImage(file));
    stored.push(url);
    return url;
  };
  try {
    const postImages = await Promise.all(DEMO_POSTS.map((post) => store(post.image)));
    const courseImages = await Promise.all(DEMO_COURSES.map((course) => store(course.image)));
    const now = Date.now();
    const seeded = await db.transaction(async (tx) => {
      // Two processes starting on one empty server: the second waits, then finds content.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      if (!(await isEmpty(tx))) return false;
      await tx.insert(schema.companyDetails).values({ id: 1, ...DEMO_COMPANY_DETAILS });
      await tx.insert(schema.blogPosts).values(
        DEMO_POSTS.map((post, index) => {
          const publishedAt = new Date(now - post.daysAgo * DAY_MS);
          return {
            title: post.title,
            category: post.category,
            description: post.description,
            imageUrl: postImages[index]!,
            imageAlt: post.imageAlt,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          };
        }),
      );
      await tx.insert(schema.courses).values(
        DEMO_COURSES.map((course, index) => ({
          title: course.title,
          description: course.description,
          imageUrl: courseImages[index]!,
          imageAlt: course.imageAlt,
          // Keeps the catalogue in the order it is written in.
          createdAt: new Date(now - (DEMO_COURSES.length - index) * 60_000),
        })),
      );
      return true;
    });
    if (!seeded) {
      await Promise.all(stored.map((url) => images.remove(url)));
      return { seeded: false };
    }
  } catch (error) {
    await Promise.all(stored.map((url) => images.remove(url)));
    throw error;
  }

  if (!createDemoAdmin) return { seeded: true };
  const password = randomBytes(12).toString("base64url");
  await auth.ensureAdmin({ ...DEMO_ADMIN, password });
  return { seeded: true, demoAdmin: { email: DEMO_ADMIN.email, password } };
}

/** Everything a start needs besides migrations: reference data, demo content, the env's ADMIN. */
export async function prepareDatabase({
  db,
  images,
  auth,
  admin,
}: {
  db: Database;
  images: ImageStorage;
  auth: AuthService;
  admin?: { email: string; name: string; password: string };
}): Promise<SeedResult> {
  await ensureGrades(db);
  const result = await seedDemoContent({ db, images, auth, createDemoAdmin: !admin });
  if (admin) await auth.ensureAdmin(admin);
  return result;
}
