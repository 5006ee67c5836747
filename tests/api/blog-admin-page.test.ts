import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Inserts `total` posts, one minute apart, numbered 1 (oldest) to total (newest). */
async function seedPosts(total: number) {
  await app.db.delete(blogPosts);
  const start = Date.parse("2026-01-01T00:00:00Z");
  await app.db.insert(blogPosts).values(
    Array.from({ length: total }, (_, index) => ({
      title: `Post ${index + 1}`,
      category: "News",
      description: `The text of post ${index + 1}.`,
      createdAt: new Date(start + index * 60_000),
    })),
  );
}

describe("blog.listPage (the admin screen's list)", () => {
  it("answers an empty blog as one empty page", async () => {
    await app.db.delete(blogPosts);
    expect(await app.services.blog.listPage()).toEqual({ rows: [], totalPages: 1, currentPage: 1, total: 0 });
  });

  it("shows 100 posts a page (the spec's admin fetch size), newest first, with the total", async () => {
    await seedPosts(101);
    const first = await app.services.blog.listPage({ page: 1 });
    expect(first).toMatchObject({ totalPages: 2, currentPage: 1, total: 101 });
    expect(first.rows).toHaveLength(100);
    expect(first.rows[0]!.title).toBe("Post 101");
    expect(first.rows[99]!.title).toBe("Post 2");

    const second = await app.services.blog.listPage({ page: 2 });
    expect(second.rows.map((post) => post.title)).toEqual(["Post 1"]);
  });

  it("answers a page past the end with the last page, so a stale link still shows posts", async () => {
    await seedPosts(3);
    const page = await app.services.blog.listPage({ page: 9 });
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, total: 3 });
    expect(page.rows.map((post) => post.title)).toEqual(["Post 3", "Post 2", "Post 1"]);
  });

  it("leaves the public list's shape and page size as they were", async () => {
    await seedPosts(8);
    const publicPage = await app.services.blog.list({ page: 2 });
    expect(publicPage.currentPage).toBe(2);
    expect(publicPage.totalPages).toBe(2);
    expect(publicPage.posts.map((post) => post.title)).toEqual(["Post 2", "Post 1"]);
  });
});
