import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { RESET_LINK_MINUTES } from "~/domain/limits";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, registerUser } from "../support/browser";
import type { RunningServer } from "../support/server";
import { siteWithMailForFile } from "../support/site-and-browser";
import type { SmtpSink } from "../support/smtp-sink";

/**
 * A forgotten password, end to end: the forgot form, the mail through a real SMTP conversation,
 * the reset page, the profile's "Change password". The rules behind them (expiry, replaced and
 * tampered links, limits, timing) are in tests/api/password-reset.test.ts.
 */
describe("password reset and change", () => {
  let sink: SmtpSink;
  let server: RunningServer;
  let browser: Browser;

  siteWithMailForFile((site) => ({ server, browser, sink } = site));

  const login = (email: string, password: string) =>
    callApi(server.url, "/auth/login", { json: { email, password } });
  const mailsAbout = (email: string, subject: RegExp) =>
    sink.mailsTo(email).filter((mail) => subject.test(mail.subject));
  const CHANGED = /password was changed/;
  const alert = (page: Page) => page.getByRole("alert").first();
  const toast = (page: Page) => page.getByRole("status").filter({ hasText: MESSAGES.auth.passwordChanged });

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("mails a link that sets a new password once and signs in; the profile changes it again", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const parent = await registerUser(server, "Asha Menon");

      // Forgot password: the same answer whatever the address, on the page.
      await page.goto("/login?view=forgot");
      await page.getByLabel("Email address").fill(parent.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect
        .poll(() => page.getByRole("status").first().innerText())
        .toBe(MESSAGES.auth.resetRequested(RESET_LINK_MINUTES));
      await captureWidths(page, `forgot-sent-${suffix}`);

      const mail = await sink.waitFor(
        (received) => received.to.includes(parent.email) && /Reset your/.test(received.subject),
        20_000,
      );
      const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]{43}/.exec(mail.text)![0]);
      const resetPath = link.pathname + link.search;

      await page.goto(resetPath);
      await expect
        .poll(() => page.getByRole("heading", { name: "Choose a new password" }).isVisible())
        .toBe(true);
      expect(await page.getByLabel("New password", { exact: true }).getAttribute("autocomplete")).toBe(
        "new-password",
      );
      await expectAccessible(page);
      await captureWidths(page, `reset-password-${suffix}`);

      // A mismatch is refused and the fields are emptied; then the matching pair is taken.
      await page.getByLabel("New password", { exact: true }).fill("asha-new-password");
      await page.getByLabel("Confirm new password").fill("something-else");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect.poll(() => alert(page).innerText()).toContain(MESSAGES.auth.passwordsDoNotMatch);
      expect(await page.getByLabel("New password", { exact: true }).inputValue()).toBe("");
      expect((await login(parent.email, parent.password)).status).toBe(200);

      await page.getByLabel("New password", { exact: true }).fill("asha-new-password");
      await page.getByLabel("Confirm new password").fill("asha-new-password");
      await page.getByRole("button", { name: "Save new password" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/profile");
      await expect.poll(() => toast(page).count()).toBe(1);
      expect(await page.getByRole("heading", { name: "Hello, Asha Menon" }).isVisible()).toBe(true);
      expect((await login(parent.email, parent.password)).status).toBe(401);
      expect((await login(parent.email, "asha-new-password")).status).toBe(200);
      await sink.waitFor(
        (received) => received.to.includes(parent.email) && CHANGED.test(received.subject),
        20_000,
      );

      // The link worked once.
      await page.goto(resetPath);
      await expect.poll(() => alert(page).innerText()).toBe(MESSAGES.auth.resetLinkInvalid);
      const again = page.getByRole("link", { name: "Ask for a new link" });
      expect(await again.getAttribute("href")).toBe("/login?view=forgot");
      await captureWidths(page, `reset-password-invalid-${suffix}`);

      // Change password on the profile: a wrong current password first.
      await page.goto("/profile");
      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("asha-third-password");
      await page.getByLabel("Confirm new password").fill("asha-third-password");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => alert(page).innerText()).toContain(MESSAGES.auth.wrongCurrentPassword);
      expect(await page.locator("#field-currentPassword-error").innerText()).toBe(
        MESSAGES.auth.wrongCurrentPassword,
      );
      expect(await page.getByLabel("Current password").inputValue()).toBe("");
      await expectAccessible(page);

      await page.getByLabel("Current password").fill("asha-new-password");
      await page.getByLabel("New password", { exact: true }).fill("asha-third-password");
      await page.getByLabel("Confirm new password").fill("asha-third-password");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect.poll(() => toast(page).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe("/profile");
      expect(await page.getByLabel("Current password").inputValue()).toBe("");
      expect((await login(parent.email, "asha-new-password")).status).toBe(401);
      expect((await login(parent.email, "asha-third-password")).status).toBe(200);
      await captureWidths(page, `profile-${suffix}`);
      await expect.poll(() => mailsAbout(parent.email, CHANGED).length, { timeout: 20_000 }).toBe(2);
    });
  });
});
