import { count, eq } from "drizzle-orm";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { blogPosts, type BlogPostRow } from "../../db/schema";
import { notFound } from "./errors";
import { pageWindow } from "./page-window.server";
import { byAge, pageOf, readWindow, type PageQuery, type Paged, type ReadRows } from "./paging.server";
import { frozen, type PublicContentDependencies } from "./public-data.server";
import { pagination, schemaOf, type FormInput } from "./validation";

/** A post as the /api takes it. */
export const blogPostInput = schemaOf(FORMS.blogPost);
/**
 * What a post is saved from: its fields, and from the admin's form its Hindi too (issue 37). Left
 * out (the /api), the stored Hindi stays as it is: drizzle leaves undefined columns out.
 */
export type BlogPostInput = FormInput<typeof FORMS.blogPost> &
  Partial<FormInput<typeof FORMS.blogPostWithHindi>>;

const BLOG_PAGE = { defaultLimit: 6, maxLimit: 100 } as const;
export const blogListQuery = pagination(BLOG_PAGE);

export type BlogPost = BlogPostRow;
export type BlogPage = { posts: BlogPost[]; totalPages: number; currentPage: number };

export function createBlogService({ db, images, cache }: PublicContentDependencies) {
  async function find(id: number): Promise<BlogPost> {
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (!post) throw notFound(MESSAGES.blog.notFound);
    return post;
  }

  async function countPosts(): Promise<number> {
    const [totals] = await db.select({ total: count() }).from(blogPosts);
    return totals?.total ?? 0;
  }

  const postsIn: ReadRows<BlogPost> = async (order, limit, offset) =>
    db
      .select()
      .from(blogPosts)
      .orderBy(...byAge(order, blogPosts.createdAt, blogPosts.id))
      .limit(limit)
      .offset(offset);

  return {
    /** Newest first. A page past the end is empty rather than an error. */
    async list({ page = 1, limit = BLOG_PAGE.defaultLimit }: PageQuery = {}): Promise<BlogPage> {
      return cache.read("blog", `blog.list:${page}:${limit}`, async () => {
        // Shared by every page's entry: one count per write, not one per page visited.
        const total = await cache.read("blog", "blog.count", countPosts);
        const posts = await readWindow(postsIn, pageWindow(total, page, limit));
        return frozen({ posts, totalPages: Math.ceil(total / limit), currentPage: page });
      });
    },

    /** The admin screen's page: `{ rows, totalPages, currentPage, total }`, 100 posts a page. */
    async listPage(query: { page?: unknown } = {}): Promise<Paged<BlogPost>> {
      return pageOf({ limit: BLOG_PAGE.maxLimit, ...query }, { count: countPosts, rows: postsIn });
    },

    async get(id: number): Promise<BlogPost> {
      return cache.read("blog", `blog.get:${id}`, async () => frozen(await find(id)));
    },

    /** The image is stored only after the fields are valid. */
    async create(values: BlogPostInput, image?: Uint8Array): Promise<BlogPost> {
      return images.storeWith(image, async (imageUrl) => {
        const [post] = await db
          .insert(blogPosts)
          .values({ ...values, imageAlt: values.imageAlt ?? null, imageUrl })
          .returning();
        return post!;
      });
    },

    /**
     * The image changes only when a new file is sent; the replaced file is then deleted. An image
     * description left out (`undefined`) stays as stored: drizzle leaves undefined columns out.
     */
    async update(id: number, values: BlogPostInput, image?: Uint8Array): Promise<BlogPost> {
      const existing = await find(id);
      const post = await images.storeWith(image, async (newImageUrl) => {
        const [updated] = await db
          .update(blogPosts)
          .set({ ...values, imageUrl: newImageUrl ?? existing.imageUrl, updatedAt: new Date() })
          .where(eq(blogPosts.id, existing.id))
          .returning();
        if (!updated) throw notFound(MESSAGES.blog.notFound);
        return updated;
      });
      if (image) await images.remove(existing.imageUrl);
      return post;
    },

    async remove(id: number): Promise<void> {
      const existing = await find(id);
      const [deleted] = await db
        .delete(blogPosts)
        .where(eq(blogPosts.id, existing.id))
        .returning({ imageUrl: blogPosts.imageUrl });
      if (!deleted) throw notFound(MESSAGES.blog.notFound);
      await images.remove(deleted.imageUrl);
    },
  };
}
