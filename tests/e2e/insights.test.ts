import type { Browser } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { validApplication, validDemo } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, signIn } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * /admin/insights in the browser (issue 40 point 2), with JavaScript off and on: the funnel's
 * figures, its charts drawn on the server (present, described, no script needed) with their
 * tables, a grade chosen in the filter form, the CSV link keeping the filter, and axe.
 */
describe("admin insights", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  /** Three applications (one contacted) and a demo request, all today. */
  beforeAll(async () => {
    const created: number[] = [];
    for (const [grade, name] of [
      ["Grade 2", "Insight One"],
      ["Grade 2", "Insight Two"],
      ["Grade 4", "Insight Three"],
    ] as const) {
      const answer = await callApi(server.url, "/applications", {
        json: { ...validApplication(), grade, studentName: name, ageConfirmed: true },
      });
      expect(answer.status).toBe(201);
      created.push(answer.body.id);
    }
    const contacted = await callApi(server.url, `/applications/${created[0]}`, {
      method: "PATCH",
      token: adminToken,
      json: { status: "CONTACTED" },
    });
    expect(contacted.status).toBe(200);
    expect((await callApi(server.url, "/demos", { json: validDemo() })).status).toBe(201);
  });

  it.each(MODES)(
    "shows the funnel, its charts and tables, and narrows to a grade ($label)",
    async ({ javaScript }) => {
      const { context, page } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);
      await page.goto("/admin/insights");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Insights");
      const figure = (step: string) => page.locator(`[data-figure="${step}"]`).textContent();
      const before = Number(await figure("applications"));
      expect(before).toBeGreaterThanOrEqual(3);
      expect(Number(await figure("enquiries"))).toBeGreaterThanOrEqual(before + 1);
      expect(Number(await figure("contacted"))).toBeGreaterThanOrEqual(1);
      // Each chart is an image named by its title, described in words, drawn without a script.
      for (const name of [
        "Admissions funnel",
        "Enquiries and admissions by week",
        "Enquiries and admissions by source",
        "Enquiries and admissions by grade",
      ]) {
        const chart = page.getByRole("img", { name, exact: true });
        await expect.poll(() => chart.count()).toBe(1);
        expect((await chart.locator("desc").textContent())!.length).toBeGreaterThan(20);
      }
      expect(
        await page
          .getByRole("table", { name: "The funnel by grade" })
          .getByRole("rowheader")
          .allTextContents(),
      ).toEqual(expect.arrayContaining(["Grade 2", "Grade 4"]));
      await expectAccessible(page);
      if (!javaScript) await captureWidths(page, "admin-insights");

      await page.getByLabel("Grade", { exact: true }).selectOption("Grade 4");
      await page.getByRole("button", { name: "Show" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("grade")).toBe("Grade 4");
      await expect.poll(() => figure("applications")).not.toBe(String(before));
      const grade4 = Number(await figure("applications"));
      expect(grade4).toBeGreaterThanOrEqual(1);
      expect(grade4).toBeLessThan(before);
      const csv = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
      expect(new URL(csv!, server.url).searchParams.get("grade")).toBe("Grade 4");
      // The step's link lists the same records, under the same range and grade.
      await page.getByRole("link", { name: "Applications", exact: true }).last().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/applications");
      expect(new URL(page.url()).searchParams.get("grade")).toBe("Grade 4");
      await context.clearCookies();
    },
  );

  it("refuses a range backwards with the reason beside the field, JavaScript off", async () => {
    const { context, page } = await openPage(browser, server, { javaScript: false });
    await signIn(context, server, E2E_ADMIN);
    const answer = await page.goto("/admin/insights?from=2026-11-20&to=2026-11-01");
    expect(answer?.status()).toBe(400);
    await expect.poll(() => page.getByText("The last day must not be before the first.").count()).toBe(1);
    expect(await page.locator("[data-figure]").count()).toBe(0);
    await context.clearCookies();
  });
});
