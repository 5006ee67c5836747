import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { LIMITS } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import type { Database } from "../../db/client";
import { blogPosts, type BlogPostRow } from "../../db/schema";
import { notFound } from "./errors";
import type { ImageStorage } from "./image-storage.server";
import { pagination, parseInput, recordId, requiredText } from "./validation";

export const blogPostInput = z.object({
  title: requiredText("a title", LIMITS.title),
  category: requiredText("a category", LIMITS.category),
  description: requiredText("the post's text", LIMITS.description),
});

export const BLOG_PAGE = { defaultLimit: 6, maxLimit: 100 } as const;
export const blogListQuery = pagination(BLOG_PAGE);

export type BlogPost = BlogPostRow;
export type BlogPage = { posts: BlogPost[]; totalPages: number; currentPage: number };

export type BlogService = ReturnType<typeof createBlogService>;

export function createBlogService({ db, images }: { db: Database; images: ImageStorage }) {
  async function find(id: unknown): Promise<BlogPost> {
    const parsed = recordId.safeParse(id);
    if (!parsed.success) throw notFound(MESSAGES.blog.notFound);
    const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, parsed.data));
    if (!post) throw notFound(MESSAGES.blog.notFound);
    return post;
  }

  return {
    /** Newest first. A page past the end is empty rather than an error. */
    async list(query: unknown = {}): Promise<BlogPage> {
      const { page, limit } = parseInput(blogListQuery, query);
      const [posts, [totals]] = await Promise.all([
        db
          .select()
          .from(blogPosts)
          .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ total: count() }).from(blogPosts),
      ]);
      return { posts, totalPages: Math.ceil((totals?.total ?? 0) / limit), currentPage: page };
    },

    get: find,

    /** The image is stored only after the fields are valid. */
    async create(input: unknown, image?: Uint8Array): Promise<BlogPost> {
      const values = parseInput(blogPostInput, input);
      return images.storeWith(image, async (imageUrl) => {
        const [post] = await db
          .insert(blogPosts)
          .values({ ...values, imageUrl })
          .returning();
        return post!;
      });
    },

    /** The image changes only when a new file is sent; the replaced file is then deleted. */
    async update(id: unknown, input: unknown, image?: Uint8Array): Promise<BlogPost> {
      const existing = await find(id);
      const values = parseInput(blogPostInput, input);
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

    async remove(id: unknown): Promise<void> {
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
