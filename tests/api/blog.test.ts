import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPageAnswer, blogPostAnswer } from "~/api/schemas.server";
import { MESSAGES } from "~/domain/messages";
import { blogPosts } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import {
  expectError,
  expectOk,
  imageStored,
  makeImage,
  multipart,
  rowCount,
  storedImageNames,
} from "./helpers";

let app: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
  user = (await app.createUser("USER")).token;
});
afterAll(async () => {
  await app?.close();
});

const post = (n: number) => ({ title: `Post ${n}`, category: "News", description: `The text of post ${n}.` });
const hasImage = (url: string | null) => imageStored(app, url);

async function createPost(fields: Record<string, string>, image?: Buffer) {
  const answer = await app.api("/blog", {
    method: "POST",
    token: admin,
    form: multipart(fields, image && { bytes: image, name: "cover.png" }),
  });
  return expectOk(answer, 201, blogPostAnswer);
}

describe("GET /blog", () => {
  it("answers an empty list with no pages", async () => {
    await app.db.delete(blogPosts);
    expect(expectOk(await app.api("/blog"), 200, blogPageAnswer)).toEqual({
      posts: [],
      totalPages: 0,
      currentPage: 1,
    });
  });

  describe("with 8 posts", () => {
    let created: Array<{ id: number }>;
    beforeAll(async () => {
      created = [];
      for (let n = 1; n <= 8; n += 1) created.push(await createPost(post(n)));
    });

    it("answers the first page, newest first, 6 posts by default", async () => {
      const page = expectOk(await app.api("/blog"), 200, blogPageAnswer);
      expect(page.currentPage).toBe(1);
      expect(page.totalPages).toBe(2);
      expect(page.posts.map((p) => p.title)).toEqual([
        "Post 8",
        "Post 7",
        "Post 6",
        "Post 5",
        "Post 4",
        "Post 3",
      ]);
    });

    it("pages with ?page&limit", async () => {
      const second = expectOk(await app.api("/blog?page=2"), 200, blogPageAnswer);
      expect(second).toMatchObject({ currentPage: 2, totalPages: 2 });
      expect(second.posts.map((p) => p.title)).toEqual(["Post 2", "Post 1"]);

      const home = expectOk(await app.api("/blog?page=1&limit=3"), 200, blogPageAnswer);
      expect(home).toMatchObject({ currentPage: 1, totalPages: 3 });
      expect(home.posts.map((p) => p.title)).toEqual(["Post 8", "Post 7", "Post 6"]);

      const all = expectOk(await app.api("/blog?page=1&limit=100"), 200, blogPageAnswer);
      expect(all).toMatchObject({ currentPage: 1, totalPages: 1 });
      expect(all.posts.map((p) => p.id)).toEqual(created.map((p) => p.id).reverse());
    });

    it("orders by creation time, not by id", async () => {
      // Backdate the newest post: it must move to the end of the list.
      const newest = created[created.length - 1]!;
      await app.db
        .update(blogPosts)
        .set({ createdAt: new Date("2020-01-01T00:00:00Z") })
        .where(eq(blogPosts.id, newest.id));
      // Written past the services, so the public cache must be told.
      app.services.publicData.invalidate();
      try {
        const all = expectOk(await app.api("/blog?limit=100"), 200, blogPageAnswer);
        expect(all.posts.at(-1)!.id).toBe(newest.id);
        expect(all.posts[0]!.title).toBe("Post 7");
      } finally {
        await app.db.update(blogPosts).set({ createdAt: new Date() }).where(eq(blogPosts.id, newest.id));
        app.services.publicData.invalidate();
      }
    });

    it("answers an empty page past the end", async () => {
      const past = expectOk(await app.api("/blog?page=5&limit=6"), 200, blogPageAnswer);
      expect(past).toEqual({ posts: [], totalPages: 2, currentPage: 5 });
    });

    it.each([
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "limit=abc",
      "limit=0",
      "limit=101",
      "limit=1000",
      "limit=2.5",
      "page=",
      "page=1&page=2",
      "page=99999999999",
    ])("refuses ?%s with 400", async (query) => {
      const field = query.split("=")[0]!;
      expectError(await app.api(`/blog?${query}`), 400, [field]);
    });

    it("says which pages there can be", async () => {
      const body = expectError(await app.api("/blog?page=99999999999"), 400, ["page"]);
      expect(body.message).toBe("The page must be a whole number from 1 to 10,00,000.");
    });
  });
});

describe("GET /blog/:id", () => {
  it("answers one post", async () => {
    const created = await createPost(post(100));
    const answer = expectOk(await app.api(`/blog/${created.id}`), 200, blogPostAnswer);
    expect(answer).toEqual(created);
    expect(answer).toMatchObject({ ...post(100), imageUrl: null, imageAlt: null });
  });

  it.each(["999999", "abc", "-1", "0", "1.5", "99999999999", "1e0", "0x1", "01", "1.0", "%201"])(
    "answers /blog/%s with 404 'Post not found.'",
    async (id) => {
      const answer = await app.api(`/blog/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: MESSAGES.blog.notFound });
    },
  );
});

describe("POST /blog (ADMIN)", () => {
  it("creates a post from multipart fields without an image", async () => {
    const created = await createPost({
      title: "  Sports Day  ",
      category: "Events",
      description: "Races\n\nand prizes",
    });
    expect(created).toMatchObject({ title: "Sports Day", category: "Events", imageUrl: null });
    // Multipart encodes line breaks as CRLF (as browsers do); the lines themselves are kept.
    expect(created.description.split(/\r?\n/)).toEqual(["Races", "", "and prizes"]);
    const [stored] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(stored).toMatchObject({
      title: "Sports Day",
      category: "Events",
      description: created.description,
      imageUrl: null,
    });
  });

  it("creates a post with an image, stored under /uploads and served as an image", async () => {
    const image = await makeImage("png");
    const created = await createPost(post(200), image);
    expect(await hasImage(created.imageUrl)).toBe(true);
    const [stored] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(stored!.imageUrl).toBe(created.imageUrl);
    const served = await fetch(app.baseUrl + created.imageUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it("accepts a JSON body as well, keeping line breaks as sent", async () => {
    const json = { ...post(300), description: "First line\nSecond line\n\nThird" };
    const created = expectOk(
      await app.api("/blog", { method: "POST", token: admin, json }),
      201,
      blogPostAnswer,
    );
    expect(created).toMatchObject({ ...json, imageUrl: null });
    const [stored] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(stored!.description).toBe(json.description);
  });

  it("ignores unknown fields (id, imageUrl, createdAt are not the client's to set)", async () => {
    const created = expectOk(
      await app.api("/blog", {
        method: "POST",
        token: admin,
        json: {
          ...post(301),
          id: 424242,
          imageUrl: "/uploads/evil.png",
          createdAt: "2000-01-01T00:00:00Z",
          author: "x",
        },
      }),
      201,
      blogPostAnswer,
    );
    expect(created.id).not.toBe(424242);
    expect(created.imageUrl).toBeNull();
    expect(new Date(created.createdAt).getFullYear()).toBeGreaterThan(2000);
  });

  it.each([
    ["no fields", {}, ["title", "category", "description"]],
    ["no title", { category: "News", description: "Text" }, ["title"]],
    ["a blank title", { title: " ", category: "News", description: "Text" }, ["title"]],
    ["no category", { title: "T", description: "Text" }, ["category"]],
    ["no description", { title: "T", category: "News" }, ["description"]],
    ["a 201-character title", { title: "t".repeat(201), category: "News", description: "Text" }, ["title"]],
    ["a 61-character category", { title: "T", category: "c".repeat(61), description: "Text" }, ["category"]],
    [
      "a 20,001-character description",
      { title: "T", category: "News", description: "d".repeat(20_001) },
      ["description"],
    ],
  ])("refuses %s with 400 and stores nothing, not even the image", async (_label, fields, errors) => {
    const before = await rowCount(app, blogPosts);
    const files = await storedImageNames(app);
    const form = multipart(fields, { bytes: await makeImage() });
    expectError(await app.api("/blog", { method: "POST", token: admin, form }), 400, errors);
    expect(await rowCount(app, blogPosts)).toBe(before);
    expect(await storedImageNames(app)).toEqual(files);
  });

  it("accepts a 200-character title and a 20,000-character description", async () => {
    const created = await createPost({
      title: "t".repeat(200),
      category: "c".repeat(60),
      description: "d".repeat(20_000),
    });
    expect(created.description).toHaveLength(20_000);
  });

  it("is for ADMINs only", async () => {
    const before = await rowCount(app, blogPosts);
    expectError(await app.api("/blog", { method: "POST", json: post(1) }), 401);
    expectError(await app.api("/blog", { method: "POST", token: user, json: post(1) }), 403);
    expect(await rowCount(app, blogPosts)).toBe(before);
  });
});

describe("PUT /blog/:id (ADMIN)", () => {
  it("updates the fields and keeps the image when no file is sent", async () => {
    const created = await createPost(post(400), await makeImage("png"));
    const answer = await app.api(`/blog/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ title: "Renamed", category: "Updates", description: "New text" }),
    });
    const updated = expectOk(answer, 200, blogPostAnswer);
    expect(updated).toMatchObject({
      id: created.id,
      title: "Renamed",
      category: "Updates",
      description: "New text",
      imageUrl: created.imageUrl,
    });
    expect(updated.createdAt).toBe(created.createdAt);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updatedAt).getTime(),
    );
    expect(await hasImage(created.imageUrl)).toBe(true);
    const [stored] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(stored).toMatchObject({
      title: "Renamed",
      category: "Updates",
      description: "New text",
      imageUrl: created.imageUrl,
    });
  });

  it("replaces the image when a file is sent and removes the old file from disk", async () => {
    const created = await createPost(post(401), await makeImage("png"));
    const answer = await app.api(`/blog/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart(post(402), {
        bytes: await makeImage("jpeg", "#00f"),
        name: "new.jpg",
        type: "image/jpeg",
      }),
    });
    const updated = expectOk(answer, 200, blogPostAnswer);
    expect(updated.imageUrl).not.toBe(created.imageUrl);
    expect(updated.imageUrl).toMatch(/\.jpg$/);
    expect(await hasImage(updated.imageUrl)).toBe(true);
    expect(await hasImage(created.imageUrl)).toBe(false);
    const [stored] = await app.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(stored!.imageUrl).toBe(updated.imageUrl);
  });

  it("adds an image to a post that had none", async () => {
    const created = await createPost(post(403));
    const updated = expectOk(
      await app.api(`/blog/${created.id}`, {
        method: "PUT",
        token: admin,
        form: multipart(post(403), { bytes: await makeImage() }),
      }),
      200,
      blogPostAnswer,
    );
    expect(await hasImage(updated.imageUrl)).toBe(true);
  });

  it("refuses invalid fields with 400 and changes nothing, keeping the old image", async () => {
    const created = await createPost(post(404), await makeImage());
    const files = await storedImageNames(app);
    const answer = await app.api(`/blog/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart(
        { title: "", category: "News", description: "x" },
        { bytes: await makeImage("png", "#0f0") },
      ),
    });
    expectError(answer, 400, ["title"]);
    expect(await storedImageNames(app)).toEqual(files);
    expect(expectOk(await app.api(`/blog/${created.id}`), 200, blogPostAnswer)).toEqual(created);
  });

  it.each(["999999", "abc", "-1", "1.5"])("answers /blog/%s with 404", async (id) => {
    const files = await storedImageNames(app);
    const answer = await app.api(`/blog/${id}`, {
      method: "PUT",
      token: admin,
      form: multipart(post(1), { bytes: await makeImage() }),
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: MESSAGES.blog.notFound });
    expect(await storedImageNames(app)).toEqual(files);
  });
});

describe("DELETE /blog/:id (ADMIN)", () => {
  it("deletes the post and its image file, answering 204", async () => {
    const created = await createPost(post(500), await makeImage());
    expect(await hasImage(created.imageUrl)).toBe(true);
    const answer = await app.api(`/blog/${created.id}`, { method: "DELETE", token: admin });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect(await hasImage(created.imageUrl)).toBe(false);
    expect(await rowCount(app, blogPosts, eq(blogPosts.id, created.id))).toBe(0);
    expect((await app.api(`/blog/${created.id}`)).status).toBe(404);
    expect(await app.api(`/blog/${created.id}`, { method: "DELETE", token: admin })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.blog.notFound },
    });
  });

  it("deletes a post without an image", async () => {
    const created = await createPost(post(501));
    expect((await app.api(`/blog/${created.id}`, { method: "DELETE", token: admin })).status).toBe(204);
    expect(await rowCount(app, blogPosts, eq(blogPosts.id, created.id))).toBe(0);
  });

  it.each(["abc", "-1", "1.5"])("answers /blog/%s with 404", async (id) => {
    expect(await app.api(`/blog/${id}`, { method: "DELETE", token: admin })).toMatchObject({
      status: 404,
      body: { message: MESSAGES.blog.notFound },
    });
  });

  it("is for ADMINs only", async () => {
    const created = await createPost(post(502));
    expectError(await app.api(`/blog/${created.id}`, { method: "DELETE" }), 401);
    expectError(await app.api(`/blog/${created.id}`, { method: "DELETE", token: user }), 403);
    expect(await rowCount(app, blogPosts, eq(blogPosts.id, created.id))).toBe(1);
  });
});
