import { and, asc, count, eq, sql } from "drizzle-orm";
import { FORMS } from "~/domain/forms";
import { courseLikes, courses } from "../../db/schema";
import { badRequest, NOT_FOUND, notFound } from "./errors";
import { frozen, type PublicContentDependencies } from "./public-data.server";
import { schemaOf, type FormInput } from "./validation";

/** A course as the /api takes it. */
export const courseInput = schemaOf(FORMS.course);
/**
 * What a course is saved from: its fields, and from the admin's form its Hindi too (issue 37).
 * Left out (the /api), the stored Hindi stays as it is: drizzle leaves undefined columns out.
 */
export type CourseInput = FormInput<typeof FORMS.course> & Partial<FormInput<typeof FORMS.courseWithHindi>>;

export const COURSE_IMAGE_REQUIRED = "Please choose an image for the course.";

/** A course as every reader sees it: the viewer's own like and everyone's like count. */
export type Course = {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  /** The image's description; null: none given, the title stands in (`imageAltOf`). */
  imageAlt: string | null;
  /** Its Hindi (issue 37), both or neither: what its /hi pages show; null, they show the English. */
  titleHi: string | null;
  descriptionHi: string | null;
  isLiked: boolean;
  _count: { likes: number };
  createdAt: Date;
};

export type LikeState = { isLiked: boolean; _count: { likes: number } };

export function createCoursesService({ db, images, cache }: PublicContentDependencies) {
  const likeCount = sql<number>`(select count(*)::int from ${courseLikes} where ${courseLikes.courseId} = ${courses.id})`;

  function selectCourses() {
    return db
      .select({
        id: courses.id,
        title: courses.title,
        description: courses.description,
        imageUrl: courses.imageUrl,
        imageAlt: courses.imageAlt,
        titleHi: courses.titleHi,
        descriptionHi: courses.descriptionHi,
        createdAt: courses.createdAt,
        likes: likeCount,
      })
      .from(courses);
  }

  /** As an anonymous visitor sees it; the same for everyone, so it can be shared. */
  const toCourse = ({ likes, ...row }: Awaited<ReturnType<typeof selectCourses>>[number]): Course =>
    frozen({ ...row, isLiked: false, _count: { likes: Number(likes) } });

  /** The viewer's likes are theirs alone: read per request, never kept in the shared cache. */
  async function likedBy(viewerId: number, courseId?: number): Promise<Set<number>> {
    const mine = eq(courseLikes.userId, viewerId);
    const rows = await db
      .select({ courseId: courseLikes.courseId })
      .from(courseLikes)
      .where(courseId === undefined ? mine : and(mine, eq(courseLikes.courseId, courseId)));
    return new Set(rows.map((row) => row.courseId));
  }

  const forViewer = (course: Course, liked: Set<number>): Course =>
    liked.has(course.id) ? { ...course, isLiked: true } : course;

  async function load(courseId: number): Promise<Course> {
    const [row] = await selectCourses().where(eq(courses.id, courseId));
    if (!row) throw notFound(NOT_FOUND.course);
    return toCourse(row);
  }

  const withViewer = async (course: Course, viewerId?: number | null): Promise<Course> =>
    viewerId ? forViewer(course, await likedBy(viewerId, course.id)) : course;

  async function get(courseId: number, viewerId?: number | null): Promise<Course> {
    return withViewer(await cache.read("courses", `courses.get:${courseId}`, () => load(courseId)), viewerId);
  }

  return {
    /** The catalogue in the order staff created it. */
    async list(viewerId?: number | null): Promise<Course[]> {
      const catalogue = await cache.read("courses", "courses.list", async () =>
        frozen((await selectCourses().orderBy(asc(courses.createdAt), asc(courses.id))).map(toCourse)),
      );
      if (!viewerId) return catalogue;
      const liked = await likedBy(viewerId);
      return catalogue.map((course) => forViewer(course, liked));
    },

    get,

    /** How many courses the catalogue holds, as a subquery another statement folds in (the dashboard). */
    counted: sql<number>`(select count(*)::int from ${courses})`,

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(courses);
      return row?.total ?? 0;
    },

    async create(values: CourseInput, image?: Uint8Array): Promise<Course> {
      if (!image) throw badRequest(COURSE_IMAGE_REQUIRED, { image: [COURSE_IMAGE_REQUIRED] });
      const id = await images.storeWith(image, async (imageUrl) => {
        const [row] = await db
          .insert(courses)
          .values({ ...values, imageAlt: values.imageAlt ?? null, imageUrl: imageUrl! })
          .returning({ id: courses.id });
        return row!.id;
      });
      // From the database: the cache is emptied only once this write has settled.
      return load(id);
    },

    /**
     * Without a new file the existing image stays; a replaced file is deleted. An image
     * description left out (`undefined`) stays as stored: drizzle leaves undefined columns out.
     */
    async update(
      courseId: number,
      values: CourseInput,
      image?: Uint8Array,
      viewerId?: number | null,
    ): Promise<Course> {
      const [existing] = await db
        .select({ imageUrl: courses.imageUrl })
        .from(courses)
        .where(eq(courses.id, courseId));
      if (!existing) throw notFound(NOT_FOUND.course);
      await images.storeWith(image, async (newImageUrl) => {
        const [row] = await db
          .update(courses)
          .set({ ...values, imageUrl: newImageUrl ?? existing.imageUrl, updatedAt: new Date() })
          .where(eq(courses.id, courseId))
          .returning({ id: courses.id });
        if (!row) throw notFound(NOT_FOUND.course);
      });
      if (image) await images.remove(existing.imageUrl);
      return withViewer(await load(courseId), viewerId);
    },

    async remove(courseId: number): Promise<void> {
      const [deleted] = await db
        .delete(courses)
        .where(eq(courses.id, courseId))
        .returning({ imageUrl: courses.imageUrl });
      if (!deleted) throw notFound(NOT_FOUND.course);
      await images.remove(deleted.imageUrl);
    },

    /** Likes if not yet liked, unlikes otherwise; answers the viewer's new state and the count. */
    async toggleLike(courseId: number, userId: number): Promise<LikeState> {
      return db.transaction(async (tx) => {
        const [course] = await tx
          .select({ id: courses.id })
          .from(courses)
          .where(eq(courses.id, courseId))
          .for("share");
        if (!course) throw notFound(NOT_FOUND.course);
        const mine = and(eq(courseLikes.courseId, courseId), eq(courseLikes.userId, userId));
        const removed = await tx.delete(courseLikes).where(mine).returning({ userId: courseLikes.userId });
        if (removed.length === 0)
          await tx.insert(courseLikes).values({ courseId, userId }).onConflictDoNothing();
        const [{ likes } = { likes: 0 }] = await tx
          .select({ likes: sql<number>`count(*)::int` })
          .from(courseLikes)
          .where(eq(courseLikes.courseId, courseId));
        return { isLiked: removed.length === 0, _count: { likes: Number(likes) } };
      });
    },
  };
}
