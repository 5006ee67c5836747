import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseAnswer, likeStateAnswer } from "~/api/schemas.server";
import { MESSAGES } from "~/domain/messages";
import { COURSE_IMAGE_REQUIRED } from "~/services/courses.server";
import { NOT_FOUND } from "~/services/errors";
import { courseLikes, courses, users } from "../../db/schema";
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
let alice: Awaited<ReturnType<TestApp["createUser"]>>;
let bob: Awaited<ReturnType<TestApp["createUser"]>>;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
  alice = await app.createUser("USER");
  bob = await app.createUser("USER");
});
afterAll(async () => {
  await app?.close();
});

const hasImage = (url: string | null) => imageStored(app, url);
const courseList = courseAnswer.array();

async function createCourse(title: string, image?: Buffer) {
  const form = multipart(
    { title, description: `All about ${title}.` },
    { bytes: image ?? (await makeImage()), name: "course.png" },
  );
  return expectOk(await app.api("/courses", { method: "POST", token: admin, form }), 201, courseAnswer);
}

const like = (id: number | string, token?: string) =>
  app.api(`/courses/${id}/like`, { method: "POST", token });

describe("POST /courses (ADMIN)", () => {
  it("creates a course with its image, no likes yet", async () => {
    const image = await makeImage("webp", "#123456");
    const created = await createCourse("Robotics", image);
    expect(created).toMatchObject({
      title: "Robotics",
      description: "All about Robotics.",
      isLiked: false,
      _count: { likes: 0 },
    });
    expect(created.imageUrl).toMatch(/\.webp$/);
    expect(await hasImage(created.imageUrl)).toBe(true);
    const [stored] = await app.db.select().from(courses).where(eq(courses.id, created.id));
    expect(stored).toMatchObject({
      title: "Robotics",
      description: "All about Robotics.",
      imageUrl: created.imageUrl,
    });
    const served = await fetch(app.baseUrl + created.imageUrl);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it("requires an image: 400 without one, nothing stored", async () => {
    const before = await rowCount(app, courses);
    const answer = await app.api("/courses", {
      method: "POST",
      token: admin,
      form: multipart({ title: "No picture", description: "Text" }),
    });
    const body = expectError(answer, 400, ["image"]);
    expect(body.message).toBe(COURSE_IMAGE_REQUIRED);
    const json = await app.api("/courses", {
      method: "POST",
      token: admin,
      json: { title: "No picture", description: "Text" },
    });
    expectError(json, 400, ["image"]);
    expect(await rowCount(app, courses)).toBe(before);
  });

  it.each([
    ["no fields", {}, ["title", "description"]],
    ["no title", { description: "Text" }, ["title"]],
    ["a blank description", { title: "T", description: "  " }, ["description"]],
    ["a 201-character title", { title: "t".repeat(201), description: "Text" }, ["title"]],
    ["a 20,001-character description", { title: "T", description: "d".repeat(20_001) }, ["description"]],
  ])("refuses %s with 400 and stores neither row nor image", async (_label, fields, errors) => {
    const before = await rowCount(app, courses);
    const files = await storedImageNames(app);
    const answer = await app.api("/courses", {
      method: "POST",
      token: admin,
      form: multipart(fields, { bytes: await makeImage() }),
    });
    expectError(answer, 400, errors);
    expect(await rowCount(app, courses)).toBe(before);
    expect(await storedImageNames(app)).toEqual(files);
  });
});

describe("GET /courses and GET /courses/:id", () => {
  let first: { id: number };
  let second: { id: number };
  beforeAll(async () => {
    await app.db.delete(courses);
    first = await createCourse("Coding");
    second = await createCourse("Music");
  });

  it("lists every course in the order created, with isLiked false for anonymous visitors", async () => {
    const list = expectOk(await app.api("/courses"), 200, courseList);
    expect(list.map((course) => course.id)).toEqual([first.id, second.id]);
    for (const course of list) {
      expect(course.isLiked).toBe(false);
      expect(Object.keys(course).sort()).toEqual([
        "_count",
        "createdAt",
        "description",
        "id",
        "imageAlt",
        "imageUrl",
        "isLiked",
        "title",
      ]);
    }
  });

  it("answers isLiked for the bearer and the like count for everyone", async () => {
    await app.db.insert(courseLikes).values({ courseId: first.id, userId: alice.user.id });
    // Written past the services, so the public cache must be told.
    app.services.publicData.invalidate();
    try {
      const forAlice = expectOk(await app.api("/courses", { token: alice.token }), 200, courseList);
      expect(forAlice.map((c) => [c.isLiked, c._count.likes])).toEqual([
        [true, 1],
        [false, 0],
      ]);
      const forBob = expectOk(await app.api("/courses", { token: bob.token }), 200, courseList);
      expect(forBob.map((c) => [c.isLiked, c._count.likes])).toEqual([
        [false, 1],
        [false, 0],
      ]);
      const anonymous = expectOk(await app.api("/courses"), 200, courseList);
      expect(anonymous.map((c) => [c.isLiked, c._count.likes])).toEqual([
        [false, 1],
        [false, 0],
      ]);
      expect(
        expectOk(await app.api(`/courses/${first.id}`, { token: alice.token }), 200, courseAnswer),
      ).toMatchObject({
        id: first.id,
        isLiked: true,
        _count: { likes: 1 },
      });
      expect(expectOk(await app.api(`/courses/${first.id}`), 200, courseAnswer)).toMatchObject({
        isLiked: false,
        _count: { likes: 1 },
      });
    } finally {
      await app.db.delete(courseLikes);
      app.services.publicData.invalidate();
    }
  });

  it("answers an invalid bearer token on the public list with 200, as anonymous", async () => {
    const list = expectOk(await app.api("/courses", { token: "not-a-token" }), 200, courseList);
    expect(list.every((course) => !course.isLiked)).toBe(true);
  });

  it.each(["999999", "abc", "-1", "1.5"])("answers GET /courses/%s with 404", async (id) => {
    expect(await app.api(`/courses/${id}`)).toMatchObject({
      status: 404,
      body: { message: NOT_FOUND.course },
    });
  });
});

describe("POST /courses/:id/like", () => {
  let course: { id: number };
  beforeAll(async () => {
    course = await createCourse("Chess");
  });

  it("toggles the bearer's like and answers the new state; twice returns to the start", async () => {
    const liked = expectOk(await like(course.id, alice.token), 200, likeStateAnswer);
    expect(liked).toEqual({ isLiked: true, _count: { likes: 1 } });
    expect(
      await rowCount(
        app,
        courseLikes,
        and(eq(courseLikes.courseId, course.id), eq(courseLikes.userId, alice.user.id)),
      ),
    ).toBe(1);

    const unliked = expectOk(await like(course.id, alice.token), 200, likeStateAnswer);
    expect(unliked).toEqual({ isLiked: false, _count: { likes: 0 } });
    expect(await rowCount(app, courseLikes, eq(courseLikes.courseId, course.id))).toBe(0);
  });

  it("counts two users' likes separately", async () => {
    expect(expectOk(await like(course.id, alice.token), 200, likeStateAnswer)).toEqual({
      isLiked: true,
      _count: { likes: 1 },
    });
    expect(expectOk(await like(course.id, bob.token), 200, likeStateAnswer)).toEqual({
      isLiked: true,
      _count: { likes: 2 },
    });
    expect(
      expectOk(await app.api(`/courses/${course.id}`, { token: bob.token }), 200, courseAnswer),
    ).toMatchObject({
      isLiked: true,
      _count: { likes: 2 },
    });
    // Bob's unlike leaves Alice's like.
    expect(expectOk(await like(course.id, bob.token), 200, likeStateAnswer)).toEqual({
      isLiked: false,
      _count: { likes: 1 },
    });
    const forAlice = expectOk(await app.api("/courses", { token: alice.token }), 200, courseList).find(
      (c) => c.id === course.id,
    );
    expect(forAlice).toMatchObject({ isLiked: true, _count: { likes: 1 } });
    const forBob = expectOk(await app.api("/courses", { token: bob.token }), 200, courseList).find(
      (c) => c.id === course.id,
    );
    expect(forBob).toMatchObject({ isLiked: false, _count: { likes: 1 } });
    expect(await rowCount(app, courseLikes, eq(courseLikes.courseId, course.id))).toBe(1);
  });

  it("never stores more than one like per user, even when the same user toggles concurrently", async () => {
    const target = await createCourse("Concurrency");
    const answers = await Promise.all([1, 2, 3, 4].map(() => like(target.id, bob.token)));
    for (const answer of answers) expectOk(answer, 200, likeStateAnswer);
    const stored = await rowCount(app, courseLikes, eq(courseLikes.courseId, target.id));
    expect(stored).toBeLessThanOrEqual(1);
    const seen = expectOk(await app.api(`/courses/${target.id}`, { token: bob.token }), 200, courseAnswer);
    expect(seen).toMatchObject({ isLiked: stored === 1, _count: { likes: stored } });
  });

  it("needs a signed-in user: 401 for anonymous visitors, nothing stored", async () => {
    const before = await rowCount(app, courseLikes);
    const body = expectError(await like(course.id), 401);
    expect(body).toEqual({ message: MESSAGES.auth.signInRequired });
    expect(await rowCount(app, courseLikes)).toBe(before);
  });

  it.each(["999999", "abc", "-1", "1.5"])("answers a like of course %s with 404", async (id) => {
    expect(await like(id, alice.token)).toMatchObject({
      status: 404,
      body: { message: NOT_FOUND.course },
    });
  });

  it("drops a deleted user's likes from the count", async () => {
    const carol = await app.createUser("USER");
    const target = await createCourse("Art");
    expect(expectOk(await like(target.id, carol.token), 200, likeStateAnswer)._count.likes).toBe(1);
    await app.db.delete(users).where(eq(users.id, carol.user.id));
    expect(expectOk(await app.api(`/courses/${target.id}`), 200, courseAnswer)._count.likes).toBe(0);
  });
});

describe("PUT /courses/:id (ADMIN)", () => {
  it("updates the text and keeps the image when no file is sent", async () => {
    const created = await createCourse("Drama");
    await like(created.id, alice.token);
    const answer = await app.api(`/courses/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ title: "Theatre", description: "Plays and more." }),
    });
    const updated = expectOk(answer, 200, courseAnswer);
    expect(updated).toEqual({
      ...created,
      title: "Theatre",
      description: "Plays and more.",
      _count: { likes: 1 },
    });
    expect(await hasImage(created.imageUrl)).toBe(true);
    const [stored] = await app.db.select().from(courses).where(eq(courses.id, created.id));
    expect(stored).toMatchObject({
      title: "Theatre",
      description: "Plays and more.",
      imageUrl: created.imageUrl,
    });
  });

  it("answers the updated course even when a visitor has just read the old one", async () => {
    const created = await createCourse("Chess");
    // The public read leaves the old course in the process's cache until the write settles.
    expect(expectOk(await app.api(`/courses/${created.id}`), 200, courseAnswer).title).toBe("Chess");
    const answer = await app.api(`/courses/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ title: "Chess Club", description: "Openings and endgames." }),
    });
    expect(expectOk(answer, 200, courseAnswer)).toMatchObject({
      title: "Chess Club",
      description: "Openings and endgames.",
    });
  });

  it("replaces the image when a file is sent and deletes the old file", async () => {
    const created = await createCourse("Dance");
    const answer = await app.api(`/courses/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart(
        { title: "Dance", description: "Moves." },
        { bytes: await makeImage("gif", "#0f0"), name: "new.gif", type: "image/gif" },
      ),
    });
    const updated = expectOk(answer, 200, courseAnswer);
    expect(updated.imageUrl).toMatch(/\.gif$/);
    expect(await hasImage(updated.imageUrl)).toBe(true);
    expect(await hasImage(created.imageUrl)).toBe(false);
    const [stored] = await app.db.select().from(courses).where(eq(courses.id, created.id));
    expect(stored!.imageUrl).toBe(updated.imageUrl);
  });

  it("answers the editor's own like state", async () => {
    const created = await createCourse("Yoga");
    const editor = await app.createUser("ADMIN");
    await like(created.id, editor.token);
    const answer = await app.api(`/courses/${created.id}`, {
      method: "PUT",
      token: editor.token,
      json: { title: "Yoga", description: "Calm." },
    });
    expect(expectOk(answer, 200, courseAnswer)).toMatchObject({ isLiked: true, _count: { likes: 1 } });
  });

  it("refuses invalid fields with 400, keeping the course and its image", async () => {
    const created = await createCourse("Pottery");
    const files = await storedImageNames(app);
    const answer = await app.api(`/courses/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ title: "", description: "x" }, { bytes: await makeImage() }),
    });
    expectError(answer, 400, ["title"]);
    expect(await storedImageNames(app)).toEqual(files);
    expect(expectOk(await app.api(`/courses/${created.id}`), 200, courseAnswer)).toEqual(created);
  });

  it.each(["999999", "abc", "-1"])("answers PUT /courses/%s with 404 and stores no file", async (id) => {
    const files = await storedImageNames(app);
    const answer = await app.api(`/courses/${id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ title: "T", description: "D" }, { bytes: await makeImage() }),
    });
    expect(answer).toMatchObject({ status: 404, body: { message: NOT_FOUND.course } });
    expect(await storedImageNames(app)).toEqual(files);
  });
});

describe("DELETE /courses/:id (ADMIN)", () => {
  it("deletes the course, its likes and its image file", async () => {
    const created = await createCourse("Gardening");
    await like(created.id, alice.token);
    const answer = await app.api(`/courses/${created.id}`, { method: "DELETE", token: admin });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    expect(await hasImage(created.imageUrl)).toBe(false);
    expect(await rowCount(app, courses, eq(courses.id, created.id))).toBe(0);
    expect(await rowCount(app, courseLikes, eq(courseLikes.courseId, created.id))).toBe(0);
    expect((await app.api(`/courses/${created.id}`)).status).toBe(404);
    expect((await like(created.id, alice.token)).status).toBe(404);
  });

  it.each(["999999", "abc", "-1"])("answers DELETE /courses/%s with 404", async (id) => {
    expect(await app.api(`/courses/${id}`, { method: "DELETE", token: admin })).toMatchObject({
      status: 404,
      body: { message: NOT_FOUND.course },
    });
  });

  it("is for ADMINs only", async () => {
    const created = await createCourse("Karate");
    expectError(await app.api(`/courses/${created.id}`, { method: "DELETE" }), 401);
    expectError(await app.api(`/courses/${created.id}`, { method: "DELETE", token: alice.token }), 403);
    expect(await rowCount(app, courses, eq(courses.id, created.id))).toBe(1);
    expect(await hasImage(created.imageUrl)).toBe(true);
  });
});
