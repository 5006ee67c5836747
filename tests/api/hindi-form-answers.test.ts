import type { AppLoadContext } from "@remix-run/node";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ageCheckAnswers, defaultAcademicYearStart } from "~/domain/age-check";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import type { Flash } from "~/domain/flash";
import { isoDateInIndia } from "~/domain/format";
import type { Language } from "~/domain/languages";
import { APPLY_TEXTS } from "~/domain/texts/apply";
import { DEMO_TEXTS } from "~/domain/texts/demo";
import { FIELD_ERROR_TEXTS } from "~/domain/texts/field-errors";
import { translator } from "~/domain/translations";
import { action as applyAction } from "~/routes/($lang)._site.apply";
import { action as demoAction } from "~/routes/($lang)._site.book-demo";
import { createBotCheck } from "~/services/bot-check.server";
import type { FormFailure } from "~/utils/forms";
import { applications, demoRequests } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { bornYearsBeforeStart, isoDate, rowCount, validApplication, validDemo } from "./helpers";

/**
 * What the admission and demo pages answer about a wrong field, in the page's language (issue
 * 37): the service answers in English, the page's action knows the answer by its key and shows
 * it in Hindi on /hi, and in exactly the service's English on the English page. Every answer a
 * field rule gives these forms has its key: none falls back to the generic "check this field".
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const botCheck = createBotCheck({ secret: "hindi-form-answers-secret", minFillMs: 0 });
const PAGES = {
  apply: { action: applyAction, path: "/apply", table: applications },
  demo: { action: demoAction, path: "/book-demo", table: demoRequests },
} as const;

async function submit(page: keyof typeof PAGES, language: Language, fields: Record<string, string>) {
  const flashes: Flash[] = [];
  const context = {
    services: { ...app.services, botCheck },
    clientIp: "127.0.0.1",
    language,
    suggestHindi: false,
    user: null,
    reportError: vi.fn(),
    addResponseHeaders: vi.fn(),
    flash: { set: async (flash: Flash) => (flashes.push(flash), "flash=set"), message: null },
  } as unknown as AppLoadContext;
  const body = new URLSearchParams({
    ...fields,
    [BOT_CHECK_FIELDS.honeypot]: "",
    [BOT_CHECK_FIELDS.stamp]: botCheck.issue(),
  });
  const prefix = language === "hi" ? "/hi" : "";
  const request = new Request(`http://localhost:3000${prefix}${PAGES[page].path}`, { method: "POST", body });
  const answer = (await PAGES[page].action({ request, context, params: {} })) as unknown;
  return { answer, flashes };
}

const refused = (answer: unknown) => answer as { init: { status: number } | null; data: FormFailure };

type ErrorKey = keyof typeof FIELD_ERROR_TEXTS.en;
const hindi = translator(FIELD_ERROR_TEXTS, "hi");

/** One wrong value of one field, and the key of what the server says about it. */
const WRONG: Array<[page: keyof typeof PAGES, field: string, value: string, key: ErrorKey]> = [
  ["apply", "studentName", "", "error.studentName.required"],
  ["apply", "studentName", "x".repeat(101), "error.studentName.tooLong"],
  ["apply", "studentName", "\u200B\u200B", "error.studentName.invisibleOnly"],
  ["apply", "studentName", "Asha\u202E", "error.studentName.notAllowed"],
  ["apply", "studentName", "Asha\nVerma", "error.studentName.oneLine"],
  ["apply", "dob", "", "error.dob.required"],
  ["apply", "dob", "2019-02-30", "error.dob.realDate"],
  ["apply", "dob", isoDate({ days: 1 }), "error.dob.future"],
  ["apply", "dob", isoDate({ years: -20 }), "error.dob.under18"],
  ["apply", "grade", "Grade 9", "error.grade.invalid"],
  ["apply", "parentName", "", "error.parentName.required"],
  ["apply", "parentName", "Ravi\u0007", "error.parentName.notAllowed"],
  ["apply", "mobile", "", "error.mobile.required"],
  ["apply", "mobile", "12345", "error.mobile.invalid"],
  ["apply", "email", "", "error.email.required"],
  ["apply", "email", "ravi@", "error.email.invalid"],
  ["apply", "consent", "", "error.consent.required"],
  ["apply", "noticeVersion", "", "error.noticeVersion.missing"],
  ["apply", "noticeVersion", "2025-01-01", "error.noticeVersion.changed"],
  ["demo", "parentName", "x".repeat(101), "error.parentName.tooLong"],
  ["demo", "studentName", "\u00AD", "error.studentName.invisibleOnly"],
  ["demo", "preferredDateTime", "", "error.preferredDateTime.required"],
  ["demo", "preferredDateTime", "x".repeat(101), "error.preferredDateTime.tooLong"],
  ["demo", "preferredDateTime", "\u2060", "error.preferredDateTime.invisibleOnly"],
  ["demo", "preferredDateTime", "4 PM\u202E", "error.preferredDateTime.notAllowed"],
  ["demo", "preferredDateTime", "Monday\n4 PM", "error.preferredDateTime.oneLine"],
  ["demo", "grade", "", "error.grade.invalid"],
  ["demo", "mobile", "98765", "error.mobile.invalid"],
];

const valid = { apply: validApplication, demo: validDemo } as const;

describe("a wrong field on the admission and demo pages", () => {
  it.each(WRONG)(
    "%s, %s = %j: in Hindi on /hi, the service's English on the English page",
    async (page, field, value, key) => {
      const before = await rowCount(app, PAGES[page].table);
      const fields = { ...valid[page](), [field]: value };
      const inHindi = refused((await submit(page, "hi", fields)).answer);
      const inEnglish = refused((await submit(page, "en", fields)).answer);

      expect(inEnglish.init?.status).toBe(400);
      expect(inEnglish.data.errors[field]).toEqual([FIELD_ERROR_TEXTS.en[key]]);
      expect(inEnglish.data.message).toBe(FIELD_ERROR_TEXTS.en[key]);
      expect(inHindi.init?.status).toBe(400);
      expect(inHindi.data.errors[field]).toEqual([hindi(key)]);
      expect(inHindi.data.message).toBe(hindi(key));
      expect(inHindi.data.message).toMatch(/[\u0900-\u097F]/);
      // The values come back as typed, in either language.
      expect(inHindi.data.values[field]).toBe(value);
      expect(await rowCount(app, PAGES[page].table)).toBe(before);
    },
  );

  it("says that several fields are wrong in Hindi, each in its own words", async () => {
    const fields = { ...validDemo(), mobile: "12", email: "meena@" };
    const { data } = refused((await submit("demo", "hi", fields)).answer);
    expect(data.message).toBe(hindi("form.several"));
    expect(data.errors).toEqual({
      mobile: [hindi("error.mobile.invalid")],
      email: [hindi("error.email.invalid")],
    });
  });

  it("says the age check's answers in Hindi: the day, the child and the grades in the page's words", async () => {
    const start = defaultAcademicYearStart();
    const today = isoDateInIndia();
    const tooYoung = { ...validApplication(), studentName: "आशा वर्मा", dob: bornYearsBeforeStart(1) };
    const hindiAnswers = ageCheckAnswers(tooYoung, { start, today, language: "hi" });
    const dob = refused((await submit("apply", "hi", tooYoung)).answer);
    expect(dob.data.errors.dob).toEqual([hindiAnswers.dob]);
    expect(dob.data.errors.dob![0]).toContain("जून");

    const mismatch = { ...validApplication(), studentName: "आशा वर्मा", grade: "Grade 5" };
    const expected = ageCheckAnswers(mismatch, { start, today, language: "hi" });
    const warned = refused((await submit("apply", "hi", mismatch)).answer);
    expect(warned.data.message).toBe(expected.form);
    expect(warned.data.errors).toEqual({ ageConfirmed: [expected.ageConfirmed] });
    expect(warned.data.errors.ageConfirmed![0]).toContain("आशा की उम्र");
    expect(warned.data.errors.ageConfirmed![0]).toContain("कक्षा 5");

    const english = refused((await submit("apply", "en", mismatch)).answer);
    expect(english.data.errors.ageConfirmed![0]).toContain("not Grade 5.");
  });

  it("keeps the API's answers in English", async () => {
    const answer = await app.api("/applications", { json: { ...validApplication(), mobile: "12345" } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.mobile).toEqual([FIELD_ERROR_TEXTS.en["error.mobile.invalid"]]);
  });
});

describe("a sent form on a Hindi page", () => {
  it.each([
    ["apply", translator(APPLY_TEXTS, "hi")("success"), "/hi/apply"],
    ["demo", translator(DEMO_TEXTS, "hi")("success"), "/hi/book-demo"],
  ] as const)(
    "%s: thanks in Hindi on the Hindi page, and stores the record in Hindi",
    async (page, thanks, back) => {
      const { answer, flashes } = await submit(page, "hi", valid[page]());
      expect((answer as Response).status).toBe(302);
      expect((answer as Response).headers.get("Location")).toBe(back);
      expect(flashes).toEqual([{ kind: "success", message: thanks }]);
      const [row] = await app.db
        .select({ language: PAGES[page].table.language })
        .from(PAGES[page].table)
        .orderBy(desc(PAGES[page].table.id))
        .limit(1);
      expect(row!.language).toBe("hi");
    },
  );

  it("comes back to the English page in English", async () => {
    const { answer, flashes } = await submit("apply", "en", validApplication());
    expect((answer as Response).headers.get("Location")).toBe("/apply");
    expect(flashes[0]!.message).toBe(translator(APPLY_TEXTS, "en")("success"));
  });
});
