import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { captureWidths, expectAccessible, openPage, signIn, untilHydrated } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The header's search box (issue 19): without JavaScript a GET form to the results page, grouped
 * by kind; with it, results under the box while typing, only ever for the text in the box.
 * What each query finds is proven in tests/api/admin-search.test.ts.
 */
describe("admin search", () => {
  let server: RunningServer;
  let browser: Browser;
  let applicationId: number;

  siteAndBrowserForFile((site) => ({ server, browser } = site));

  beforeAll(async () => {
    const apply = async (studentName: string, parentName: string, mobile: string) => {
      const answer = await callApi(server.url, "/applications", {
        json: {
          studentName,
          dob: "2019-04-12",
          grade: "Grade 1",
          parentName,
          mobile,
          email: `${studentName.toLowerCase().replace(/\W+/g, ".")}@example.com`,
          ...CONSENT_FIELDS,
        },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    };
    applicationId = await apply("Ishaan Findable", "Kavya Findable", "9812345678");
    await apply("Rohan Elsewhere", "Latha Elsewhere", "9700000001");
  });

  const signedInAdmin = async (javaScript: boolean) => {
    const opened = await openPage(browser, server, { javaScript });
    await signIn(opened.context, server, E2E_ADMIN);
    await opened.page.goto("/admin");
    return opened.page;
  };
  const searchBox = (page: Page) => page.getByRole("search").getByLabel("Search", { exact: true });

  it("JS off: Enter shows the results page grouped by kind, and a result opens its record", async () => {
    const page = await signedInAdmin(false);
    await searchBox(page).fill("+91 98123-45678");
    await searchBox(page).press("Enter");
    await expect.poll(() => page.url()).toContain("/admin/search?q=%2B91+98123-45678");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(
      "Search results for “+91 98123-45678”",
    );
    expect(await searchBox(page).inputValue()).toBe("+91 98123-45678");
    const applications = page.getByRole("region", { name: /^Applications/ });
    expect(await applications.getByRole("heading").innerText()).toMatch(/^Applications\s*1$/);
    expect(await page.getByRole("main").innerText()).not.toContain("Rohan Elsewhere");
    await captureWidths(page, "admin-search-results-nojs");
    await expectAccessible(page);

    // Text the search cannot take is explained on the same page.
    await searchBox(page).fill("%");
    await searchBox(page).press("Enter");
    expect(await page.getByRole("alert").innerText()).toBe("Type at least 3 characters to search.");

    await searchBox(page).fill("findable");
    await searchBox(page).press("Enter");
    await applications.getByRole("link", { name: "Ishaan Findable" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/applications/${applicationId}`);
  });

  it("JS on: results appear while typing, only for the latest text, and the keyboard opens one", async () => {
    const page = await signedInAdmin(true);
    await untilHydrated(page);
    const box = page.getByRole("combobox", { name: "Search" });
    const results = page.getByRole("listbox", { name: "Search results" });
    const announced = page.getByRole("search").getByRole("status");

    // Text the search cannot take is explained under the box, and said aloud.
    await box.fill("%");
    await expect.poll(() => announced.innerText()).toBe("Type at least 3 characters to search.");
    const shown = page.getByRole("search").locator("p:not([role=status])", { hasText: "Type at least 3" });
    expect(await shown.isVisible()).toBe(true);
    await box.fill("");

    // The answer for "elsewhere" is held back until after the one for "findable": it is never shown.
    let releaseEarlier!: () => void;
    const earlierHeld = new Promise<void>((resolve) => (releaseEarlier = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/admin/search") && url.searchParams.get("q") === "elsewhere",
      async (route) => {
        await earlierHeld;
        await route.continue().catch(() => undefined);
      },
    );
    await box.pressSequentially("elsewhere");
    await expect.poll(() => page.getByText("Searching…").isVisible()).toBe(true);
    await box.fill("findable");
    await expect
      .poll(() => results.getByRole("option").allInnerTexts())
      .toEqual([expect.stringContaining("Ishaan Findable")]);
    releaseEarlier();
    expect(await announced.innerText()).toBe("1 result.");
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await results.getByRole("group").getAttribute("aria-label")).toBe("Applications: 1 found");
    await expectAccessible(page);
    await captureWidths(page, "admin-search-live-js", { fullPage: false });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    expect(await results.getByRole("option").allInnerTexts()).not.toContainEqual(
      expect.stringContaining("Rohan"),
    );

    // Escape closes the list; arrows and Enter open the chosen record.
    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await results.isVisible()).toBe(false);
    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBe(
      await results.getByRole("option").first().getAttribute("id"),
    );
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/applications/${applicationId}`);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
  });
});
