import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AGE_CHECK_MESSAGES, ageWarning, checkAge, defaultAcademicYearStart } from "~/domain/age-check";
import { MESSAGES } from "~/domain/messages";
import { isoDateInIndia } from "~/domain/format";
import { callApi } from "../support/app";
import { giveConsent } from "../support/forms";
import { captureWidths, expectAccessible, MODES, openPage, signIn, untilHydrated } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The application form's age check (issue 18): a grade that does not fit the child's age on the
 * academic year's start is warned about, named with the grades that fit, and sent once the
 * parent confirms; staff see the application flagged.
 */
const START = defaultAcademicYearStart();
/** Seven years and a month when the year starts: Nursery, Grade 2 or Grade 3 fit, Grade 5 does not. */
const DOB = `${Number(START.slice(0, 4)) - 7}-05-01`;

describe("the age check on the application form", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const stored = async (studentName: string) =>
    (
      (await callApi(server.url, "/applications", { token: adminToken })).body as Array<
        Record<string, unknown>
      >
    ).find((row) => row.studentName === studentName);
  const warning = (page: Page) => page.getByTestId("age-check");
  const confirmBox = (page: Page) => page.getByLabel(AGE_CHECK_MESSAGES.confirm);

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("warns about a grade the age does not fit, then sends it once the parent confirms, flagged", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/apply");
      if (javaScript) await untilHydrated(page);
      const student = `Asha ${label}`;
      const expected = ageWarning({
        check: checkAge(DOB, "Grade 5", START),
        grade: "Grade 5",
        studentName: student,
        start: START,
        today: isoDateInIndia(),
      });
      expect(expected).toContain("that fits Nursery, Grade 2 or Grade 3, not Grade 5.");

      await page.getByLabel("Student's name").fill(student);
      await page.getByLabel("Date of birth", { exact: true }).fill(DOB);
      await page.getByLabel("Grade applying for").selectOption("Grade 5");
      await page.getByLabel("Parent's name").fill("Ravi Verma");
      await page.getByLabel("Mobile number").fill("98765 43210");
      await page.getByLabel("Email address").fill("ravi.verma@example.com");
      await giveConsent(page);

      if (javaScript) {
        // Computed in the browser as soon as the date of birth and the grade are chosen.
        await expect.poll(() => warning(page).innerText()).toContain(expected);
        expect(await confirmBox(page).isChecked()).toBe(false);
        // A grade that fits takes the warning away; the mismatching one brings it back.
        await page.getByLabel("Grade applying for").selectOption("Grade 2");
        await expect.poll(() => warning(page).count()).toBe(0);
        await page.getByLabel("Grade applying for").selectOption("Grade 5");
        await expect.poll(() => warning(page).count()).toBe(1);
      } else {
        expect(await warning(page).count()).toBe(0);
      }

      // Sent without confirming: refused (400), the warning and the box shown, the values kept.
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect
        .poll(() => page.locator("#apply-error").innerText())
        .toContain(AGE_CHECK_MESSAGES.confirmNeeded);
      expect(await warning(page).innerText()).toContain(expected);
      expect(await confirmBox(page).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Student's name").inputValue()).toBe(student);
      expect(await page.getByLabel("Date of birth", { exact: true }).inputValue()).toBe(DOB);
      expect(await page.getByLabel("Grade applying for").inputValue()).toBe("Grade 5");
      expect(await stored(student)).toBeUndefined();
      await expectAccessible(page);
      await captureWidths(page, `apply-age-warning-${suffix}`);

      await confirmBox(page).check();
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect
        .poll(() => page.locator('[role="status"]').innerText())
        .toContain(MESSAGES.application.success);
      expect(await stored(student)).toMatchObject({
        dob: DOB,
        grade: "Grade 5",
        status: "PENDING",
        ageCheckFailed: true,
        ageCheck: { fits: false, grades: ["Nursery", "Grade 2", "Grade 3"] },
      });
    });
  });

  it("shows staff the Age check flag in the applications list", async () => {
    const { context, page } = await openPage(browser, server, { javaScript: false });
    await signIn(context, server, E2E_ADMIN);
    await page.goto("/admin/applications");
    const row = page.locator("tr", { hasText: "Asha JS off" });
    await expect.poll(() => row.getByText("Age check", { exact: true }).count()).toBe(1);
    expect(await row.innerText()).toContain(
      "7 years and 1 month when the year starts: fits Nursery, Grade 2 or Grade 3",
    );
    await captureWidths(page, "admin-applications-age-check");
  });
});
