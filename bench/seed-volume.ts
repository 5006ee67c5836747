import { sql } from "drizzle-orm";
import { GRADES } from "../app/domain/grades";
import { APPLICATION_STATUSES, DEMO_STATUSES } from "../app/domain/statuses";
import type { Database } from "../db/client";

/**
 * Fills a bench database with a school's worth of records in a few statements
 * (generate_series, never one insert per row). Every row is older than the demo content, so the
 * first pages still show the demo posts and their pictures. For bench databases only: posts
 * carry no image, and accounts have a password hash nobody can log in with.
 */
export type Volume = { posts: number; applications: number; demos: number; parents: number };

export const BENCH_VOLUME: Volume = { posts: 120, applications: 2_000, demos: 2_000, parents: 300 };
export const GROWTH_VOLUME: Volume = {
  posts: 100_000,
  applications: 100_000,
  demos: 100_000,
  parents: 1_000,
};

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`);

const PARAGRAPH =
  "Children learn best when they feel safe, curious and heard. In our live online classes, " +
  "teachers keep groups small, ask every child to speak, and share short activities that " +
  "families can continue at home after the class.";

export async function seedVolume(db: Database, volume: Volume): Promise<void> {
  const grades = textArray(GRADES);
  await db.execute(sql`
    insert into blog_posts (title, category, description, image_url, created_at, updated_at)
    select
      'Learning at home, note ' || g,
      (${textArray(["Parenting", "Learning", "Admissions", "School life"])})[1 + g % 4],
      'Note ' || g || E'.\n\n' || repeat(${PARAGRAPH} || E'\n\n', 6),
      null,
      now() - interval '60 days' - g * interval '7 minutes',
      now() - interval '60 days' - g * interval '7 minutes'
    from generate_series(1, ${volume.posts}) g`);
  await db.execute(sql`
    insert into applications (student_name, dob, grade, parent_name, mobile, email, status, created_at)
    select
      'Student ' || g,
      (date '2015-01-01' + (g % 2500))::date,
      ((${grades})[1 + g % ${GRADES.length}])::grade,
      'Parent ' || g,
      '+919' || lpad((g % 1000000000)::text, 9, '0'),
      'parent' || g || '@example.com',
      ((${textArray(APPLICATION_STATUSES)})[1 + g % ${APPLICATION_STATUSES.length}])::application_status,
      now() - g * interval '3 minutes'
    from generate_series(1, ${volume.applications}) g`);
  await db.execute(sql`
    insert into demo_requests (parent_name, student_name, grade, mobile, email, preferred_date_time, status, created_at)
    select
      'Parent ' || g,
      'Student ' || g,
      ((${grades})[1 + g % ${GRADES.length}])::grade,
      '+918' || lpad((g % 1000000000)::text, 9, '0'),
      'family' || g || '@example.com',
      'Weekday evening after 5 PM',
      ((${textArray(DEMO_STATUSES)})[1 + g % ${DEMO_STATUSES.length}])::demo_status,
      now() - g * interval '3 minutes'
    from generate_series(1, ${volume.demos}) g`);
  await db.execute(sql`
    insert into users (name, email, password_hash, role, created_at)
    select 'Parent ' || g, 'bench-parent' || g || '@example.com', 'not-a-login', 'USER', now() - g * interval '1 hour'
    from generate_series(1, ${volume.parents}) g`);
  // Every parent likes a few courses, so the catalogue shows real counts.
  await db.execute(sql`
    insert into course_likes (user_id, course_id)
    select u.id, c.id from users u join courses c on (u.id + c.id) % 3 = 0
    where u.email like 'bench-parent%'
    on conflict do nothing`);
  // As autovacuum leaves a table in steady use: statistics and the visibility map up to date.
  await db.execute(sql`vacuum analyze`);
}
