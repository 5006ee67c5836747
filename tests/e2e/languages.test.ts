import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, MODES, openPage, untilHydrated } from "../support/browser";
import { englishTextsOn } from "../support/hindi";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import { pathIn } from "~/domain/languages";
import { PUBLIC_PAGES } from "~/domain/public-pages";

/**
 * The two languages' frame (issue 37, decision 0047): the address decides, the switch is a plain
 * link that is remembered, a browser that prefers Hindi is offered the Hindi page but never sent
 * there, and an address that has no Hindi is the friendly 404.
 */
describe("languages", () => {
  let server: RunningServer;
  let browser: Browser;
  siteAndBrowserForFile((site) => ({ server, browser } = site));

  const htmlLang = (page: Page) => page.locator("html").getAttribute("lang");
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });

  it("sends every Hindi page as whole UTF-8 text, without a NUL byte between two letters", async () => {
    // React 18's stream encoder left NULs where a Devanagari letter met its 2 KB buffer's end
    // (decision 0048): which page, and where, depends on the bytes before, so every page is read,
    // each course's dialog and each post among them.
    const pages = [
      ...Object.values(PUBLIC_PAGES).map(({ path }) => pathIn("hi", path)),
      ...Array.from({ length: 8 }, (_, index) => `/hi/courses/${index + 1}`),
      ...Array.from({ length: 6 }, (_, index) => `/hi/blog/${index + 1}`),
    ];
    for (const path of pages) {
      const answer = await fetch(`${server.url}${path}`);
      expect([200, 404], path).toContain(answer.status);
      const bytes = new Uint8Array(await answer.arrayBuffer());
      const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      expect(html.includes("\u0000"), `${path} has a NUL byte`).toBe(false);
      expect(html, path).toContain('<html lang="hi"');
    }
  });

  describe.each(MODES)("$label", ({ javaScript }) => {
    it("switches the home page to Hindi and back with the header's link, each in its own address", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      if (javaScript) await untilHydrated(page);
      expect(await htmlLang(page)).toBe("en");
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: /हिन्दी/ }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/hi");
      expect(await htmlLang(page)).toBe("hi");
      const hindiNav = page.getByRole("navigation", { name: "मुख्य" });
      expect(await hindiNav.getByText("कार्यक्रम").count()).toBe(1);
      // In-site links stay in Hindi; the API and the back office keep one address.
      expect(await hindiNav.getByRole("link", { name: "लॉग इन" }).getAttribute("href")).toBe("/hi/login");
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/hi$/);
      expect(await page.locator('link[rel="alternate"][hreflang="en-IN"]').getAttribute("href")).toMatch(
        /:\d+\/$/,
      );
      expect(await page.locator('link[rel="stylesheet"][href*="devanagari"]').count()).toBe(1);
      // Only the interface's subset is fetched ahead (decision 0049).
      expect(await page.locator('link[rel="preload"][as="font"]').getAttribute("href")).toMatch(
        /noto-sans-devanagari-interface-400-\w+\.woff2$/,
      );
      expect((await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("hi");
      await expectAccessible(page);

      await page
        .getByRole("navigation", { name: "मुख्य" })
        .getByRole("link", { name: /English/ })
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/");
      expect(await htmlLang(page)).toBe("en");
      expect(await page.locator('link[rel="stylesheet"][href*="devanagari"]').count()).toBe(0);
      expect((await page.context().cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
    });

    it("answers an address that has no Hindi, or no such language, with the 404 page in its language", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const hindi = await page.goto("/hi/no-such-page");
      expect(hindi?.status()).toBe(404);
      await expect.poll(() => heading(page).innerText()).toBe("यह पेज नहीं मिला");
      expect(await englishTextsOn(page), JSON.stringify(await englishTextsOn(page))).toEqual([]);
      await expectAccessible(page);

      for (const path of ["/xyz", "/fr/apply"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect.poll(() => heading(page).innerText()).toBe("We couldn't find that page");
        expect(await page.getByRole("link", { name: "Admissions" }).count(), path).toBeGreaterThan(0);
      }
      expect(await page.title()).toContain("Page not found");
    });

    it("suggests the Hindi page to a browser that prefers Hindi, never redirects, and stops once English is chosen", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.setExtraHTTPHeaders({ "Accept-Language": "hi-IN,hi;q=0.9,en-IN;q=0.8,en;q=0.7" });
      try {
        const response = await page.goto("/");
        expect(response?.status()).toBe(200);
        expect(new URL(page.url()).pathname).toBe("/");
        const suggestion = page.locator("[data-language-suggestion]");
        await expect.poll(() => suggestion.innerText()).toContain("यह पेज हिन्दी में भी है।");
        expect(await suggestion.getAttribute("lang")).toBe("hi");
        await expectAccessible(page);
        await suggestion.getByRole("link", { name: "अंग्रेज़ी में ही रहें" }).click();
        await expect.poll(() => page.locator("[data-language-suggestion]").count()).toBe(0);
        expect(new URL(page.url()).pathname).toBe("/");
        await page.goto("/");
        expect(await page.locator("[data-language-suggestion]").count()).toBe(0);
      } finally {
        await page.setExtraHTTPHeaders({});
      }
    });
  });
});
