import { inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCHOOL } from "~/domain/brand";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FIELD_ERROR_TEXTS } from "~/domain/texts/field-errors";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { HOME_TEXTS } from "~/domain/texts/home";
import { translator } from "~/domain/translations";
import { orders } from "../../db/schema";
import { captureWidths, expectAccessible, MODES, openPage, untilHydrated } from "../support/browser";
import { englishTextsOn, expectNoOverflow } from "../support/hindi";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/** What a Hindi page says, from the texts themselves. */
const home = translator(HOME_TEXTS, "hi");
const enrollment = translator(ENROLLMENT_TEXTS, "hi");
const fields = translator(FIELD_TEXTS, "hi");
const fieldErrors = translator(FIELD_ERROR_TEXTS, "hi");

describe("the home page and enrollment in Hindi (/hi)", () => {
  let server: RunningServer;
  let browser: Browser;

  siteAndBrowserForFile((site) => ({ server, browser } = site));

  /** The transaction ids of the enrollments made from /hi, looked up in the database at the end. */
  const enrolledFromHindi: string[] = [];

  const dialog = (page: Page) => page.getByRole("dialog");
  const region = (page: Page, name: string) => page.getByRole("region", { name });

  /** Everything a Hindi page shows is Hindi, axe finds nothing serious, and nothing overflows. */
  async function expectHindiPage(page: Page, screenshot: string, options?: { fullPage?: boolean }) {
    expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    await captureWidths(page, screenshot, options);
    await expectNoOverflow(page);
  }

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("shows every section in Hindi, the staff's posts marked as English, in-site links under /hi", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi");
      if (javaScript) await untilHydrated(page);
      expect(await page.locator("html").getAttribute("lang")).toBe("hi");
      expect(await page.title()).toBe(home("meta.title"));
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
        home("meta.description", { school: SCHOOL.fullName, session: SCHOOL.session }),
      );
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(home("hero.title"));
      for (const heading of [
        home("admissions.title", { session: SCHOOL.session }),
        home("welcome.title"),
        home("fees.title"),
        home("demo.title"),
        home("programs.title"),
        home("cities.title"),
        home("safety.title"),
        home("blog.title"),
        home("apply.title"),
      ]) {
        expect(await region(page, heading).count(), heading).toBe(1);
      }

      // Grades by their Hindi names, fees in rupees, the enroll link opening this page's dialog.
      const fees = region(page, home("fees.title"));
      expect(await fees.locator("summary").first().innerText()).toContain("नर्सरी");
      const grade1 = fees.locator("details").filter({ has: page.getByText("कक्षा 1", { exact: true }) });
      await grade1.locator("summary").click();
      expect(await grade1.innerText()).toContain("₹15,000");
      expect(await grade1.innerText()).toContain("5 साल या उससे ज़्यादा, 7 साल से कम");
      expect(
        await grade1
          .getByRole("link", { name: enrollment("enrollNow", { grade: "कक्षा 1" }) })
          .getAttribute("href"),
      ).toBe("/hi?enroll=grade-1");

      expect(await page.getByRole("link", { name: home("apply.button") }).getAttribute("href")).toBe(
        "/hi/apply",
      );
      expect(
        await page
          .getByRole("link", { name: home("demo.button") })
          .first()
          .getAttribute("href"),
      ).toBe("/hi/book-demo");
      const cities = region(page, home("cities.title")).getByRole("list", { name: home("cities.list") });
      expect(await cities.getByRole("listitem").first().innerText()).toBe("चेन्नई");

      // The newest posts: what staff wrote stays English, marked so; the date is the page's.
      const posts = region(page, home("blog.title")).getByRole("article");
      expect(await posts.count()).toBe(3);
      expect(await posts.first().getAttribute("lang")).toBe("en");
      expect(await posts.first().locator("time").innerText()).toMatch(/[\u0900-\u097F]/);
      // A post's page has its Hindi (the post as staff wrote it, in a Hindi frame): the card links there.
      expect(await posts.first().getByRole("link").getAttribute("href")).toMatch(/^\/hi\/blog\/\d+$/);

      await expectHindiPage(page, `hindi-home-${suffix}`);
    });

    it("enrolls from /hi: the form, its refusal beside the field and the confirmation in Hindi", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi#fees");
      const fees = region(page, home("fees.title"));
      await fees.locator("summary").filter({ hasText: "कक्षा 4" }).click();
      await fees.getByRole("link", { name: enrollment("enrollNow", { grade: "कक्षा 4" }) }).click();
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe(enrollment("form.title", { grade: "कक्षा 4" }));
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/hi?enroll=grade-4");
      expect(await dialog(page).getByLabel(fields("label.grade")).inputValue()).toBe("कक्षा 4");
      await expectHindiPage(page, `hindi-enroll-form-${suffix}`, { fullPage: false });

      const form = dialog(page);
      const parent = `Anjali Verma ${label}`;
      await form.getByLabel(fields("label.studentName")).fill("Ishaan Verma");
      await form.getByLabel(fields("label.parentName")).fill(parent);
      await form.getByLabel(fields("label.mobile")).fill("12345");
      await form.getByLabel(fields("label.email")).fill("parent@example.com");
      await form.getByRole("checkbox", { name: /गोपनीयता सूचना/ }).check();
      if (javaScript) await untilHydrated(page);
      const submit = () =>
        dialog(page).getByRole("button", {
          name: enrollment("form.confirm", { fee: "₹15,000" }),
          exact: true,
        });
      await submit().click();

      const refusal = fieldErrors("error.mobile.invalid");
      await expect.poll(() => dialog(page).getByRole("alert").innerText()).toContain(refusal);
      expect(await page.locator("#enroll-mobile-error").innerText()).toBe(refusal);
      expect(await dialog(page).getByLabel(fields("label.parentName")).inputValue()).toBe(parent);
      expect(new URL(page.url()).searchParams.get("enroll")).toBe("grade-4");
      await expectHindiPage(page, `hindi-enroll-invalid-${suffix}`, { fullPage: false });

      await dialog(page).getByLabel(fields("label.mobile")).fill("98450 12345");
      // The box stays ticked after a refusal that was not about the notice.
      expect(
        await dialog(page)
          .getByRole("checkbox", { name: /गोपनीयता सूचना/ })
          .isChecked(),
      ).toBe(true);
      await submit().click();
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe(enrollment("confirmed.title"));
      await page.waitForLoadState("load");
      const text = await dialog(page).innerText();
      expect(text).toContain(`${enrollment("confirmed.thanksBefore")}${parent}!`);
      expect(text).toContain(`कक्षा 4 में आपके बच्चे की सीट पक्की हो गई है`);
      expect(text).toContain(enrollment("confirmed.mailFollows"));
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/hi");
      // The confirmation is the one message: no toast repeats it.
      expect(await page.locator('[role="status"]').count()).toBe(0);
      await expectHindiPage(page, `hindi-enroll-confirmed-${suffix}`, { fullPage: false });
      enrolledFromHindi.push((await dialog(page).locator("dd").innerText()).trim());

      await dialog(page)
        .getByRole("link", { name: enrollment("confirmed.done") })
        .click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/hi");
    });
  });

  // Last: it stops the server.
  it("stored each enrollment sent from /hi with the language hi and the grade as the school names it", async () => {
    expect(enrolledFromHindi).toHaveLength(MODES.length);
    const stored = await withStoppedServerDatabase(server, (db) =>
      db
        .select({ language: orders.language, grade: orders.grade, status: orders.status })
        .from(orders)
        .where(inArray(orders.transactionId, enrolledFromHindi)),
    );
    expect(stored).toEqual(MODES.map(() => ({ language: "hi", grade: "Grade 4", status: "PAID" })));
  });
});
