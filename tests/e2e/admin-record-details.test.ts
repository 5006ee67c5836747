import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { captureWidths, expectAccessible, MODES, openPage, signIn } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * A record's own page (issue 19): opened from its list, its status changed there, notes added,
 * all of it in its history with the admin's name; a note's HTML shows as text.
 */
describe("a record's page: history and notes", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const toast = (page: Page, role: "status" | "alert") =>
    page.getByRole(role).filter({ hasText: /\S/ }).first();

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("opens an application from the list, changes its status and adds notes there", async () => {
      const student = `Rohan Details ${label}`;
      const created = await callApi(server.url, "/applications", {
        token: adminToken,
        json: {
          studentName: student,
          dob: "2018-07-21",
          grade: "Grade 2",
          parentName: "Sunita Rao",
          mobile: "9845012345",
          email: "sunita.rao@example.com",
          ...CONSENT_FIELDS,
        },
      });
      expect(created.status).toBe(201);
      const { page, context } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);

      await page.goto("/admin/applications");
      await page.getByRole("link", { name: student }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/applications/${created.body.id}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toContain(student);
      // The menu still marks the list the record belongs to.
      const current = page.getByRole("navigation", { name: "Admin" }).locator('[aria-current="page"]');
      await expect.poll(() => current.allInnerTexts()).toEqual(["Applications"]);
      const history = page.getByRole("list", { name: "History" });
      expect(await page.getByText("Nothing yet: no status change and no note.").count()).toBe(1);

      // The same status control as the list's: without JavaScript its Save button posts it.
      const select = page.getByLabel(`Status of ${student}'s application`);
      const save = page.getByRole("button", { name: `Save (Status of ${student}'s application)` });
      await expect.poll(() => save.isVisible()).toBe(!javaScript);
      await select.selectOption("CONTACTED");
      if (!javaScript) await save.click();
      await expect
        .poll(() => toast(page, "status").innerText())
        .toContain(`${student}'s application is now Contacted.`);
      await expect.poll(() => history.getByRole("listitem").count()).toBe(1);

      const note = page.getByLabel("Add a note");
      const addNote = page.getByRole("button", { name: "Add note" });
      if (!javaScript) {
        // Only spaces: refused by the server with the field's message and the text kept.
        await note.fill("   ");
        await addNote.click();
        await expect
          .poll(() => toast(page, "alert").innerText())
          .toContain("Write the note before adding it.");
        expect(await note.getAttribute("aria-invalid")).toBe("true");
      }
      await note.fill("Called the family: they visit on Monday.");
      await addNote.click();
      await expect.poll(() => history.getByRole("listitem").count()).toBe(2);
      await expect.poll(() => note.inputValue()).toBe("");
      await note.fill("<b>html</b> stays text");
      await addNote.click();
      await expect.poll(() => history.getByRole("listitem").count()).toBe(3);

      const items = await history.getByRole("listitem").allInnerTexts();
      // Newest first, each with who made it.
      expect(items[0]).toContain("<b>html</b> stays text");
      expect(items[1]).toContain("Called the family: they visit on Monday.");
      expect(items[2]).toMatch(/Pending[\s\S]*Contacted/);
      for (const item of items) expect(item).toContain(E2E_ADMIN.name);
      expect(await history.locator("b").count()).toBe(0);

      await captureWidths(page, `admin-record-details-${suffix}`);
      await expectAccessible(page);
    });
  });
});
