import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { blogPageAnswer, blogPostAnswer, courseAnswer } from "~/api/schemas.server";
import { LIMITS } from "~/domain/limits";
import { blogPosts, courses } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, expectOk, makeImage, multipart, rowCount } from "./helpers";

/**
 * Issue 19: a post's or course's image description (`imageAlt`), accepted by POST and PUT (JSON
 * and multipart) and answered by every read. Stored trimmed on one line; empty or null is "none"
 * (answered as null: the site uses the title); an update that leaves it out keeps it.
 */
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
});
afterAll(async () => {
  await app?.close();
});

type Kind = {
  name: string;
  path: "/blog" | "/courses";
  table: typeof blogPosts | typeof courses;
  answer: typeof blogPostAnswer | typeof courseAnswer;
  fields: (title: string) => Record<string, string>;
  /** Every record as the public list answers it. */
  list: () => Promise<Array<z.output<typeof blogPostAnswer> | z.output<typeof courseAnswer>>>;
};

const KINDS: Kind[] = [
  {
    name: "blog posts",
    path: "/blog",
    table: blogPosts,
    answer: blogPostAnswer,
    fields: (title) => ({ title, category: "Events", description: "Sports day, online and joyful." }),
    list: async () => expectOk(await app.api("/blog?limit=100"), 200, blogPageAnswer).posts,
  },
  {
    name: "courses",
    path: "/courses",
    table: courses,
    answer: courseAnswer,
    fields: (title) => ({ title, description: "Numbers, shapes and puzzles for curious minds." }),
    list: async () => expectOk(await app.api("/courses"), 200, courseAnswer.array()),
  },
];

describe.each(KINDS)("$name: image descriptions", (kind) => {
  let count = 0;
  const title = () => `${kind.name} record ${(count += 1)}`;

  async function create(fields: Record<string, string>) {
    const form = multipart(fields, { bytes: await makeImage(), name: "cover.png" });
    return expectOk(await app.api(kind.path, { method: "POST", token: admin, form }), 201, kind.answer);
  }
  async function stored(id: number) {
    const [row] = await app.db
      .select({ imageAlt: kind.table.imageAlt })
      .from(kind.table)
      .where(eq(kind.table.id, id));
    return row!.imageAlt;
  }
  const put = (id: number, init: { json?: unknown; form?: FormData }) =>
    app.api(`${kind.path}/${id}`, { method: "PUT", token: admin, ...init });
  const read = async (id: number) => expectOk(await app.api(`${kind.path}/${id}`), 200, kind.answer);

  it("stores a description sent as multipart, trimmed, and answers it on every read", async () => {
    const created = await create({
      ...kind.fields(title()),
      imageAlt: "  Children in a video call, each holding up a drawing of a tree.  ",
    });
    const description = "Children in a video call, each holding up a drawing of a tree.";
    expect(created.imageAlt).toBe(description);
    expect(await stored(created.id)).toBe(description);
    expect((await read(created.id)).imageAlt).toBe(description);
    expect((await kind.list()).find((record) => record.id === created.id)?.imageAlt).toBe(description);
  });

  it("answers null for a record without one (the site uses the title), and for an empty one", async () => {
    const without = await create(kind.fields(title()));
    expect(without.imageAlt).toBeNull();
    expect(await stored(without.id)).toBeNull();
    expect((await read(without.id)).imageAlt).toBeNull();
    const empty = await create({ ...kind.fields(title()), imageAlt: "   " });
    expect(empty.imageAlt).toBeNull();
    expect(await stored(empty.id)).toBeNull();
  });

  it("accepts it in JSON, null meaning none", async () => {
    const fields = kind.fields(title());
    const description = "A teacher pointing at a number line.";
    // A course needs an image, which JSON cannot carry: it is made as multipart, then changed in JSON.
    const created =
      kind.path === "/blog"
        ? expectOk(
            await app.api("/blog", {
              method: "POST",
              token: admin,
              json: { ...fields, imageAlt: description },
            }),
            201,
            kind.answer,
          )
        : await create(fields);
    const described = expectOk(
      await put(created.id, { json: { ...fields, imageAlt: description } }),
      200,
      kind.answer,
    );
    expect(described.imageAlt).toBe(description);
    expect(await stored(created.id)).toBe(description);

    const cleared = expectOk(
      await put(created.id, { json: { ...fields, imageAlt: null } }),
      200,
      kind.answer,
    );
    expect(cleared.imageAlt).toBeNull();
    expect(await stored(created.id)).toBeNull();
  });

  it("keeps the description when an update leaves it out, changes it when sent, clears it when empty", async () => {
    const created = await create({ ...kind.fields(title()), imageAlt: "A globe on a desk." });

    // A client that predates the field (the spec's form sends title, text and image only).
    const renamed = `${created.title} (renamed)`;
    const kept = expectOk(await put(created.id, { form: multipart(kind.fields(renamed)) }), 200, kind.answer);
    expect(kept).toMatchObject({ title: renamed, imageAlt: "A globe on a desk." });
    expect(expectOk(await put(created.id, { json: kind.fields(renamed) }), 200, kind.answer).imageAlt).toBe(
      "A globe on a desk.",
    );

    const changed = expectOk(
      await put(created.id, { form: multipart({ ...kind.fields(renamed), imageAlt: "A globe and a map." }) }),
      200,
      kind.answer,
    );
    expect(changed.imageAlt).toBe("A globe and a map.");

    // The admin form always sends the field: emptied, the title stands in again.
    const cleared = expectOk(
      await put(created.id, { form: multipart({ ...kind.fields(renamed), imageAlt: "" }) }),
      200,
      kind.answer,
    );
    expect(cleared.imageAlt).toBeNull();
    expect(await stored(created.id)).toBeNull();
  });

  it("keeps HTML as the text it is", async () => {
    const markup = `<img src=x onerror="alert(1)"> & "quotes" <b>bold</b>`;
    const created = await create({ ...kind.fields(title()), imageAlt: markup });
    expect(created.imageAlt).toBe(markup);
    expect(await stored(created.id)).toBe(markup);
    expect((await read(created.id)).imageAlt).toBe(markup);
  });

  it("stores it on one line: line breaks and runs of spaces become one space", async () => {
    const created = await create({
      ...kind.fields(title()),
      imageAlt: "A garden\r\non a balcony,\n\n\tplanted   by Grade 3.",
    });
    expect(created.imageAlt).toBe("A garden on a balcony, planted by Grade 3.");
  });

  it(`accepts ${LIMITS.imageAlt} characters and refuses ${LIMITS.imageAlt + 1} with 400 naming the field, storing nothing`, async () => {
    const longest = await create({ ...kind.fields(title()), imageAlt: "a".repeat(LIMITS.imageAlt) });
    expect(longest.imageAlt).toHaveLength(LIMITS.imageAlt);

    const before = await rowCount(app, kind.table);
    const form = multipart(
      { ...kind.fields(title()), imageAlt: "a".repeat(LIMITS.imageAlt + 1) },
      { bytes: await makeImage() },
    );
    const body = expectError(await app.api(kind.path, { method: "POST", token: admin, form }), 400, [
      "imageAlt",
    ]);
    expect(body.errors!.imageAlt).toEqual([`This must be at most ${LIMITS.imageAlt} characters long.`]);
    expect(await rowCount(app, kind.table)).toBe(before);

    // An update too: the record keeps its description.
    const refused = await put(longest.id, {
      json: { ...kind.fields(longest.title), imageAlt: "b".repeat(LIMITS.imageAlt + 1) },
    });
    expectError(refused, 400, ["imageAlt"]);
    expect(await stored(longest.id)).toBe("a".repeat(LIMITS.imageAlt));
  });

  it.each([
    ["a number", 42],
    ["a list", ["A", "B"]],
    ["a hidden control character", "A\u0000B"],
  ])("refuses %s with 400 naming the field", async (_label, imageAlt) => {
    const created = await create({ ...kind.fields(title()), imageAlt: "Before." });
    expectError(await put(created.id, { json: { ...kind.fields(created.title), imageAlt } }), 400, [
      "imageAlt",
    ]);
    expect(await stored(created.id)).toBe("Before.");
  });
});

describe("GET /api/openapi.json", () => {
  type Schema = { properties?: Record<string, { type?: unknown; description?: string }> };
  type Operation = {
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, { content?: Record<string, { schema: Schema & { items?: Schema } }> }>;
  };

  it.each([
    ["/blog", "post"],
    ["/blog/{id}", "put"],
    ["/courses", "post"],
    ["/courses/{id}", "put"],
  ])("documents imageAlt in %s %s, asked and answered", async (path, method) => {
    const doc = (await app.api("/openapi.json")).body as { paths: Record<string, Record<string, Operation>> };
    const operation = doc.paths[path]![method]!;
    // Every type the call offers (POST /courses takes multipart only: its image is required).
    const types = Object.keys(operation.requestBody!.content);
    expect(types).toContain("multipart/form-data");
    for (const type of types) {
      const asked = operation.requestBody!.content[type]!.schema.properties!.imageAlt;
      expect(asked?.description, type).toMatch(/alt text/);
    }
    const answered =
      operation.responses[method === "post" ? "201" : "200"]!.content!["application/json"]!.schema;
    expect(answered.properties!.imageAlt).toMatchObject({ description: expect.stringMatching(/null: none/) });
  });

  it("answers imageAlt in GET /blog and GET /courses", async () => {
    const doc = (await app.api("/openapi.json")).body as { paths: Record<string, Record<string, Operation>> };
    const blog = doc.paths["/blog"]!.get!.responses["200"]!.content!["application/json"]!.schema as {
      properties: { posts: { items: Schema } };
    };
    expect(blog.properties.posts.items.properties!.imageAlt).toBeDefined();
    const list = doc.paths["/courses"]!.get!.responses["200"]!.content!["application/json"]!.schema;
    expect(list.items!.properties!.imageAlt).toBeDefined();
  });
});
