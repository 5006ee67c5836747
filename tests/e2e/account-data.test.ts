import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import { validApplication } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, registerUser, signIn } from "../support/browser";
import { step } from "../support/journey";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import { E2E_ADMIN } from "../support/site";

/**
 * A parent's own data (issue 20) in Chromium, with and without JavaScript: "Download my data" as
 * JSON and CSV from the profile, "Delete my account" confirmed with the password, the session
 * gone afterwards, and the erasure on the admin History screen. The rules (what the files hold,
 * the refusal while a payment is in progress, what is kept) are in tests/api/account-data.test.ts.
 */
describe("a parent's own data", () => {
  let server: RunningServer;
  let browser: Browser;
  siteAndBrowserForFile((site) => ({ server, browser } = site));

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
  const myData = (page: Page) => page.getByRole("region", { name: "My data" });

  async function download(page: Page, name: string) {
    const downloading = page.waitForEvent("download");
    await myData(page).getByRole("link", { name }).click();
    const file = await downloading;
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
  }

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("downloads the data as JSON and CSV, then deletes the account with its password", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const parent = await registerUser(server, `Asha Erase ${suffix}`);
      const token = await signIn(context, server, parent);
      const child = `Aarav Erase ${suffix}`;
      const sent = await callApi(server.url, "/applications", {
        json: { ...validApplication(), studentName: child, email: parent.email },
        token,
      });
      expect(sent.status).toBe(201);

      step("downloads the data from the profile");
      await page.goto("/profile");
      await expect.poll(() => myData(page).isVisible()).toBe(true);
      await expectAccessible(page);
      await myData(page).scrollIntoViewIfNeeded();
      await captureWidths(page, `account-data-profile-${suffix}`);
      const json = await download(page, "Download my data (JSON)");
      expect(json.name).toMatch(/^zipat-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(json.text);
      expect(data.account).toMatchObject({ email: parent.email, name: `Asha Erase ${suffix}` });
      expect(data.applications).toEqual([expect.objectContaining({ id: sent.body.id, studentName: child })]);
      expect(json.text).not.toContain("passwordHash");
      const csv = await download(page, "Download my data (CSV)");
      expect(csv.name).toMatch(/^zipat-my-data-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.text.startsWith("\uFEFFSection,Record,Field,Value")).toBe(true);
      expect(csv.text).toContain(`Application,${sent.body.id},studentName,${child}`);
      expect(pathOf(page)).toBe("/profile");

      const answer = await context.request.get("/profile/data.json");
      expect(answer.headers()).toMatchObject({
        "content-type": "application/json; charset=utf-8",
        "cache-control": "private, no-store",
      });
      expect(answer.headers()["content-disposition"]).toMatch(
        /^attachment; filename="zipat-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
      );

      step("the delete page says what goes and what stays; a wrong password changes nothing");
      await myData(page).getByRole("link", { name: "Delete my account" }).click();
      // With JavaScript the address changes a moment before the new page renders.
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Delete my account");
      expect(pathOf(page)).toBe("/profile/delete");
      expect(await page.locator("main").innerText()).toContain(
        "Fee payments stay on record without your names",
      );
      await page.getByLabel("Your password").fill("not-my-password");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect
        .poll(() => page.getByRole("alert").first().innerText())
        .toContain(MESSAGES.auth.wrongCurrentPassword);
      expect(pathOf(page)).toBe("/profile/delete");
      expect(await page.getByLabel("Your password").inputValue()).toBe("");
      await expectAccessible(page);
      await captureWidths(page, `account-data-delete-refused-${suffix}`);

      step("deletes the account: signed out, told so, and the old session no longer works");
      await page.getByLabel("Your password").fill(parent.password);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await expect.poll(() => pathOf(page)).toBe("/");
      await expect.poll(() => toast(page, ERASURE_MESSAGES.deleted).count()).toBe(1);
      expect((await context.cookies()).some((cookie) => cookie.name === "token" && cookie.value)).toBe(false);
      await page.goto("/profile");
      await expect.poll(() => pathOf(page)).toBe("/login");
      const signedOut = await fetch(`${server.url}/profile/data.json`, { redirect: "manual" });
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toMatch(/^\/login\?/);
      const stale = await callApi(server.url, "/courses/1/like", { method: "POST", token });
      expect(stale.status).toBe(401);
      expect((await callApi(server.url, "/auth/login", { json: parent })).status).toBe(401);

      step("staff see the erasure in the history, without personal data");
      await signIn(context, server, E2E_ADMIN);
      await page.goto("/admin/history");
      const row = page.getByRole("row").filter({ hasText: "Account erased" }).first();
      await expect.poll(() => row.isVisible()).toBe(true);
      const rowText = await row.innerText();
      expect(rowText).toContain("Account erased at the owner's request: 1 application");
      expect(await page.locator("main").innerText()).not.toContain(parent.email);
      await expectAccessible(page);
      await captureWidths(page, `account-data-admin-history-${suffix}`);
    });
  });
});
