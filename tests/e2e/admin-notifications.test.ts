import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { captureWidths, expectAccessible, MODES, openPage, PHONE, signIn } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

/**
 * The admin bell (issue 19 point 2): a new application shows on it, the page behind it lists the
 * application, and "Mark all as seen" takes the number away, with JavaScript and without.
 */
describe("admin notifications", () => {
  let server: RunningServer;
  let browser: Browser;

  siteAndBrowserForFile((site) => ({ server, browser } = site));

  const apply = async (studentName: string) => {
    const answer = await callApi(server.url, "/applications", {
      json: {
        studentName,
        dob: "2019-04-12",
        grade: "Grade 1",
        parentName: "Priya Sharma",
        mobile: "9876543210",
        email: "priya.sharma@example.com",
        ...CONSENT_FIELDS,
      },
    });
    expect(answer.status).toBe(201);
    return answer.body.id as number;
  };
  const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
  const bellLabel = (page: Page) => bell(page).getAttribute("aria-label");
  const markAllAsSeen = (page: Page) => page.getByRole("button", { name: "Mark all as seen" });

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("shows a new application on the bell and its page, until Mark all as seen", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);

      // The seeded site's records (and the other mode's) are new to this admin: start from none.
      await page.goto("/admin/notifications");
      if ((await markAllAsSeen(page).count()) > 0) await markAllAsSeen(page).click();
      await expect.poll(() => bellLabel(page)).toBe("Notifications: nothing new");
      expect(await bell(page).innerText()).toBe("");

      const student = `Bell Child ${suffix}`;
      const id = await apply(student);
      await page.goto("/admin");
      expect(await bellLabel(page)).toBe("Notifications: 1 new");
      expect(await bell(page).innerText()).toBe("1");

      await bell(page).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/notifications");
      await expect
        .poll(() => page.getByRole("heading", { name: /^Admission applications:/ }).innerText())
        .toBe("Admission applications: 1 new");
      const listed = page.getByRole("link", { name: new RegExp(student) });
      expect(await listed.getAttribute("href")).toBe(`/admin/applications/${id}`);
      expect(await page.getByRole("heading", { name: "Paid orders: nothing new" }).count()).toBe(1);
      expect(await page.locator("main").innerText()).toContain(
        "Opening this page does not mark anything as seen",
      );
      // Looking did not mark it as seen.
      await page.reload();
      expect(await bellLabel(page)).toBe("Notifications: 1 new");

      // The top bar fits a phone with the number on the bell, once the page has settled at the new
      // width: read straight after the resize it was 543 px once, on a busy machine (clean-clone
      // run P5), and fitted in every other run; an overflow that stays still fails here.
      await page.setViewportSize(PHONE);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(PHONE.width);
      await captureWidths(page, `admin-notifications-${suffix}`);
      await expectAccessible(page);

      await markAllAsSeen(page).click();
      await expect.poll(() => bellLabel(page)).toBe("Notifications: nothing new");
      await expect
        .poll(() => page.getByRole("status").filter({ hasText: /\S/ }).first().innerText())
        .toContain("Marked as seen");
      expect(await page.getByRole("heading", { name: "Nothing new" }).count()).toBe(1);
      expect(await markAllAsSeen(page).count()).toBe(0);
      await page.goto("/admin");
      expect(await bellLabel(page)).toBe("Notifications: nothing new");

      // Going to another admin page (in the page with JavaScript) brings the number up to date.
      await apply(`${student} again`);
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Applications", exact: true })
        .click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin/applications");
      await expect.poll(() => bellLabel(page)).toBe("Notifications: 1 new");
    });
  });
});
