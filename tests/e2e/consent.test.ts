import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { CONSENT_WHAT } from "~/domain/forms";
import { NOTICE_VERSION_MESSAGES, PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, signIn, untilHydrated } from "../support/browser";
import { giveConsent } from "../support/forms";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Issue 20: the privacy notice, linked from the footer and from each form that takes personal
 * data, and the consent those forms require (decision 0036).
 */
describe("privacy notice and consent", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const demos = async () =>
    (await callApi(server.url, "/demos?limit=200", { token: adminToken })).body as Array<{
      parentName: string;
    }>;
  const consentBox = (page: Page) => page.getByRole("checkbox", { name: /privacy notice/ });
  const consentError = (page: Page) => page.locator("#field-consent-error");
  const send = (page: Page) => page.getByRole("button", { name: "Book Free Demo" }).click();

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("reads the notice from the footer, and books a demo only once the parent has agreed to the current one", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
      await expect.poll(() => page.locator("h1").innerText()).toBe("Privacy notice");
      expect(new URL(page.url()).pathname).toBe("/privacy");
      const notice = await page.locator("main").innerText();
      expect(notice).toContain(`Version ${PRIVACY_NOTICE_VERSION}`);
      // The school's contact, as staff keep it in company details.
      const details = (await callApi(server.url, "/details")).body as { email: string; phone: string };
      expect(notice).toContain(details.email);
      expect(notice).toContain(details.phone);
      expect(notice).toContain("Digital Personal Data Protection Act, 2023");
      await expectAccessible(page);
      await captureWidths(page, `privacy-notice-${suffix}`);

      await page.goto("/book-demo");
      if (javaScript) await untilHydrated(page);
      expect(await page.getByRole("link", { name: "privacy notice", exact: true }).getAttribute("href")).toBe(
        "/privacy",
      );
      const parent = `Consent Parent ${label}`;
      await page.getByLabel("Parent's name").fill(parent);
      await page.getByLabel("Student's name").fill("Consent Child");
      await page.getByLabel("Mobile number").fill("98450 12345");
      await page.getByLabel("Email address").fill("consent@example.com");
      await page.getByLabel("Preferred date and time").fill("Monday at 5 PM");

      // The browser holds the form back until the box is ticked...
      await send(page);
      expect(await consentBox(page).evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(
        true,
      );
      // ...and the server refuses it too, keeping what was typed (a browser that skips `required`).
      await page.locator("main form").evaluate((form: HTMLFormElement) => (form.noValidate = true));
      await send(page);
      const missing = `Please confirm ${CONSENT_WHAT.child} to continue.`;
      await expect.poll(() => consentError(page).innerText()).toBe(missing);
      expect(await consentBox(page).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Parent's name").inputValue()).toBe(parent);
      expect(await page.getByLabel("Preferred date and time").inputValue()).toBe("Monday at 5 PM");
      // From the top, as the page first shows: scrolled, the sticky header's small print sits over
      // the form, which axe cannot judge (with JavaScript the refusal scrolls to its message).
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);
      await captureWidths(page, `consent-missing-${suffix}`);

      // A form shown before the notice changed: agreed to, but to another version. Asked again.
      await giveConsent(page);
      await page
        .locator('input[name="noticeVersion"]')
        .evaluate((input: HTMLInputElement) => (input.value = "2025-01-01"));
      await send(page);
      await expect.poll(() => consentError(page).innerText()).toBe(NOTICE_VERSION_MESSAGES.changed);
      expect(await consentBox(page).isChecked()).toBe(false);
      expect(await page.locator('input[name="noticeVersion"]').inputValue()).toBe(PRIVACY_NOTICE_VERSION);
      expect((await demos()).some((row) => row.parentName === parent)).toBe(false);

      await giveConsent(page);
      await send(page);
      await expect
        .poll(() => page.locator('[role="status"]').filter({ hasText: MESSAGES.demo.success }).count())
        .toBe(1);
      expect((await demos()).some((row) => row.parentName === parent)).toBe(true);
    });
  });

  it("staff see the parent's consent, its time and the notice's version, on the order's page", async () => {
    const { context, page } = await openPage(browser, server, { javaScript: true });
    await page.goto("/fee-structure?enroll=grade-1");
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").first().innerText()).toBe("Enroll in Grade 1");
    await untilHydrated(page);
    expect(await dialog.getByRole("link", { name: "privacy notice", exact: true }).getAttribute("href")).toBe(
      "/privacy",
    );
    const student = `Consent Order ${Date.now()}`;
    await dialog.getByLabel("Student's name").fill(student);
    await dialog.getByLabel("Parent's name").fill("Rekha Consent");
    await dialog.getByLabel("Mobile number").fill("98450 12345");
    await dialog.getByLabel("Email address").fill("rekha.consent@example.com");
    await giveConsent(dialog);
    await dialog
      .getByRole("button", { name: MESSAGES.enrollment.confirmButton("₹15,000"), exact: true })
      .click();
    await expect
      .poll(() => dialog.getByRole("heading").first().innerText())
      .toBe(MESSAGES.enrollment.confirmedTitle);

    const paid = (await callApi(server.url, "/tuition/orders", { token: adminToken })).body as Array<{
      id: string;
      studentName: string;
    }>;
    const order = paid.find((row) => row.studentName === student)!;
    await signIn(context, server, E2E_ADMIN);
    await page.goto(`/admin/orders/${order.id}`);
    const fact = page.locator("dt", { hasText: "Parent's consent" }).locator("xpath=..");
    await expect.poll(() => fact.innerText()).toContain(`Privacy notice ${PRIVACY_NOTICE_VERSION}`);
    expect(await fact.locator("time").count()).toBe(1);
    await captureWidths(page, "admin-order-consent");
  });
});
