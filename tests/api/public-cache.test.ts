import { get } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  blogPageAnswer,
  blogPostAnswer,
  courseAnswer,
  detailsAnswer,
  gradeFeeAnswer,
} from "~/api/schemas.server";
import { z } from "zod";
import { grades } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { CONSENT, expectOk, makeImage, multipart } from "./helpers";

/**
 * Public answers are kept in the process (data and prepared HTTP answers); every write through
 * the API or a service must show on the very next request.
 */
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
  await app.services.details.update({
    address: "1 School Road",
    email: "hello@example.com",
    phone: "+91 80 1234 5678",
  });
});
afterAll(async () => {
  await app?.close();
});

const blogPage = async (query = "") => expectOk(await app.api(`/blog${query}`), 200, blogPageAnswer);
const titles = async () => (await blogPage("?limit=100")).posts.map((post) => post.title);

async function createPost(title: string) {
  const answer = await app.api("/blog", {
    method: "POST",
    token: admin,
    form: multipart({ title, category: "News", description: `All about ${title}.` }),
  });
  return expectOk(answer, 201, blogPostAnswer);
}

async function createCourse(title: string) {
  const answer = await app.api("/courses", {
    method: "POST",
    token: admin,
    form: multipart({ title, description: `Learning ${title}.` }, { bytes: await makeImage("png") }),
  });
  return expectOk(answer, 201, courseAnswer);
}

const courseList = async (token?: string) =>
  expectOk(await app.api("/courses", { token }), 200, z.array(courseAnswer));

/** The raw bytes and headers of an answer (fetch would decode them). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; bytes: Buffer }>((resolve, reject) => {
    get(`${app.baseUrl}/api${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === "string") answerHeaders.set(name, value);
        resolve({ status: response.statusCode!, headers: answerHeaders, bytes: Buffer.concat(chunks) });
      });
    }).on("error", reject);
  });
}

describe("writes through the API show on the next request", () => {
  it("a new, a changed and a deleted blog post", async () => {
    expect(await titles()).not.toContain("Sports Day");
    const created = await createPost("Sports Day");
    expect(await titles()).toContain("Sports Day");
    expect(expectOk(await app.api(`/blog/${created.id}`), 200, blogPostAnswer).title).toBe("Sports Day");

    const changed = await app.api(`/blog/${created.id}`, {
      method: "PUT",
      token: admin,
      json: { title: "Sports Day 2025", category: "News", description: "Races and prizes." },
    });
    expectOk(changed, 200, blogPostAnswer);
    expect(expectOk(await app.api(`/blog/${created.id}`), 200, blogPostAnswer).title).toBe("Sports Day 2025");
    expect(await titles()).toEqual(expect.arrayContaining(["Sports Day 2025"]));
    expect(await titles()).not.toContain("Sports Day");

    expect((await app.api(`/blog/${created.id}`, { method: "DELETE", token: admin })).status).toBe(204);
    expect((await app.api(`/blog/${created.id}`)).status).toBe(404);
    expect(await titles()).not.toContain("Sports Day 2025");
  });

  it("the page count as posts are added", async () => {
    const before = await blogPage("?limit=1");
    await createPost("Annual Day");
    const after = await blogPage("?limit=1");
    expect(after.totalPages).toBe(before.totalPages + 1);
    expect(after.posts[0]!.title).toBe("Annual Day");
  });

  it("a like, in everyone's count and only in the liker's isLiked", async () => {
    const course = await createCourse("Pottery");
    const alice = await app.createUser("USER");
    const bob = await app.createUser("USER");
    const find = (list: Array<{ id: number }>) =>
      list.find((item) => item.id === course.id) as z.infer<typeof courseAnswer>;

    expect(find(await courseList())._count.likes).toBe(0);
    expect(find(await courseList(bob.token)).isLiked).toBe(false);
    expect((await app.api(`/courses/${course.id}/like`, { method: "POST", token: alice.token })).status).toBe(
      200,
    );

    expect(find(await courseList())).toMatchObject({ isLiked: false, _count: { likes: 1 } });
    expect(find(await courseList(alice.token))).toMatchObject({ isLiked: true, _count: { likes: 1 } });
    expect(find(await courseList(bob.token))).toMatchObject({ isLiked: false, _count: { likes: 1 } });
    expect(
      expectOk(await app.api(`/courses/${course.id}`, { token: alice.token }), 200, courseAnswer).isLiked,
    ).toBe(true);
    expect(
      expectOk(await app.api(`/courses/${course.id}`, { token: bob.token }), 200, courseAnswer).isLiked,
    ).toBe(false);
    expect(expectOk(await app.api(`/courses/${course.id}`), 200, courseAnswer)).toMatchObject({
      isLiked: false,
      _count: { likes: 1 },
    });

    await app.api(`/courses/${course.id}/like`, { method: "POST", token: alice.token });
    expect(find(await courseList())._count.likes).toBe(0);
    expect(find(await courseList(alice.token)).isLiked).toBe(false);
  });

  it("a changed and a deleted course", async () => {
    const course = await createCourse("Chess");
    expect((await courseList()).map((item) => item.title)).toContain("Chess");
    await app.api(`/courses/${course.id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ title: "Chess Club", description: "Openings and endgames." }),
    });
    expect(expectOk(await app.api(`/courses/${course.id}`), 200, courseAnswer).title).toBe("Chess Club");
    await app.api(`/courses/${course.id}`, { method: "DELETE", token: admin });
    expect((await app.api(`/courses/${course.id}`)).status).toBe(404);
    expect((await courseList()).map((item) => item.title)).not.toContain("Chess Club");
  });

  it("the school's contact details", async () => {
    expectOk(await app.api("/details"), 200, detailsAnswer);
    const update = {
      address: "2 Learning Lane, Pune",
      email: "office@example.com",
      phone: "+91 20 5555 0000",
    };
    expectOk(await app.api("/details", { method: "PUT", token: admin, json: update }), 200, detailsAnswer);
    expect(expectOk(await app.api("/details"), 200, detailsAnswer)).toEqual(update);
  });
});

describe("writes through the services show on the next request", () => {
  it("in the service's own reads and in the API's answers", async () => {
    await blogPage();
    await app.services.blog.create({ title: "Science Fair", category: "Events", description: "Volcanoes." });
    expect((await app.services.blog.list({ page: 1, limit: 1 })).posts[0]!.title).toBe("Science Fair");
    expect((await blogPage()).posts[0]!.title).toBe("Science Fair");

    const fees = z.array(gradeFeeAnswer);
    expect(expectOk(await app.api("/grades"), 200, fees).find((row) => row.grade === "Grade 3")!.fee).toBe(
      15000,
    );
    // Fees have no write method yet: changed behind the services' back, and then a write of
    // something else, they stay as they were; once their topic is named, the new fee shows.
    await app.db.update(grades).set({ fee: 18000 }).where(eq(grades.name, "Grade 3"));
    await app.services.details.update({
      address: "3 New Road",
      email: "new@example.com",
      phone: "+91 80 0000 1111",
    });
    expect(expectOk(await app.api("/details"), 200, detailsAnswer).address).toBe("3 New Road");
    const feeOfGrade3 = async () =>
      expectOk(await app.api("/grades"), 200, fees).find((row) => row.grade === "Grade 3")!.fee;
    expect(await feeOfGrade3()).toBe(15000);
    app.services.publicData.invalidate(["grades"]);
    expect(await feeOfGrade3()).toBe(18000);
  });

  it("a failed write empties the cache too (it may have changed something before failing)", async () => {
    await blogPage();
    const generation = app.services.publicData.generation;
    await expect(
      app.services.blog.update(999999, { title: "x", category: "y", description: "z" }),
    ).rejects.toThrow();
    expect(app.services.publicData.generation).toBeGreaterThan(generation);
  });

  it("a read leaves the cache alone", async () => {
    const generation = app.services.publicData.generation;
    await app.services.blog.list();
    await app.services.courses.list();
    await app.services.details.get();
    await app.services.grades.list();
    expect(app.services.publicData.generation).toBe(generation);
  });
});

describe("HTTP caching of public answers", () => {
  it("answers anonymous reads with an ETag, then 304, then 200 again after a write", async () => {
    const first = await raw("/blog?page=1&limit=6");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("vary")).toContain("Authorization");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await raw("/blog?page=1&limit=6", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    await createPost("Yoga Week");
    const changed = await raw("/blog?page=1&limit=6", { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(JSON.parse(changed.bytes.toString()).posts[0].title).toBe("Yoga Week");
  });

  it("drops only what a write changed: a like keeps the blog, a logout keeps everything", async () => {
    const course = await createCourse("Origami");
    const blogTag = (await raw("/blog")).headers.get("etag")!;
    const coursesTag = (await raw("/courses")).headers.get("etag")!;
    const unchanged = async (path: string, etag: string) =>
      (await raw(path, { "if-none-match": etag })).status;
    expect(await unchanged("/blog", blogTag)).toBe(304);
    expect(await unchanged("/courses", coursesTag)).toBe(304);

    const parent = await app.createUser("USER");
    const generation = app.services.publicData.generation;
    // What the /logout page does: the token is revoked.
    await app.services.auth.revoke(parent.token);
    expect(await app.services.auth.authenticate(parent.token)).toBeNull();
    expect(app.services.publicData.generation).toBe(generation);

    await app.api(`/courses/${course.id}/like`, {
      method: "POST",
      token: (await app.createUser("USER")).token,
    });
    expect(await unchanged("/blog", blogTag)).toBe(304);
    const courses = await raw("/courses", { "if-none-match": coursesTag });
    expect(courses.status).toBe(200);
    const liked = z.array(courseAnswer).parse(JSON.parse(courses.bytes.toString()));
    expect(liked.find((item) => item.id === course.id)!._count.likes).toBe(1);
  });

  it("serves the same JSON as brotli, gzip and plain bytes", async () => {
    const plain = await raw("/courses", { "accept-encoding": "identity" });
    const gzip = await raw("/courses", { "accept-encoding": "gzip" });
    const brotli = await raw("/courses", { "accept-encoding": "gzip, deflate, br" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(gunzipSync(gzip.bytes)).toEqual(plain.bytes);
    expect(brotliDecompressSync(brotli.bytes)).toEqual(plain.bytes);
    expect(z.array(courseAnswer).parse(JSON.parse(plain.bytes.toString())).length).toBeGreaterThan(0);
  });

  it("never stores or marks shareable what a bearer, an ADMIN list or a write answers", async () => {
    const alice = await app.createUser("USER");
    for (const [path, token] of [
      ["/courses", alice.token],
      ["/blog", alice.token],
      ["/applications", admin],
      ["/users", admin],
    ] as const) {
      const answer = await raw(path, { authorization: `Bearer ${token}` });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
      expect(answer.headers.get("etag"), path).toBeNull();
    }
    const posted = await app.api("/demos", {
      method: "POST",
      json: {
        parentName: "Meena Iyer",
        studentName: "Kabir Iyer",
        grade: "Kindergarten",
        mobile: "9123456789",
        email: "meena@example.com",
        preferredDateTime: "Tomorrow at 4 PM",
        ...CONSENT,
      },
    });
    expect(posted.status).toBe(201);
    expect(posted.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps a missing record's 404 out of the store, so a record made later shows at once", async () => {
    const missing = await raw("/blog/424242");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
    expect(missing.headers.get("etag")).toBeNull();
  });
});
