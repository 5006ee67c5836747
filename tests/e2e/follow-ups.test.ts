import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dayAfter } from "~/domain/follow-ups";
import { formatLongDay, isoDateInIndia } from "~/domain/format";
import { captureWidths, expectAccessible, openPage, signIn, tamperNextPost } from "../support/browser";
import { CONSENT_FIELDS } from "../support/forms";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * Follow-ups on a record's page (issue 40 point 3): set with JavaScript off (a plain POST, a bad
 * day refused with 400 beside the field and the note kept), moved and marked done with it on, and
 * listed on /admin under who set it while due. One site, two browser tests.
 */
describe("follow-ups", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let path = "";

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const toast = (page: Page, role: "status" | "alert") =>
    page.getByRole(role).filter({ hasText: /\S/ }).first();
  const section = (page: Page) => page.getByRole("region", { name: "Follow-up" });
  const today = () => isoDateInIndia();

  it("is set on an application's page without JavaScript; a past day is refused beside the field", async () => {
    // Straight to the API's route: the record is what matters here, not the form that sends one.
    const created = await fetch(`${server.url}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        studentName: "Ishaan Follow",
        dob: "2018-07-21",
        grade: "Grade 2",
        parentName: "Sunita Rao",
        mobile: "9845012345",
        email: "sunita.rao@example.com",
        ...CONSENT_FIELDS,
      }),
    });
    expect(created.status).toBe(201);
    path = `/admin/applications/${((await created.json()) as { id: number }).id}`;
    const { page, context } = await openPage(browser, server, { javaScript: false });
    await signIn(context, server, E2E_ADMIN);
    await page.goto(path);
    const panel = section(page);
    await expect.poll(() => panel.innerText()).toContain("No follow-up set.");

    // The date input keeps a past day out; a hand-made post gets the server's answer.
    await panel.getByLabel("Note").fill("Ask about the transport");
    await tamperNextPost(page, path, (fields) => fields.set("dueOn", "2020-01-01"));
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      panel.getByRole("button", { name: "Set follow-up" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    const day = panel.getByLabel("Call back by");
    await expect.poll(() => day.getAttribute("aria-invalid")).toBe("true");
    expect(await panel.innerText()).toContain("cannot be in the past");
    expect(await panel.getByLabel("Note").inputValue()).toBe("Ask about the transport");

    const tomorrow = dayAfter(today(), 1);
    await day.fill(tomorrow);
    await panel.getByRole("button", { name: "Set follow-up" }).click();
    await expect
      .poll(() => toast(page, "status").innerText())
      .toContain(`Follow-up set: call back by ${formatLongDay(tomorrow)}.`);
    const open = page.getByTestId("open-follow-up");
    expect(await open.innerText()).toContain(`Call back by ${formatLongDay(tomorrow)}`);
    expect(await open.innerText()).toContain("Ask about the transport");
    expect(await open.innerText()).toContain(`Set by ${E2E_ADMIN.name}`);
    const history = page.getByRole("list", { name: "History" });
    expect(await history.getByRole("listitem").first().innerText()).toContain("Ask about the transport");
    await captureWidths(page, "follow-up-set-nojs");
  });

  it("is moved to today and marked done with JavaScript, and listed on /admin while due", async () => {
    expect(path).not.toBe("");
    const { page, context } = await openPage(browser, server, { javaScript: true });
    await signIn(context, server, E2E_ADMIN);
    await page.goto(path);
    const panel = section(page);
    await panel.getByLabel("Call back by").fill(today());
    await panel.getByLabel("Note").fill("Mother asked for a call after 5 pm");
    await panel.getByRole("button", { name: "Move follow-up" }).click();
    await expect
      .poll(() => toast(page, "status").innerText())
      .toContain(`Follow-up moved to ${formatLongDay(today())}.`);
    const open = page.getByTestId("open-follow-up");
    await expect.poll(() => open.innerText()).toContain("Due today");
    expect(await open.innerText()).toContain("Mother asked for a call after 5 pm");

    await page.goto("/admin");
    const due = page.getByRole("region", { name: "Follow-ups" });
    const mine = due.getByRole("region", { name: `Set by ${E2E_ADMIN.name}` });
    const link = mine.getByRole("link", { name: /Ishaan Follow/ });
    expect(await link.getAttribute("href")).toBe(path);
    expect(await mine.innerText()).toContain("Mother asked for a call after 5 pm");
    expect(await mine.innerText()).toContain("Due today");
    await captureWidths(page, "follow-ups-dashboard");
    await expectAccessible(page);

    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    await section(page).getByRole("button", { name: "Mark done" }).click();
    await expect.poll(() => toast(page, "status").innerText()).toContain("Follow-up marked done.");
    await expect.poll(() => section(page).innerText()).toContain("No follow-up set.");
    await captureWidths(page, "follow-up-done-js");
    await expectAccessible(page);

    await page.goto("/admin");
    await expect
      .poll(() => page.getByRole("region", { name: "Follow-ups" }).innerText())
      .toContain("Nothing overdue or due today.");
  });
});
