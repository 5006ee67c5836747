import { inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { applications, demoRequests } from "../../db/schema";
import { ageWarning, checkAge, defaultAcademicYearStart, dobProblem } from "~/domain/age-check";
import { formatLongDay, isoDateInIndia } from "~/domain/format";
import { AGE_CHECK_TEXTS } from "~/domain/texts/age-check";
import { APPLY_TEXTS } from "~/domain/texts/apply";
import { DEMO_TEXTS } from "~/domain/texts/demo";
import { FIELD_ERROR_TEXTS } from "~/domain/texts/field-errors";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { translator } from "~/domain/translations";
import { captureWidths, expectAccessible, MODES, openPage, PHONE, untilHydrated } from "../support/browser";
import { storedRows } from "../support/forms";
import { englishTextsOn } from "../support/hindi";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The admission application and the free demo class in Hindi (issue 37): /hi/apply and
 * /hi/book-demo show no English interface text, the server's answers about a wrong field come
 * back in Hindi naming the field (the API and the English pages keep their English: forms.test.ts,
 * age-check.test.ts), the age check speaks Hindi, and what is stored keeps the family's language.
 */
const apply = translator(APPLY_TEXTS, "hi");
const demo = translator(DEMO_TEXTS, "hi");
const fields = translator(FIELD_TEXTS, "hi");
const errors = translator(FIELD_ERROR_TEXTS, "hi");
const ageCheck = translator(AGE_CHECK_TEXTS, "hi");

const START = defaultAcademicYearStart();
/** Seven years and a month when the year starts: Nursery, Grade 2 or Grade 3 fit, Grade 5 does not. */
const DOB = `${Number(START.slice(0, 4)) - 7}-05-01`;
/** A year old when the year starts: no grade's child, whatever the grade. */
const TOO_YOUNG = `${Number(START.slice(0, 4)) - 1}-05-01`;

describe("the family's forms in Hindi", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  /** Names sent from the Hindi pages: the last test reads their stored language. */
  const sentStudents: string[] = [];
  const sentParents: string[] = [];

  const stored = async (path: "/applications" | "/demos") => storedRows(server.url, path, adminToken);
  const toast = (page: Page) => page.locator('[role="status"]');
  const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });

  /** The page in Hindi as a family sees it: no English interface text, accessible, fits a phone. */
  async function expectHindiPage(page: Page, screenshot?: string) {
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    if (screenshot) await captureWidths(page, screenshot);
    const viewport = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(viewport);
  }

  describe.each(MODES)("$label", ({ javaScript, label: mode }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("applies from /hi/apply: a wrong mobile number is named in Hindi, kept and not stored; then sent", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/apply");
      await expect.poll(() => page.getByRole("heading", { name: apply("formTitle") }).isVisible()).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(apply("title"));
      await expectHindiPage(page, `hi-apply-${suffix}`);
      if (javaScript) await untilHydrated(page);

      // The grades read in Hindi and post their English names.
      const grade = page.getByLabel(apply("gradeLabel"));
      expect(await grade.locator("option:checked").innerText()).toBe("नर्सरी");
      const student = `Ishaan ${mode}`;
      sentStudents.push(student);
      await label(page, fields("label.studentName")).fill(student);
      await label(page, fields("label.dob")).fill("2018-07-21");
      await grade.selectOption({ label: "कक्षा 2" });
      expect(await grade.inputValue()).toBe("Grade 2");
      await label(page, fields("label.parentName")).fill("अंजलि वर्मा");
      await label(page, fields("label.mobile")).fill("12345");
      await label(page, fields("label.email")).fill("anjali.verma@example.com");
      await page.getByRole("checkbox", { name: /गोपनीयता सूचना/ }).check();
      const before = (await stored("/applications")).length;
      await page.getByRole("button", { name: apply("submit") }).click();

      const wrongMobile = errors("error.mobile.invalid");
      expect(wrongMobile).toContain(fields("label.mobile"));
      await expect.poll(() => page.locator("#apply-error").innerText()).toContain(wrongMobile);
      expect(await page.locator("#field-mobile-error").innerText()).toBe(wrongMobile);
      expect(await label(page, fields("label.mobile")).getAttribute("aria-invalid")).toBe("true");
      expect(await label(page, fields("label.mobile")).inputValue()).toBe("12345");
      expect(await label(page, fields("label.studentName")).inputValue()).toBe(student);
      expect(await label(page, fields("label.parentName")).inputValue()).toBe("अंजलि वर्मा");
      expect(await grade.inputValue()).toBe("Grade 2");
      expect((await stored("/applications")).length).toBe(before);
      await expectHindiPage(page, `hi-apply-mobile-error-${suffix}`);

      await label(page, fields("label.mobile")).fill("+91 98450 12345");
      await page.getByRole("button", { name: apply("submit") }).click();
      await expect.poll(() => toast(page).innerText()).toContain(apply("success"));
      expect(new URL(page.url()).pathname).toBe("/hi/apply");
      expect(await label(page, fields("label.studentName")).inputValue()).toBe("");
      expect((await stored("/applications")).find((row) => row.studentName === student)).toMatchObject({
        grade: "Grade 2",
        dob: "2018-07-21",
        mobile: "+919845012345",
        status: "PENDING",
      });
      await expectHindiPage(page);
    });

    it("books a free demo from /hi/book-demo: a wrong mobile number in Hindi, then the Hindi thanks", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/book-demo");
      await expect.poll(() => page.getByRole("heading", { name: demo("formTitle") }).isVisible()).toBe(true);
      await expectHindiPage(page, `hi-book-demo-${suffix}`);
      if (javaScript) await untilHydrated(page);

      const parent = `Farah Khan ${mode}`;
      sentParents.push(parent);
      await label(page, fields("label.parentName")).fill(parent);
      await label(page, fields("label.studentName")).fill("ज़ोया");
      await page.getByLabel(fields("label.grade")).selectOption({ label: "केजी" });
      await label(page, fields("label.mobile")).fill("555");
      await label(page, fields("label.email")).fill("farah@example.com");
      const time = label(page, fields("label.preferredDateTime"));
      expect(await time.getAttribute("placeholder")).toBe(fields("help.preferredDateTime"));
      await time.fill("कल शाम 4 बजे");
      await page.getByRole("checkbox", { name: /गोपनीयता सूचना/ }).check();
      const before = (await stored("/demos")).length;
      await page.getByRole("button", { name: demo("submit") }).click();

      await expect
        .poll(() => page.locator("#field-mobile-error").innerText())
        .toBe(errors("error.mobile.invalid"));
      expect(await label(page, fields("label.parentName")).inputValue()).toBe(parent);
      expect(await time.inputValue()).toBe("कल शाम 4 बजे");
      expect(await page.getByLabel(fields("label.grade")).inputValue()).toBe("Kindergarten");
      expect((await stored("/demos")).length).toBe(before);
      await expectHindiPage(page);

      await label(page, fields("label.mobile")).fill("07012345678");
      await page.getByRole("button", { name: demo("submit") }).click();
      await expect.poll(() => toast(page).innerText()).toContain(demo("success"));
      expect(new URL(page.url()).pathname).toBe("/hi/book-demo");
      expect((await stored("/demos")).find((row) => row.parentName === parent)).toMatchObject({
        grade: "Kindergarten",
        studentName: "ज़ोया",
        preferredDateTime: "कल शाम 4 बजे",
        status: "PENDING",
      });
      await expectHindiPage(page);
    });

    it("checks the age in Hindi: a date of birth no child can have, then a grade that does not fit, sent once confirmed", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/apply");
      if (javaScript) await untilHydrated(page);
      const student = `Asha ${mode}`;
      sentStudents.push(student);
      const today = isoDateInIndia();
      const grade = page.getByLabel(apply("gradeLabel"));
      await label(page, fields("label.studentName")).fill(student);
      await label(page, fields("label.dob")).fill(TOO_YOUNG);
      await grade.selectOption("Grade 5");
      await label(page, fields("label.parentName")).fill("रवि वर्मा");
      await label(page, fields("label.mobile")).fill("98765 43210");
      await label(page, fields("label.email")).fill("ravi.verma@example.com");
      await page.getByRole("checkbox", { name: /गोपनीयता सूचना/ }).check();

      // The server's answer about the date of birth names the day in Hindi.
      const tooYoung = dobProblem(TOO_YOUNG, START, today, "hi")!;
      expect(tooYoung).toContain(formatLongDay(START, "hi"));
      await page.getByRole("button", { name: apply("submit") }).click();
      await expect.poll(() => page.locator("#field-dob-error").innerText()).toBe(tooYoung);
      await expectHindiPage(page);

      const warning = ageWarning({
        check: checkAge(DOB, "Grade 5", START),
        grade: "Grade 5",
        studentName: student,
        start: START,
        today,
        language: "hi",
      });
      expect(warning).toContain("नर्सरी, कक्षा 2 या कक्षा 3");
      await label(page, fields("label.dob")).fill(DOB);
      if (javaScript) await expect.poll(() => page.getByTestId("age-check").innerText()).toContain(warning);
      await page.getByRole("button", { name: apply("submit") }).click();
      await expect.poll(() => page.locator("#apply-error").innerText()).toContain(ageCheck("confirmNeeded"));
      expect(await page.getByTestId("age-check").innerText()).toContain(warning);
      const confirm = page.getByLabel(ageCheck("confirm"));
      expect(await confirm.getAttribute("aria-invalid")).toBe("true");
      expect(await label(page, fields("label.dob")).inputValue()).toBe(DOB);
      expect(await grade.inputValue()).toBe("Grade 5");
      expect((await stored("/applications")).some((row) => row.studentName === student)).toBe(false);
      await expectHindiPage(page, `hi-apply-age-warning-${suffix}`);

      await confirm.check();
      await page.getByRole("button", { name: apply("submit") }).click();
      await expect.poll(() => toast(page).innerText()).toContain(apply("success"));
      expect((await stored("/applications")).find((row) => row.studentName === student)).toMatchObject({
        dob: DOB,
        grade: "Grade 5",
        ageCheckFailed: true,
      });
    });
  });

  // Last: it stops the server. The API names no language; the records keep it.
  it("stores what was sent from the Hindi pages as Hindi", async () => {
    expect(sentStudents).toHaveLength(4);
    expect(sentParents).toHaveLength(2);
    const stored = await withStoppedServerDatabase(server, async (db) => ({
      applications: await db
        .select({ language: applications.language })
        .from(applications)
        .where(inArray(applications.studentName, sentStudents)),
      demos: await db
        .select({ language: demoRequests.language })
        .from(demoRequests)
        .where(inArray(demoRequests.parentName, sentParents)),
    }));
    expect(stored.applications.map((row) => row.language)).toEqual(["hi", "hi", "hi", "hi"]);
    expect(stored.demos.map((row) => row.language)).toEqual(["hi", "hi"]);
  });
});
