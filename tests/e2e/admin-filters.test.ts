import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { isoDateInIndia } from "~/domain/format";
import { ENQUIRY_ROWS_PER_PAGE } from "~/domain/record-kinds";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { captureWidths, expectAccessible, MODES, openPage, signIn } from "../support/browser";
import { step } from "../support/journey";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The admin lists' filters (issue 19 points 3 and 4) in Chromium, with and without JavaScript:
 * status tabs with their counts, a date range and free text kept in the address, page 2 under
 * the filters, the back button, and the CSV export of only the filtered rows. Every filter and
 * refusal is proven in tests/api/admin-lists.test.ts; this is what staff see.
 */
describe("admin list filters", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  /** One page and one row of pending applications (two pages under the filters) and two contacted, all with this name. */
  const FAMILY = "Filterwala";
  const PENDING = ENQUIRY_ROWS_PER_PAGE + 1;
  const ALL = PENDING + 2;
  const today = isoDateInIndia();
  let contacted: string[] = [];

  beforeAll(async () => {
    const send = async (index: number) => {
      const answer = await callApi(server.url, "/applications", {
        json: {
          studentName: `${FAMILY} Child ${String(index).padStart(2, "0")}`,
          dob: "2018-07-21",
          grade: "Grade 2",
          parentName: `${FAMILY} Parent`,
          mobile: "9845012345",
          email: "filterwala@example.com",
          ...CONSENT_FIELDS,
        },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    };
    // The three oldest one by one (their order is what the pages show), the rest ten at a time.
    const created = [await send(0), await send(1), await send(2)];
    for (let first = 3; first < ALL; first += 10)
      await Promise.all(
        Array.from({ length: Math.min(10, ALL - first) }, (_, offset) => send(first + offset)),
      );
    for (const id of created.slice(0, 2)) {
      const answer = await callApi(server.url, `/applications/${id}`, {
        method: "PATCH",
        json: { status: "CONTACTED" },
        token: adminToken,
      });
      expect(answer.status).toBe(200);
    }
    contacted = ["Child 00", "Child 01"].map((child) => `${FAMILY} ${child}`);
  }, 60_000);

  const filters = (page: Page) => page.getByRole("region", { name: "Filters" });
  const search = (page: Page) => new URL(page.url()).searchParams;
  const tab = (page: Page, name: RegExp) =>
    page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name });
  /** Which of `names` the table's rows show, and how many rows it has. */
  const rowsShown = async (page: Page, names: string[]) => ({
    rows: await page.locator("tbody tr").count(),
    shown: (
      await Promise.all(
        names.map(async (name) =>
          (await page.locator("tbody tr", { hasText: name }).count()) ? name : null,
        ),
      )
    ).filter(Boolean),
  });

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("filters applications by text, date and status, pages, goes back and exports", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);

      step("filters by text and today's date with the form");
      await page.goto("/admin/applications");
      await filters(page).getByLabel("Find in this list").fill(FAMILY);
      await filters(page).getByLabel("Received from").fill(today);
      await filters(page).getByLabel("Received to").fill(today);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect.poll(() => search(page).get("q")).toBe(FAMILY);
      expect(search(page).get("from")).toBe(today);
      // The unfiltered list may count the same: wait for the filtered page itself.
      await expect
        .poll(() =>
          page.getByText(`${ALL} admission applications match the filters, newest first.`).isVisible(),
        )
        .toBe(true);
      await expect.poll(() => tab(page, new RegExp(`^Pending\\s*${PENDING}$`)).isVisible()).toBe(true);
      await expect.poll(() => tab(page, /^Contacted\s*2$/).isVisible()).toBe(true);
      expect(await tab(page, new RegExp(`^All\\s*${ALL}$`)).getAttribute("aria-current")).toBe("page");

      step("the Pending tab keeps the filters; page 2 keeps them too");
      await tab(page, /^Pending/).click();
      await expect.poll(() => search(page).get("status")).toBe("PENDING");
      expect(search(page).get("q")).toBe(FAMILY);
      expect(search(page).get("to")).toBe(today);
      await expect
        .poll(() =>
          page.getByText(`${PENDING} admission applications match the filters, newest first.`).isVisible(),
        )
        .toBe(true);
      await expectAccessible(page);
      await captureWidths(page, `admin-filters-pending-${suffix}`);
      await page.getByRole("link", { name: "Next" }).click();
      await expect.poll(() => search(page).get("page")).toBe("2");
      expect(search(page).get("status")).toBe("PENDING");
      expect(search(page).get("q")).toBe(FAMILY);
      await expect.poll(() => page.getByText("Page 2 of 2").isVisible()).toBe(true);
      expect(await rowsShown(page, [`${FAMILY} Child 02`])).toEqual({
        rows: 1,
        shown: [`${FAMILY} Child 02`],
      });

      step("the Contacted tab, then back to Pending with the back button");
      await tab(page, /^Contacted/).click();
      await expect.poll(() => search(page).get("status")).toBe("CONTACTED");
      expect(search(page).get("page")).toBeNull();
      await expect.poll(() => rowsShown(page, contacted)).toEqual({ rows: 2, shown: contacted });
      await page.goBack();
      await expect.poll(() => search(page).get("status")).toBe("PENDING");
      expect(search(page).get("page")).toBe("2");
      await expect.poll(() => page.getByText("Page 2 of 2").isVisible()).toBe(true);
      expect(await filters(page).getByLabel("Find in this list").inputValue()).toBe(FAMILY);
      await page.goForward();
      await expect.poll(() => search(page).get("status")).toBe("CONTACTED");
      // With JavaScript the address changes a moment before the page it names has loaded.
      await expect.poll(() => rowsShown(page, contacted)).toEqual({ rows: 2, shown: contacted });

      step("the export carries the filters: only the two contacted rows");
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export CSV" }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe(`applications-${today}.csv`);
      const csv = await readFile(await file.path(), "utf8");
      expect(csv.startsWith("\uFEFFID,Received,Student,")).toBe(true);
      const lines = csv.trim().split("\n");
      expect(lines).toHaveLength(3);
      expect(lines.slice(1).every((line) => line.includes(FAMILY) && line.includes("CONTACTED"))).toBe(true);

      step("impossible filters: a message beside the form, no rows");
      const refused = await page.goto("/admin/applications?status=LOST&from=2026-02-30");
      expect(refused?.status()).toBe(400);
      const alert = page.getByRole("alert").filter({ hasText: "Some filters could not be used" });
      await expect.poll(() => alert.isVisible()).toBe(true);
      await expect
        .poll(() => page.getByText("“2026-02-30” is not a date.", { exact: false }).first().isVisible())
        .toBe(true);
      expect(await page.locator("tbody tr").count()).toBe(0);
      await expectAccessible(page);
      await captureWidths(page, `admin-filters-refused-${suffix}`);
    });
  });
});
