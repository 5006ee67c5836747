import { describe, expect, it } from "vitest";
import { captureWidths, expectAccessible, openPage, signIn } from "../support/browser";
import { CONSENT_FIELDS } from "../support/forms";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import type { Browser } from "playwright-core";

/**
 * "The same family, recognised" (issue 40 point 4): two applications from one mobile number are
 * marked on the list and on each record's page; staff merge them with JavaScript off (the kept
 * one receives the other's history, both histories say so) and tell another pair apart with it on.
 */
describe("possible duplicates", () => {
  let server: RunningServer;
  let browser: Browser;

  siteAndBrowserForFile((site) => ({ server, browser } = site));

  /** An application as an API client sends it; answers its id. */
  const apply = async (studentName: string, mobile: string, email: string) => {
    const response = await fetch(`${server.url}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        studentName,
        dob: "2018-05-10",
        grade: "Grade 2",
        parentName: "Sunita Rao",
        mobile,
        email,
        ...CONSENT_FIELDS,
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };

  it("marks two applications from one mobile and merges them, JavaScript off", async () => {
    const first = await apply("Ishaan Rao", "9700011122", "sunita.rao@example.com");
    const second = await apply("Ishan Rao", "+91 97000 11122", "s.rao@example.com");
    const { page, context } = await openPage(browser, server, { javaScript: false });
    await signIn(context, server, E2E_ADMIN);

    await page.goto("/admin/applications?q=Rao");
    const rowOf = (name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
    for (const name of ["Ishaan Rao", "Ishan Rao"])
      expect(await rowOf(name).getByText("Possible duplicate").count()).toBe(1);

    await page.goto(`/admin/applications/${second}`);
    const section = page.getByRole("region", { name: "Possible duplicate" });
    expect(await section.innerText()).toContain("same mobile number");
    expect(await section.getByRole("link", { name: `#${first} Ishaan Rao` }).getAttribute("href")).toBe(
      `/admin/applications/${first}`,
    );
    await captureWidths(page, "admin-possible-duplicate");
    await expectAccessible(page);

    // The later one merged into the earlier: staff land on the one kept.
    await section.getByRole("button", { name: `Merge into #${first}` }).click();
    await page.waitForURL(`**/admin/applications/${first}`);
    expect(await page.getByRole("status").filter({ hasText: /\S/ }).first().innerText()).toContain(
      `#${second} merged into #${first}`,
    );
    const history = page.getByRole("list", { name: "History" });
    expect(await history.innerText()).toContain(`#${second} merged into this one`);
    expect(await page.getByRole("region", { name: "Possible duplicate" }).count()).toBe(0);

    // The merged one says where it went, and the list shows the family once.
    await page.goto(`/admin/applications/${second}`);
    expect(await page.getByRole("region", { name: "Merged" }).innerText()).toContain(`application #${first}`);
    expect(await page.getByRole("list", { name: "History" }).innerText()).toContain(
      `Merged into application #${first}`,
    );
    await captureWidths(page, "admin-merged-application");
    await page.goto("/admin/applications?q=Rao");
    expect(await rowOf("Ishan Rao").count()).toBe(0);
    expect(await rowOf("Ishaan Rao").getByText("Possible duplicate").count()).toBe(0);
    await context.close();
  });

  it("tells two applications apart, JavaScript on", async () => {
    const first = await apply("Meera Das", "9700033344", "das.family@example.com");
    const second = await apply("Meera Das", "9700055566", "Das.Family@example.com");
    const { page, context } = await openPage(browser, server, { javaScript: true });
    await signIn(context, server, E2E_ADMIN);
    await page.goto(`/admin/applications/${first}`);
    const section = page.getByRole("region", { name: "Possible duplicate" });
    expect(await section.innerText()).toContain("same e-mail address");
    expect(await section.getByRole("link", { name: `#${second} Meera Das` }).count()).toBe(1);
    await section.getByRole("button", { name: "Not the same family" }).click();
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: /\S/ }).first().innerText())
      .toContain("Marked as not the same family.");
    expect(await page.getByRole("region", { name: "Possible duplicate" }).count()).toBe(0);
    expect(await page.getByRole("list", { name: "History" }).innerText()).toContain(
      `Not the same family as application #${second}.`,
    );
    await page.goto(`/admin/applications/${second}`);
    expect(await page.getByRole("list", { name: "History" }).innerText()).toContain(
      `Not the same family as application #${first}.`,
    );
    await context.close();
  });
});
