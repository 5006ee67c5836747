import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { GRADES, type Grade } from "~/domain/grades";
import type { SeatAvailability } from "~/domain/seats";
import { APPLY_TEXTS } from "~/domain/texts/apply";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FEE_STRUCTURE_TEXTS } from "~/domain/texts/fee-structure";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { translator } from "~/domain/translations";
import { SCHOOL } from "~/domain/brand";
import { CONSENT } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, openPage, untilHydrated } from "../support/browser";
import { englishTextsOn, expectNoOverflow } from "../support/hindi";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Issue 38, point 2: /admissions, /fee-structure and /apply (and their /hi pages) say of each
 * grade what is true of its seats, a full grade's "Enroll Now" becomes the way onto its waitlist,
 * and a stored page is dropped as soon as the seats change.
 *
 * The grades as set up here: Grade 2 has few seats left (10 of 11 taken), Grade 3 is full (its
 * one seat taken), the others have their 30.
 */
type Language = "en" | "hi";
const PAIRINGS = [
  { label: "English, JS off", language: "en", javaScript: false },
  { label: "Hindi, JS on", language: "hi", javaScript: true },
] as const satisfies readonly { label: string; language: Language; javaScript: boolean }[];
const prefix = (language: Language) => (language === "hi" ? "/hi" : "");
const words = (language: Language) => ({
  seats: translator(SEATS_TEXTS, language),
  grades: translator(GRADE_TEXTS, language),
  apply: translator(APPLY_TEXTS, language),
  fees: translator(FEE_STRUCTURE_TEXTS, language),
  enrollment: translator(ENROLLMENT_TEXTS, language),
});

const EXPECTED: Partial<Record<Grade, SeatAvailability>> = {
  Nursery: "AVAILABLE",
  "Grade 2": "FEW",
  "Grade 3": "WAITLIST",
  "Grade 8": "AVAILABLE",
};

/** What the pages said before, whatever the seats: every grade open. */
const NO_SUCH_PROMISE = /open in every grade|हर कक्षा में सीटें (उपलब्ध|खाली) हैं/;

describe("each grade's seats on the public pages", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((started) => ({ server, browser, adminToken } = started));

  const setSeats = async (grade: Grade, seats: number, reserved = 0) => {
    const answer = await callApi(server.url, `/seats/${encodeURIComponent(grade)}`, {
      method: "PUT",
      json: { seats, reserved },
      token: adminToken,
    });
    expect(answer.status).toBe(200);
  };
  /** A paid enrollment (the test gateway pays at once). */
  const enroll = async (grade: Grade, index: number) => {
    const answer = await callApi(server.url, "/tuition/create-order", {
      json: {
        studentName: `Child ${index}`,
        parentName: "Neel Shah",
        mobile: "8765432109",
        email: `seats-${index}@example.com`,
        grade,
        ...CONSENT,
      },
    });
    expect(answer.status).toBe(201);
  };

  beforeAll(async () => {
    await setSeats("Grade 2", 11);
    await setSeats("Grade 3", 1);
    for (let index = 0; index < 10; index += 1) await enroll("Grade 2", index);
    await enroll("Grade 3", 10);
  });

  /** The rows of the admissions page's first table (grade, age, seats), header row left out. */
  const ageRows = (page: Page) =>
    page
      .locator("table")
      .first()
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent?.trim())),
      );

  /**
   * The page in its language, axe finds nothing serious, captured at 390 and 1280 px; a /hi page
   * also passes the Hindi checks: no English interface text, nothing wider than the screen.
   */
  async function expectPage(page: Page, language: Language, screenshot: string) {
    expect(await page.locator("html").getAttribute("lang")).toBe(language);
    if (language === "hi") expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    await captureWidths(page, screenshot);
    if (language === "hi") await expectNoOverflow(page);
  }

  /**
   * Each language once and each mode once: the words come from the server in both modes, so the
   * English pages are read without JavaScript and the Hindi ones with it (the JS-on run also
   * proves hydration keeps the server's words). Half the page loads of every pairing, for CI's time.
   */
  describe.each(PAIRINGS)("$label", ({ javaScript, language }) => {
    const mode = javaScript ? "js" : "nojs";

    it("/admissions: the table says each grade's seats, the intro promises none", async () => {
      const { seats, grades } = words(language);
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto(`${prefix(language)}/admissions`);
      if (javaScript) await untilHydrated(page);
      const rows = await ageRows(page);
      expect(rows.map((row) => row[0])).toEqual(GRADES.map((grade) => grades(grade)));
      for (const [grade, availability] of Object.entries(EXPECTED))
        expect(rows.find((row) => row[0] === grades(grade as Grade))?.[2], grade).toBe(
          seats(`availability.${availability}`),
        );
      expect(await page.locator("main").innerText()).not.toMatch(NO_SUCH_PROMISE);
      await expectPage(page, language, `seats-admissions-${language}-${mode}`);
    });

    it("/fee-structure and the home page's fees: a badge beside each fee; the full grade's button joins its waitlist on /apply", async () => {
      const { seats, grades, fees, enrollment, apply } = words(language);
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto(`${prefix(language)}/fee-structure`);
      if (javaScript) await untilHydrated(page);
      const list = page.getByRole("list", { name: fees("fees.label", { session: SCHOOL.session }) });
      const card = (grade: Grade) =>
        list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: grades(grade) }) });
      for (const [grade, availability] of Object.entries(EXPECTED))
        expect(await card(grade as Grade).innerText(), grade).toContain(
          seats(`availability.${availability}`),
        );
      // A grade with seats, few or many, still enrolls here.
      for (const grade of ["Nursery", "Grade 2"] as const)
        expect(
          await card(grade)
            .getByRole("link", { name: enrollment("enrollNow", { grade: grades(grade) }) })
            .count(),
        ).toBe(1);
      const full = card("Grade 3");
      expect(
        await full.getByRole("link", { name: enrollment("enrollNow", { grade: grades("Grade 3") }) }).count(),
      ).toBe(0);
      const waitlist = full.getByRole("link", {
        name: seats("joinWaitlistFor", { grade: grades("Grade 3") }),
      });
      expect(await waitlist.innerText()).toBe(seats("joinWaitlist"));
      expect(await waitlist.getAttribute("href")).toBe(`${prefix(language)}/apply?grade=grade-3`);
      await expectPage(page, language, `seats-fee-structure-${language}-${mode}`);

      // The home page's fee accordion says the same (its panels are closed: read their text).
      await page.goto(`${prefix(language)}/`);
      const panel = (grade: Grade) =>
        page.locator("#fees details").filter({ has: page.locator("summary", { hasText: grades(grade) }) });
      for (const [grade, availability] of Object.entries(EXPECTED))
        expect(await panel(grade as Grade).textContent(), grade).toContain(
          seats(`availability.${availability}`),
        );
      expect(
        await panel("Grade 3")
          .locator(`a[href="${prefix(language)}/apply?grade=grade-3"]`)
          .count(),
      ).toBe(1);
      expect(
        await panel("Grade 2")
          .locator(`a[href="${prefix(language)}/apply?grade=grade-2"]`)
          .count(),
      ).toBe(0);
      await page.goto(`${prefix(language)}/fee-structure`);
      if (javaScript) await untilHydrated(page);

      await waitlist.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix(language)}/apply`);
      if (javaScript) await untilHydrated(page);
      const select = page.getByLabel(apply("gradeLabel"));
      expect(await select.inputValue()).toBe("Grade 3");
      expect(await select.locator("option:checked").innerText()).toBe(
        `${grades("Grade 3")} — ${seats("availability.WAITLIST")}`,
      );
    });

    it("/apply: each grade's seats under the grade; a link chooses a real grade, nothing else", async () => {
      const { seats, grades, apply } = words(language);
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto(`${prefix(language)}/apply?grade=Grade%202`);
      if (javaScript) await untilHydrated(page);
      const select = page.getByLabel(apply("gradeLabel"));
      expect(await select.inputValue()).toBe("Grade 2");
      expect(await select.locator("option").allInnerTexts()).toEqual(
        GRADES.map((grade) =>
          EXPECTED[grade] && EXPECTED[grade] !== "AVAILABLE"
            ? `${grades(grade)} — ${seats(`availability.${EXPECTED[grade]}`)}`
            : grades(grade),
        ),
      );
      const list = page.getByRole("region", { name: seats("byGrade") });
      const items = await list.getByRole("listitem").allInnerTexts();
      expect(items).toHaveLength(GRADES.length);
      for (const [grade, availability] of Object.entries(EXPECTED)) {
        const item = items.find((text) => text.startsWith(grades(grade as Grade) + "\n"));
        expect(item, grade).toContain(seats(`availability.${availability}`));
      }
      expect(await page.locator("main").innerText()).not.toMatch(NO_SUCH_PROMISE);
      await expectPage(page, language, `seats-apply-${language}-${mode}`);

      await page.goto(`${prefix(language)}/apply?grade=grade-99`);
      expect(await page.getByLabel(apply("gradeLabel")).inputValue()).toBe("Nursery");
    });
  });

  it("a stored page is fresh after the seats change: the next visit says the new words", async () => {
    const { page } = await openPage(browser, server, { javaScript: false });
    const { seats, grades } = words("en");
    const badgeOnAdmissions = async () =>
      (await ageRows(page)).find((row) => row[0] === grades("Grade 4"))?.[2];
    await page.goto("/admissions");
    expect(await badgeOnAdmissions()).toBe(seats("availability.AVAILABLE"));
    await page.goto("/admissions");
    expect(await badgeOnAdmissions()).toBe(seats("availability.AVAILABLE"));
    await page.goto("/hi/fee-structure");
    await page.goto("/apply");

    await setSeats("Grade 4", 0);
    await page.goto("/admissions");
    expect(await badgeOnAdmissions()).toBe(seats("availability.WAITLIST"));
    await page.goto("/hi/fee-structure");
    const hindi = words("hi");
    expect(
      await page
        .getByRole("link", { name: hindi.seats("joinWaitlistFor", { grade: hindi.grades("Grade 4") }) })
        .count(),
    ).toBe(1);
    await page.goto("/apply");
    expect(await page.getByLabel("Grade applying for").locator('option[value="Grade 4"]').innerText()).toBe(
      `Grade 4 — ${seats("availability.WAITLIST")}`,
    );
    await setSeats("Grade 4", 30);
  });
});
