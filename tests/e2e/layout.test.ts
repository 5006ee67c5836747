import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_COMPANY_DETAILS } from "../../db/demo/content";
import {
  captureWidths,
  delayScripts,
  expectAccessible,
  MODES,
  openPage,
  PHONE,
  registerUser,
  signIn,
  untilHydrated,
} from "../support/browser";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";

describe("public layout", () => {
  let server: RunningServer;
  let browser: Browser;
  siteAndBrowserForFile((site) => ({ server, browser } = site));

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    it("opens the dropdowns and follows a link from them", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByText("Programs").click();
      await nav.getByRole("link", { name: "Grade 1 to 5" }).click();
      await expect.poll(() => page.url()).toContain("/programs/primary");
    });

    it("shows the company details and the year in the footer", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      const footer = page.locator("footer");
      await expect.poll(() => footer.innerText()).toContain(DEMO_COMPANY_DETAILS.email);
      const text = await footer.innerText();
      expect(text).toContain(DEMO_COMPANY_DETAILS.phone);
      expect(text).toContain(String(new Date().getFullYear()));
      for (const link of ["About Us", "Admissions", "Teachers", "Blog"]) {
        await expect.poll(() => footer.getByRole("link", { name: link, exact: true }).count()).toBe(1);
      }
    });

    it("uses the mobile menu on a phone, with My Profile and Logout once signed in", async () => {
      const { context, page } = await openPage(browser, server, { javaScript, viewport: PHONE });
      const parent = await registerUser(server, "Kavya Menon");
      await signIn(context, server, parent);
      await page.goto("/");
      await page.getByText("Menu", { exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect.poll(() => menu.getByRole("link", { name: "My Profile" }).isVisible()).toBe(true);
      await menu.getByRole("button", { name: "Logout" }).click();
      // Already on "/", so the URL alone cannot tell that the logout has landed: the header can.
      await expect.poll(() => page.locator('header a[href="/login"]').count()).toBeGreaterThan(0);
      expect(page.url()).toBe(server.url + "/");
      await page.getByText("Menu", { exact: true }).click();
      await expect
        .poll(() =>
          page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Login" }).isVisible(),
        )
        .toBe(true);
    });

    it("keeps a menu opened before the scripts arrived open once they have run", async () => {
      const { page } = await openPage(browser, server, { javaScript, viewport: PHONE });
      await delayScripts(page);
      await page.goto("/");
      await page.getByText("Menu", { exact: true }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect.poll(() => menu.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
      if (javaScript) await untilHydrated(page);
      expect(await menu.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
      // With JavaScript, choosing a link still closes it.
      await menu.getByRole("link", { name: "Blog" }).click();
      await expect.poll(() => page.url()).toContain("/blog");
      if (javaScript) expect(await menu.isVisible()).toBe(false);
    });

    it("shows the signed-in user's initial, name and email on desktop", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const parent = await registerUser(server, "Rohan Gupta");
      await signIn(context, server, parent);
      await page.goto("/");
      await page.getByLabel("Account menu for Rohan Gupta").click();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect.poll(() => nav.innerText()).toContain(parent.email);
      expect(await nav.getByText("R", { exact: true }).count()).toBeGreaterThan(0);
      expect(await nav.getByRole("link", { name: "My Profile" }).count()).toBe(0);
    });

    it("answers an unknown address with a friendly 404 page", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).innerText())
        .toBe("We couldn't find that page");
      await expectAccessible(page);
      await captureWidths(page, `not-found-${label === "JS on" ? "js" : "nojs"}`);
    });
  });
});
