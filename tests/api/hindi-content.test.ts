import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPostAnswer, courseAnswer } from "~/api/schemas.server";
import { FIELD_MESSAGES } from "~/domain/field-messages";
import { FORMS } from "~/domain/forms";
import { freeTextMessages } from "~/domain/free-text";
import { LIMITS } from "~/domain/limits";
import { shownIn } from "~/domain/staff-content";
import { isAppError, type AppError } from "~/services/errors";
import { parseForm } from "~/services/validation";
import { blogPosts, courses } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectOk, makeImage, multipart, rowCount } from "./helpers";

/**
 * Issue 37, point 7: staff may give a post or a course its own Hindi title and text, which its
 * /hi pages show. Saved as the admin's forms save it: the form's schema (FORMS.blogPostWithHindi,
 * FORMS.courseWithHindi), then the same service as every other save. The /api's contract does not
 * change: it neither answers nor takes the Hindi, and an update through it keeps what is stored.
 */

let app: TestApp;
let admin: string;
let image: Buffer;

beforeAll(async () => {
  app = await startTestApp();
  admin = (await app.createUser("ADMIN")).token;
  image = await makeImage("png");
});
afterAll(async () => {
  await app?.close();
});

const TITLE_PAIR = FIELD_MESSAGES.pairMissing("the Hindi title", "the Hindi description");
const TEXT_PAIR = FIELD_MESSAGES.pairMissing("the Hindi description", "the Hindi title");

/** The refusal a save threw (it must throw): status, message and the fields named. */
async function refusal(save: () => Promise<unknown>): Promise<AppError> {
  // The form's schema throws before the service is called: caught the same way.
  const error = await Promise.resolve()
    .then(save)
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

/** Each content kind the admin manages, saved as its admin form saves it. */
const KINDS = [
  {
    name: "a post",
    table: blogPosts,
    english: { title: "Sports day", category: "Events", description: "Races\n\nand prizes." },
    create: (values: Record<string, string>) =>
      app.services.blog.create(parseForm(FORMS.blogPostWithHindi, values)),
    update: (id: number, values: Record<string, string>) =>
      app.services.blog.update(id, parseForm(FORMS.blogPostWithHindi, values)),
    stored: async (id: number) => (await app.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!,
    apiPath: "/blog",
    answer: blogPostAnswer,
  },
  {
    name: "a course",
    table: courses,
    english: { title: "Phonics", description: "Letters and sounds." },
    create: (values: Record<string, string>) =>
      app.services.courses.create(parseForm(FORMS.courseWithHindi, values), image),
    update: (id: number, values: Record<string, string>) =>
      app.services.courses.update(id, parseForm(FORMS.courseWithHindi, values)),
    stored: async (id: number) => (await app.db.select().from(courses).where(eq(courses.id, id)))[0]!,
    apiPath: "/courses",
    answer: courseAnswer,
  },
] as const;

const HINDI = { titleHi: "खेल दिवस", descriptionHi: "दौड़\n\nऔर इनाम।" };

describe.each(KINDS)("the Hindi of $name", (kind) => {
  it("is stored with the English when both are given, trimmed, as NFC, line breaks kept", async () => {
    const created = await kind.create({
      ...kind.english,
      // A browser posts a textarea's line breaks as CRLF; "ड़" typed as ड + nukta is stored as one.
      titleHi: "  खेल दिवस  ",
      descriptionHi: "दौड\u093C\r\n\r\nऔर इनाम।",
    });
    expect(await kind.stored(created.id)).toMatchObject({ ...kind.english, ...HINDI });
    expect(created).toMatchObject(HINDI);
  });

  it("is left out when both are empty (or missing): stored as null, the English shown everywhere", async () => {
    const blank = await kind.create({ ...kind.english, titleHi: " ", descriptionHi: "" });
    expect(await kind.stored(blank.id)).toMatchObject({ titleHi: null, descriptionHi: null });
    const missing = await kind.create({ ...kind.english });
    const row = await kind.stored(missing.id);
    expect(row).toMatchObject({ titleHi: null, descriptionHi: null });
    expect(shownIn("hi", row)).toMatchObject({ title: kind.english.title, language: "en" });
  });

  it("refuses a Hindi title without its text, and a text without its title, storing nothing", async () => {
    const before = await rowCount(app, kind.table);
    const titleOnly = await refusal(() => kind.create({ ...kind.english, titleHi: HINDI.titleHi }));
    expect(titleOnly.status).toBe(400);
    expect(titleOnly.errors).toEqual({ descriptionHi: [TEXT_PAIR] });
    expect(titleOnly.message).toBe(TEXT_PAIR);

    const textOnly = await refusal(() =>
      kind.create({ ...kind.english, titleHi: "", descriptionHi: HINDI.descriptionHi }),
    );
    expect(textOnly.errors).toEqual({ titleHi: [TITLE_PAIR] });
    expect(await rowCount(app, kind.table)).toBe(before);
  });

  it("holds the Hindi to the English fields' limits and the free-text rule, naming every field at once", async () => {
    const before = await rowCount(app, kind.table);
    await kind.create({
      ...kind.english,
      titleHi: "क".repeat(LIMITS.title),
      descriptionHi: "ख".repeat(LIMITS.description),
    });
    const tooLong = await refusal(() =>
      kind.create({
        ...kind.english,
        title: "",
        titleHi: "क".repeat(LIMITS.title + 1),
        descriptionHi: "ख".repeat(LIMITS.description + 1),
      }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.errors).toEqual({
      title: [FIELD_MESSAGES.missing("a title")],
      titleHi: [FIELD_MESSAGES.tooLong(LIMITS.title)],
      descriptionHi: [FIELD_MESSAGES.tooLong(LIMITS.description)],
    });
    const oneLine = await refusal(() =>
      kind.create({ ...kind.english, titleHi: "खेल\nदिवस", descriptionHi: HINDI.descriptionHi }),
    );
    expect(oneLine.errors).toEqual({ titleHi: [freeTextMessages("the Hindi title").oneLine] });
    expect(await rowCount(app, kind.table)).toBe(before + 1);
  });

  it("is changed and cleared by an edit; a refused edit changes nothing", async () => {
    const created = await kind.create({ ...kind.english, ...HINDI });
    await kind.update(created.id, { ...kind.english, titleHi: "नया नाम", descriptionHi: "नया विवरण।" });
    expect(await kind.stored(created.id)).toMatchObject({ titleHi: "नया नाम", descriptionHi: "नया विवरण।" });

    const before = await kind.stored(created.id);
    const refused = await refusal(() =>
      kind.update(created.id, { ...kind.english, title: "Renamed", titleHi: "", descriptionHi: "केवल विवरण" }),
    );
    expect(refused.errors).toEqual({ titleHi: [TITLE_PAIR] });
    expect(await kind.stored(created.id)).toEqual(before);

    await kind.update(created.id, { ...kind.english, titleHi: "", descriptionHi: "" });
    expect(await kind.stored(created.id)).toMatchObject({ titleHi: null, descriptionHi: null });
  });

  it("cannot be stored half even past the form: the database holds title and text together", async () => {
    const created = await kind.create({ ...kind.english, ...HINDI });
    const halve = app.db.execute(
      sql`update ${kind.table} set description_hi = null where id = ${created.id}`,
    );
    await expect(halve).rejects.toThrow();
    expect(await kind.stored(created.id)).toMatchObject(HINDI);
  });

  it("stays out of the /api: never answered, not taken, kept by an English-only update", async () => {
    const created = await kind.create({ ...kind.english, ...HINDI });
    // The contract's answer is exact (tests/support/openapi-validator.ts refuses an extra field).
    const read = expectOk(await app.api(`${kind.apiPath}/${created.id}`), 200, kind.answer);
    expect(Object.keys(read)).not.toContain("titleHi");
    expect(Object.keys(read)).not.toContain("descriptionHi");
    const listed = await app.api(kind.apiPath === "/blog" ? "/blog?limit=100" : "/courses");
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain("titleHi");

    const updated = await app.api(`${kind.apiPath}/${created.id}`, {
      method: "PUT",
      token: admin,
      form: multipart({ ...kind.english, title: "Renamed through the API", titleHi: "अनदेखा" }),
    });
    expect(Object.keys(expectOk(updated, 200, kind.answer))).not.toContain("titleHi");
    expect(await kind.stored(created.id)).toMatchObject({ title: "Renamed through the API", ...HINDI });

    const sent = await app.api(kind.apiPath, {
      method: "POST",
      token: admin,
      form: multipart(
        { ...kind.english, titleHi: "अनदेखा", descriptionHi: "अनदेखा" },
        kind.apiPath === "/courses" ? { bytes: image } : undefined,
      ),
    });
    const made = expectOk(sent, 201, kind.answer);
    expect(await kind.stored(made.id)).toMatchObject({ titleHi: null, descriptionHi: null });
  });
});

describe("what a page shows of a post or course (shownIn)", () => {
  const written = {
    title: "Sports day",
    description: "Races and prizes.",
    titleHi: "खेल दिवस",
    descriptionHi: "दौड़ और इनाम।",
    imageAlt: null,
  };

  it("shows the Hindi on a Hindi page, the English on an English one, each with its language", () => {
    expect(shownIn("hi", written)).toEqual({
      title: "खेल दिवस",
      description: "दौड़ और इनाम।",
      language: "hi",
      imageAlt: "खेल दिवस",
      imageAltLanguage: "hi",
    });
    expect(shownIn("en", written)).toEqual({
      title: "Sports day",
      description: "Races and prizes.",
      language: "en",
      imageAlt: "Sports day",
      imageAltLanguage: "en",
    });
  });

  it("keeps the image description staff wrote, English, on a Hindi page", () => {
    expect(shownIn("hi", { ...written, imageAlt: "Children racing" })).toMatchObject({
      title: "खेल दिवस",
      imageAlt: "Children racing",
      imageAltLanguage: "en",
    });
  });
});
