import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { captureWidths, expectAccessible, MODES, openPage, registerUser, signIn } from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteWithMailForFile } from "../support/site-and-browser";
import type { SmtpSink } from "../support/smtp-sink";

/**
 * The admin Mail screen against a real SMTP server (the sink): mails listed with their status,
 * both parts previewed, a refused mail failed with its reason and sent again from its page.
 */
describe("admin mail", () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;

  siteWithMailForFile((site) => ({ server, browser, sink } = site), { MAIL_MAX_ATTEMPTS: "2" });

  const apply = async (studentName: string, email: string) => {
    const answer = await callApi(server.url, "/applications", {
      json: {
        studentName,
        dob: "2019-04-12",
        grade: "Grade 1",
        parentName: "Priya Sharma",
        mobile: "9876543210",
        email,
        ...CONSENT_FIELDS,
      },
    });
    expect(answer.status).toBe(201);
  };
  const signedInAdmin = async (javaScript: boolean) => {
    const opened = await openPage(browser, server, { javaScript });
    await signIn(opened.context, server, E2E_ADMIN);
    return opened.page;
  };
  const rowOf = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });
  /** The status badge of the list row (or the mail page) showing `text`, read again after a reload. */
  const statusAfterReload = async (page: Page, badge: () => ReturnType<Page["locator"]>) => {
    await page.reload();
    return badge().innerText();
  };

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("lists the sent mails and previews the parent's in HTML and text", async () => {
      const student = `Aarav Sent ${label}`;
      const parent = `sent-${suffix}@example.com`;
      await apply(student, parent);
      await sink.waitFor((mail) => mail.to.includes(parent));
      await sink.waitFor((mail) => mail.subject.startsWith(`New application: ${student}`));

      const page = await signedInAdmin(javaScript);
      await page.goto("/admin/mail");
      expect(await page.title()).toBe("Mail | Zipat admin");
      expect(await page.getByRole("note").count()).toBe(0);
      const staffRow = rowOf(page, `New application: ${student}`);
      const parentRow = rowOf(page, parent);
      const badge = (row: typeof parentRow) => row.locator("[data-tone]");
      await expect.poll(() => statusAfterReload(page, () => badge(staffRow))).toBe("Sent");
      await expect.poll(() => statusAfterReload(page, () => badge(parentRow))).toBe("Sent");
      expect(await badge(parentRow).getAttribute("data-tone")).toBe("green");
      expect(await parentRow.innerText()).toContain("Application received");
      expect(await page.getByRole("list", { name: "Mails by status" }).innerText()).toMatch(/\d+ sent/);
      await captureWidths(page, `admin-mail-list-${suffix}`);
      await expectAccessible(page);

      await parentRow.getByRole("link").click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/mail\/\d+$/);
      // With JavaScript the address changes a moment before the new page renders.
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toContain(student);
      expect(await page.locator("pre").innerText()).toContain(student);
      const frame = page.frameLocator('iframe[title^="HTML version of"]');
      await expect.poll(() => frame.locator("body").innerText()).toContain(student);
      expect(await page.getByRole("button", { name: "Send again" }).count()).toBe(0);
      expect(await page.getByRole("link", { name: /^Application \d+$/ }).getAttribute("href")).toBe(
        "/admin/applications",
      );
      await captureWidths(page, `admin-mail-sent-${suffix}`);
      await expectAccessible(page);
    });

    it("shows a refused mail as Failed with the server's answer, and sends it again", async () => {
      const student = `Diya Refused ${label}`;
      const parent = `refused-${suffix}@example.com`;
      sink.refuse({ code: 550, message: "mailbox unavailable" });
      try {
        await apply(student, parent);
        const page = await signedInAdmin(javaScript);
        await page.goto("/admin/mail");
        const badge = () => rowOf(page, parent).locator("[data-tone]");
        await expect.poll(() => statusAfterReload(page, badge)).toBe("Failed");
        expect(await badge().getAttribute("data-tone")).toBe("red");
        expect(await rowOf(page, parent).innerText()).toContain("550");
        expect(await page.getByRole("list", { name: "Mails by status" }).innerText()).toMatch(/\d+ failed/);

        await rowOf(page, parent).getByRole("link").click();
        await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/mail\/\d+$/);
        const lastError = page.locator("dt", { hasText: "Last error" }).locator("+ dd");
        expect(await lastError.innerText()).toContain("550");
        const sendAgain = page.getByRole("button", { name: "Send again" });
        expect(await sendAgain.count()).toBe(1);
        if (!javaScript) {
          await captureWidths(page, "admin-mail-failed-nojs");
          await expectAccessible(page);
        }

        sink.refuse(null);
        await sendAgain.click();
        await expect
          .poll(() => page.getByRole("status").filter({ hasText: /\S/ }).first().innerText())
          .toContain(`The mail to ${parent} is queued to be sent again.`);
        await sink.waitFor((mail) => mail.to.includes(parent));
        const status = () => page.locator("dt", { hasText: "Status" }).locator("+ dd [data-tone]");
        await expect.poll(() => statusAfterReload(page, status)).toBe("Sent");
        expect(await page.getByRole("button", { name: "Send again" }).count()).toBe(0);
      } finally {
        sink.refuse(null);
      }
    });
  });

  it("serves a mail's HTML only to an admin, inert and framable only by the site", async () => {
    await apply("Guarded Mail", "guarded@example.com");
    const html = "/admin/mail/1/html";
    const parent = await registerUser(server, "Curious Parent");
    const userToken = (await callApi(server.url, "/auth/login", { json: parent })).body.token as string;
    for (const cookie of [undefined, `token=${userToken}`]) {
      const answer = await fetch(server.url + html, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(html)}`);
    }

    const adminToken = (await callApi(server.url, "/auth/login", { json: E2E_ADMIN })).body.token as string;
    const answer = await fetch(server.url + html, { headers: { cookie: `token=${adminToken}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox",
    );
    expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(await answer.text()).toMatch(/^<!doctype html>/i);
    const missing = await fetch(`${server.url}/admin/mail/999999/html`, {
      headers: { cookie: `token=${adminToken}` },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toContain("sandbox");
    // The page that frames it may frame the site's own answers and nothing else.
    const page = await fetch(`${server.url}/admin/mail/1`, { headers: { cookie: `token=${adminToken}` } });
    expect(page.headers.get("content-security-policy")).toContain("frame-src 'self'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    const unknown = await fetch(`${server.url}/admin/mail/01`, {
      headers: { cookie: `token=${adminToken}` },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Mail not found");
  });
});
