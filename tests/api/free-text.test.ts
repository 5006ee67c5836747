import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationAnswer, blogPostAnswer, teacherApplicationAnswer } from "~/api/schemas.server";
import { freeTextMessages, freeTextProblem, normaliseFreeText } from "~/domain/free-text";
import { FORMS } from "~/domain/forms";
import type { FieldSpec } from "~/domain/field-spec";
import { schemaOf } from "~/services/validation";
import { applications, blogPosts, teacherApplications } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, expectOk, rowCount, validApplication, validTeacher } from "./helpers";

/**
 * Issue 23, point 5: one rule for every free-text field, on the API and the page forms alike
 * (app/domain/free-text.ts, applied by the fields' schemas in app/services/validation.ts).
 */
const ZERO_WIDTH_ONLY = "\u200B\u200C\u200D\u2060\uFEFF\u00AD";
const STUDENT = freeTextMessages("the student's name");

describe("the free-text rule", () => {
  it.each([
    ["zero-width spaces and joiners, word joiner, BOM, soft hyphen", ZERO_WIDTH_ONLY, "invisibleOnly"],
    ["invisible characters around spaces", "\u200B \u200B", "invisibleOnly"],
    ["direction marks only", "\u200E\u200F", "invisibleOnly"],
    ["a Hangul filler", "\u3164", "invisibleOnly"],
    ["a lone high surrogate", "Asha\uD800", "notAllowed"],
    ["a lone low surrogate", "\uDC00Asha", "notAllowed"],
    ["a right-to-left override", "Asha\u202Egnp.exe", "notAllowed"],
    ["a direction isolate", "Asha\u2066x\u2069", "notAllowed"],
    ["a bell", "Asha\u0007", "notAllowed"],
    ["a C1 control", "Asha\u0085", "notAllowed"],
    ["a line break in one line", "Asha\nVerma", "oneLine"],
    ["a line separator in one line", "Asha\u2028Verma", "oneLine"],
    ["a tab in one line", "Asha\tVerma", "notAllowed"],
  ] as const)("refuses %s in a one-line field", (_label, value, problem) => {
    expect(freeTextProblem(normaliseFreeText(value))).toBe(problem);
  });

  it.each([
    ["a plain name", "Asha Verma"],
    ["Devanagari with a zero-width joiner", "क्\u200Dष"],
    ["Malayalam with a zero-width non-joiner", "ന്\u200Cന"],
    ["an emoji family (joined with ZWJ)", "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}"],
    ["Urdu with a right-to-left mark", "\u0622\u0633\u0645\u0627\u200F"],
    ["an astral character (a valid surrogate pair)", "\u{1D400}sha"],
    ["nothing (blank is the required check's business)", ""],
  ])("accepts %s", (_label, value) => {
    expect(freeTextProblem(normaliseFreeText(value))).toBeNull();
  });

  it("allows line breaks and tabs, and only those, where the field takes several lines", () => {
    expect(freeTextProblem("One\n\tTwo", { multiline: true })).toBeNull();
    expect(freeTextProblem("One\u0000Two", { multiline: true })).toBe("notAllowed");
    expect(freeTextProblem("One\u000BTwo", { multiline: true })).toBe("notAllowed");
  });

  it("stores NFC, one kind of line break, and no space around", () => {
    expect(normaliseFreeText("  Ame\u0301lie\r\nline\rthree \u00A0")).toBe("Am\u00E9lie\nline\nthree");
  });

  it("names the field in its messages", () => {
    expect(STUDENT.invisibleOnly).toBe(
      "The student's name must contain letters or digits, not only invisible characters.",
    );
    expect(freeTextMessages("your name").notAllowed).toMatch(
      /^Your name contains a character that is not allowed/,
    );
    expect(freeTextMessages("a title").oneLine).toBe("The title must fit on one line.");
  });

  it("is the rule of every free-text field of every form (page forms and /api share these schemas)", () => {
    const textFields = Object.values(FORMS).flatMap((form) =>
      Object.values(form as Record<string, FieldSpec>)
        .filter(
          (field) =>
            field.rule === "text" || field.rule === "optionalText" || field.rule === "imageDescription",
        )
        .map((field) => ({ form, field })),
    );
    expect(textFields.length).toBeGreaterThan(15);
    for (const { form, field } of textFields) {
      const schema = schemaOf(form).shape[field.name as never] as {
        safeParse(value: unknown): { success: boolean };
      };
      const label = `${field.name} (${field.what})`;
      expect(schema.safeParse(ZERO_WIDTH_ONLY).success, label).toBe(false);
      expect(schema.safeParse("A\uD800").success, label).toBe(false);
      expect(schema.safeParse("A\u202EB").success, label).toBe(false);
      expect(schema.safeParse("A\u0007B").success, label).toBe(false);
      // imageDescription turns line breaks into spaces (a screen reader reads one line).
      if (field.rule !== "imageDescription")
        expect(schema.safeParse("Line one\nLine two").success, label).toBe(field.multiline === true);
    }
  });
});

describe("free text on /api", () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp["createUser"]>>;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await app.createUser("ADMIN");
  });
  afterAll(async () => {
    await app?.close();
  });

  const storedApplications = () => rowCount(app, applications);

  it("refuses a name made only of zero-width characters, naming the field, storing nothing", async () => {
    const before = await storedApplications();
    const refused = await app.api("/applications", {
      json: { ...validApplication(), studentName: ZERO_WIDTH_ONLY },
    });
    const body = expectError(refused, 400, ["studentName"]);
    expect(body.errors!.studentName).toEqual([STUDENT.invisibleOnly]);
    expect(await storedApplications()).toBe(before);
  });

  it("refuses a lone surrogate sent as a JSON escape instead of storing U+FFFD", async () => {
    const before = await storedApplications();
    const json = JSON.stringify({ ...validApplication(), studentName: "Asha PLACEHOLDER" }).replace(
      "PLACEHOLDER",
      "\\ud800",
    );
    expect(json).toContain('"Asha \\ud800"');
    const refused = await app.api("/applications", {
      body: json,
      headers: { "content-type": "application/json" },
    });
    const body = expectError(refused, 400, ["studentName"]);
    expect(body.errors!.studentName).toEqual([STUDENT.notAllowed]);
    expect(await storedApplications()).toBe(before);
    expect(await rowCount(app, applications, eq(applications.studentName, "Asha \uFFFD"))).toBe(0);
  });

  it("refuses a direction override in the parent's name", async () => {
    const before = await storedApplications();
    const refused = await app.api("/applications", {
      json: { ...validApplication(), parentName: "Ravi \u202Eamrev" },
    });
    const body = expectError(refused, 400, ["parentName"]);
    expect(body.errors!.parentName).toEqual([freeTextMessages("the parent's name").notAllowed]);
    expect(await storedApplications()).toBe(before);
  });

  it("refuses a control character or a line break in a one-line field", async () => {
    const before = await storedApplications();
    for (const [studentName, message] of [
      ["Asha\u001b[31m", STUDENT.notAllowed],
      ["Asha\nVerma", STUDENT.oneLine],
    ] as const) {
      const body = expectError(
        await app.api("/applications", { json: { ...validApplication(), studentName } }),
        400,
        ["studentName"],
      );
      expect(body.errors!.studentName).toEqual([message]);
    }
    expect(await storedApplications()).toBe(before);
  });

  it("stores text typed in decomposed form (NFD) as NFC", async () => {
    const created = expectOk(
      await app.api("/applications", {
        json: { ...validApplication(), studentName: "  Ame\u0301lie Roy\u0308 " },
      }),
      201,
      applicationAnswer,
    );
    expect(created.studentName).toBe("Am\u00E9lie Ro\u00FF");
    const [row] = await app.db
      .select({ studentName: applications.studentName })
      .from(applications)
      .where(eq(applications.id, created.id));
    expect(row!.studentName).toBe("Am\u00E9lie Ro\u00FF");
  });

  it("keeps line breaks in a teacher's message (CRLF stored as LF), refuses them in the city", async () => {
    const created = expectOk(
      await app.api("/teacher-applications", {
        json: { ...validTeacher(), message: "First line\r\nSecond line\n\tindented" },
      }),
      201,
      teacherApplicationAnswer,
    );
    const [row] = await app.db
      .select({ message: teacherApplications.message })
      .from(teacherApplications)
      .where(eq(teacherApplications.id, created.id));
    expect(row!.message).toBe("First line\nSecond line\n\tindented");

    const before = await rowCount(app, teacherApplications);
    const body = expectError(
      await app.api("/teacher-applications", { json: { ...validTeacher(), city: "Kochi\nKerala" } }),
      400,
      ["city"],
    );
    expect(body.errors!.city).toEqual([freeTextMessages("your city").oneLine]);
    expectError(
      await app.api("/teacher-applications", { json: { ...validTeacher(), message: "\u200B\u2060" } }),
      400,
      ["message"],
    );
    expect(await rowCount(app, teacherApplications)).toBe(before);
  });

  it("applies the same rule to the admin's blog post: lines in the text, none in the title", async () => {
    const post = { title: "Sports day", category: "News", description: "Races.\nPrizes." };
    const created = expectOk(await app.api("/blog", { token: admin.token, json: post }), 201, blogPostAnswer);
    expect(created.description).toBe("Races.\nPrizes.");
    const before = await rowCount(app, blogPosts);
    for (const title of ["\u200B", "Sports\u202E day", "Sports\nday"]) {
      expectError(await app.api("/blog", { token: admin.token, json: { ...post, title } }), 400, ["title"]);
    }
    expect(await rowCount(app, blogPosts)).toBe(before);
  });
});
