import { inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCHOOL } from "~/domain/brand";
import { CONFIRMATION_WORKING_DAYS } from "~/domain/claims";
import { formatLongDay } from "~/domain/format";
import { EVALUATION_TEST, GRADES } from "~/domain/grades";
import { DEFAULT_RETENTION_MONTHS } from "~/domain/personal-data";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { ADMISSIONS_TEXTS } from "~/domain/texts/admissions";
import { APPLY_TEXTS } from "~/domain/texts/apply";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FEE_STRUCTURE_TEXTS } from "~/domain/texts/fee-structure";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { PRIVACY_TEXTS } from "~/domain/texts/privacy";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import { orders } from "../../db/schema";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, untilHydrated } from "../support/browser";
import { englishTextsOn, expectNoOverflow } from "../support/hindi";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Issue 37: /hi/admissions, /hi/fee-structure and /hi/privacy in Hindi. The English pages keep
 * their words (content-pages.test.ts, home-enrollment.test.ts, consent.test.ts); here every text
 * a Hindi page shows is Hindi, its links stay under /hi, and the privacy notice, which the DPDP
 * Rules 2025 require to be readable in a language of the Eighth Schedule, reads its version,
 * retention and contact from the same places as the English one.
 */
const admissions = translator(ADMISSIONS_TEXTS, "hi");
const content = translator(CONTENT_TEXTS, "hi");
const grades = translator(GRADE_TEXTS, "hi");
const apply = translator(APPLY_TEXTS, "hi");
const fees = translator(FEE_STRUCTURE_TEXTS, "hi");
const enrollment = translator(ENROLLMENT_TEXTS, "hi");
const fields = translator(FIELD_TEXTS, "hi");
const privacy = translator(PRIVACY_TEXTS, "hi");
const site = translator(SITE_TEXTS, "hi");

describe("admissions, fee structure and the privacy notice in Hindi (/hi)", () => {
  let server: RunningServer;
  let browser: Browser;

  siteAndBrowserForFile((started) => ({ server, browser } = started));

  /** The transaction ids of the enrollments made from /hi/fee-structure, read back at the end. */
  const enrolledFromHindi: string[] = [];

  const dialog = (page: Page) => page.getByRole("dialog");
  const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
  const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

  /** The cells of every table on the page, header row first. */
  const tablesOf = (page: Page) =>
    page
      .locator("table")
      .evaluateAll((found) =>
        found.map((table) =>
          Array.from(table.querySelectorAll("tr")).map((row) =>
            Array.from(row.querySelectorAll("th, td")).map((cell) => cell.textContent?.trim()),
          ),
        ),
      );

  /** A Hindi page: `<html lang="hi">`, no English interface text, axe finds nothing serious, it fits. */
  async function expectHindiPage(page: Page, screenshot: string, options?: { fullPage?: boolean }) {
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    await captureWidths(page, screenshot, options);
    await expectNoOverflow(page);
  }

  /** The page's title and description, as its loader gives them in Hindi. */
  async function expectHead(page: Page, title: string, description: string) {
    // Polled: with JavaScript the address changes before the new route's head is written.
    await expect.poll(() => page.title()).toBe(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(description);
  }

  // Reading a page once: /hi/admissions without JavaScript, the privacy notice (reached by a
  // client-side navigation) with it; the enrollment dialog, which JavaScript changes, in both.
  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    if (!javaScript)
      it("/hi/admissions: grades and ages in Hindi in both tables, the four steps, and 'apply' leads to /hi/apply", async () => {
        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/hi/admissions");
        if (javaScript) await untilHydrated(page);
        const names = { session: SCHOOL.session, school: SCHOOL.fullName };
        await expectHead(page, admissions("meta.title", names), admissions("meta.description", names));
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(admissions("header.title"));

        const [ages, test] = await tablesOf(page);
        expect(ages?.[0]).toEqual(["कक्षा", "उम्र", "सीटें"]);
        expect(ages?.[1]).toEqual(["नर्सरी", "3 साल या उससे ज़्यादा", "सीटें उपलब्ध"]);
        expect(ages?.[2]).toEqual(["केजी", "4 साल या उससे ज़्यादा, 6 साल से कम", "सीटें उपलब्ध"]);
        expect(ages?.slice(1)).toEqual(
          GRADES.map((grade) => [grades(grade), grades(`age.${grade}`), "सीटें उपलब्ध"]),
        );
        expect(test?.[0]).toEqual(["कक्षा", "अंग्रेज़ी", "गणित", "विज्ञान", "कुल"]);
        expect(test?.slice(1)).toEqual(
          EVALUATION_TEST.grades.map((grade) => [grades(grade), "10", "10", "10", "30"]),
        );
        expect(await page.locator("#evaluation-test").innerText()).toContain("केजी से कक्षा 8 तक");

        const steps = await page.locator("#process ol > li").allInnerTexts();
        expect(steps).toHaveLength(4);
        expect(steps[0]).toContain(content("step1.title"));
        expect(steps[3]).toContain(content("step4.text", { days: CONFIRMATION_WORKING_DAYS }));
        expect(steps[3]).toContain("2 कामकाजी दिनों");
        expect(
          await page
            .locator("main")
            .getByRole("link", { name: admissions("process.feesLink") })
            .getAttribute("href"),
        ).toBe("/hi/fee-structure");
        await expectHindiPage(page, `hindi-admissions-${suffix}`);

        await page
          .locator("main")
          .getByRole("link", { name: content("action.apply") })
          .click();
        await expect.poll(() => pathOf(page)).toBe("/hi/apply");
        await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(apply("title"));
        expect(await page.locator("html").getAttribute("lang")).toBe("hi");
      });

    it("/hi/fee-structure: fees by grade in Hindi; a grade's enrollment dialog in Hindi, enrolled, back on the Hindi page", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/fee-structure");
      if (javaScript) await untilHydrated(page);
      await expectHead(
        page,
        fees("meta.title", { session: SCHOOL.session, school: SCHOOL.name }),
        fees("meta.description", { session: SCHOOL.session, school: SCHOOL.fullName }),
      );
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(fees("header.title"));

      const list = page.getByRole("list", { name: fees("fees.label", { session: SCHOOL.session }) });
      expect(await list.getByRole("listitem").count()).toBe(GRADES.length);
      const grade1 = list
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: "कक्षा 1" }) });
      expect(await grade1.innerText()).toContain("₹15,000");
      expect(await grade1.innerText()).toContain("5 साल या उससे ज़्यादा, 7 साल से कम");
      const includes = await region(page, fees("includes.title")).innerText();
      expect(includes).toContain(enrollment("includes.liveClasses.title"));
      expect(includes).toContain(enrollment("includes.progress.detail"));
      expect(await region(page, fees("process.title")).innerText()).toContain(
        fees("process.text", { days: CONFIRMATION_WORKING_DAYS }),
      );
      expect(await page.getByRole("link", { name: fees("process.link") }).getAttribute("href")).toBe(
        "/hi/admissions",
      );
      expect(await page.getByRole("link", { name: fees("demoFirst") }).getAttribute("href")).toBe(
        "/hi/book-demo",
      );
      await expectHindiPage(page, `hindi-fee-structure-${suffix}`);

      await list.getByRole("link", { name: enrollment("enrollNow", { grade: "कक्षा 3" }) }).click();
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe(enrollment("form.title", { grade: "कक्षा 3" }));
      expect(pathOf(page)).toBe("/hi/fee-structure?enroll=grade-3");
      const form = dialog(page);
      expect(await form.getByLabel(fields("label.grade")).inputValue()).toBe("कक्षा 3");
      expect(await form.getByRole("link", { name: fields("consent.link") }).getAttribute("href")).toBe(
        "/hi/privacy",
      );
      await expectHindiPage(page, `hindi-fee-structure-enroll-${suffix}`, { fullPage: false });

      const parent = `Sunita Rao ${label}`;
      await form.getByLabel(fields("label.studentName")).fill("Kavya Rao");
      await form.getByLabel(fields("label.parentName")).fill(parent);
      await form.getByLabel(fields("label.mobile")).fill("98450 12345");
      await form.getByLabel(fields("label.email")).fill("sunita@example.com");
      await form.getByRole("checkbox", { name: /गोपनीयता सूचना/ }).check();
      if (javaScript) await untilHydrated(page);
      await form
        .getByRole("button", { name: enrollment("form.confirm", { fee: "₹15,000" }), exact: true })
        .click();
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe(enrollment("confirmed.title"));
      await page.waitForLoadState("load");
      expect(await dialog(page).innerText()).toContain("कक्षा 3 में आपके बच्चे की सीट पक्की हो गई है");
      expect(pathOf(page)).toBe("/hi/fee-structure");
      await expectHindiPage(page, `hindi-fee-structure-confirmed-${suffix}`, { fullPage: false });
      enrolledFromHindi.push((await dialog(page).locator("dd").innerText()).trim());
    });

    if (javaScript)
      it("/hi/privacy from the footer: the whole notice in Hindi, its version, retention and contact read from their homes", async () => {
        const { page } = await openPage(browser, server, { javaScript });
        await page.goto("/hi/admissions");
        const footerLink = page.getByRole("contentinfo").getByRole("link", { name: site("footer.privacy") });
        expect(await footerLink.getAttribute("href")).toBe("/hi/privacy");
        await footerLink.click();
        await expect.poll(() => pathOf(page)).toBe("/hi/privacy");
        if (javaScript) await untilHydrated(page);
        await expectHead(
          page,
          privacy("meta.title", { school: SCHOOL.fullName }),
          privacy("meta.description", { school: SCHOOL.fullName }),
        );
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(privacy("header.title"));

        // The same version as the English notice, its day in Hindi.
        const date = formatLongDay(PRIVACY_NOTICE_VERSION, "hi");
        expect(date).toMatch(/नवंबर/);
        expect(await page.getByTestId("notice-version").innerText()).toBe(
          `${privacy("version.before")}${PRIVACY_NOTICE_VERSION}${privacy("version.after", { date })}`,
        );

        for (const section of [
          "who",
          "collected",
          "consent",
          "shared",
          "kept",
          "rights",
          "changes",
        ] as const) {
          expect(await region(page, privacy(`${section}.title`)).count(), section).toBe(1);
        }
        const notice = await page.locator("main").innerText();
        const details = (await callApi(server.url, "/details")).body as {
          email: string;
          phone: string;
          address: string;
        };
        expect(notice).toContain(privacy("kept.unfinished", { months: DEFAULT_RETENTION_MONTHS }));
        expect(notice).toContain(
          privacy("rights.grievance", {
            email: details.email,
            call: privacy("rights.grievanceCallPhone", { phone: details.phone }),
          }),
        );
        expect(notice).toContain("डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023");
        // The address is as staff keep it: English, marked so.
        const address = page.locator("main address [lang='en']");
        expect(await address.innerText()).toBe(details.address);
        expect(await region(page, privacy("collected.title")).locator("dt").allInnerTexts()).toEqual([
          privacy("collected.application.form"),
          privacy("collected.demo.form"),
          privacy("collected.enrollment.form"),
          privacy("collected.teacher.form"),
          privacy("collected.account.form"),
        ]);
        expect(
          await page
            .locator("main")
            .getByRole("link", { name: privacy("rights.profileLink"), exact: true })
            .getAttribute("href"),
        ).toBe("/hi/profile");
        await expectHindiPage(page, `hindi-privacy-${suffix}`);
      });
  });

  // Last: it stops the server.
  it("stored each enrollment sent from /hi/fee-structure with the language hi and the grade as the school names it", async () => {
    expect(enrolledFromHindi).toHaveLength(MODES.length);
    const stored = await withStoppedServerDatabase(server, (db) =>
      db
        .select({ language: orders.language, grade: orders.grade, status: orders.status })
        .from(orders)
        .where(inArray(orders.transactionId, enrolledFromHindi)),
    );
    expect(stored).toEqual(MODES.map(() => ({ language: "hi", grade: "Grade 3", status: "PAID" })));
  });
});
