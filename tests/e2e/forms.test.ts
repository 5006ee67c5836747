import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TOAST_MS } from "~/components/ui/toast";
import { MESSAGES } from "~/domain/messages";
import { callApi } from "../support/app";
import { giveConsent } from "../support/forms";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  registerUser,
  signIn,
  untilHydrated,
} from "../support/browser";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";

describe("public forms", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const stored = async (path: "/applications" | "/demos") =>
    (await callApi(server.url, path, { token: adminToken })).body as Array<Record<string, string>>;
  const toast = (page: Page) => page.locator('[role="status"]');

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("applies for admission: success toast, fields reset, application stored as PENDING", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      // The page's timers run on a clock the test can move, so the toast's five seconds pass at once.
      await page.clock.install();
      await page.goto("/apply");
      await expect
        .poll(() => page.getByRole("heading", { name: "Student Admission Form" }).isVisible())
        .toBe(true);
      expect(await page.getByLabel("Grade applying for").inputValue()).toBe("Nursery");
      await expectAccessible(page);
      await captureWidths(page, `apply-${suffix}`);

      // With JavaScript, the journey is the enhanced one: submitted by fetch, the toast fading.
      if (javaScript) await untilHydrated(page);
      const student = `Ishaan ${label}`;
      await page.getByLabel("Student's name").fill(student);
      await page.getByLabel("Date of birth").fill("2018-07-21");
      await page.getByLabel("Grade applying for").selectOption("Grade 2");
      await page.getByLabel("Parent's name").fill("Anjali Verma");
      await page.getByLabel("Mobile number").fill("+91 98450 12345");
      await page.getByLabel("Email address").fill("anjali.verma@example.com");
      await giveConsent(page);
      await page.getByRole("button", { name: "Submit Application" }).click();

      await expect.poll(() => toast(page).innerText()).toContain(MESSAGES.application.success);
      expect(await page.getByLabel("Student's name").inputValue()).toBe("");
      expect(await page.getByLabel("Grade applying for").inputValue()).toBe("Nursery");
      const rows = await stored("/applications");
      expect(rows.find((row) => row.studentName === student)).toMatchObject({
        grade: "Grade 2",
        dob: "2018-07-21",
        mobile: "+919845012345",
        status: "PENDING",
      });

      // The toast fades after five seconds with JavaScript and stays without it.
      await page.clock.fastForward(TOAST_MS + 500);
      if (javaScript) await expect.poll(() => toast(page).count()).toBe(0);
      expect(await toast(page).count()).toBe(javaScript ? 0 : 1);
      // Closed, not reused: its clock was installed for good (openPage).
      await context.close();
    });

    it("keeps what the parent typed and explains a wrong field, storing nothing", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const before = (await stored("/applications")).length;
      await page.goto("/apply");
      await page.getByLabel("Student's name").fill("Diya Nair");
      await page.getByLabel("Date of birth").fill("2017-03-02");
      await page.getByLabel("Parent's name").fill("Suresh Nair");
      await page.getByLabel("Mobile number").fill("12345");
      await page.getByLabel("Email address").fill("suresh@example.com");
      await giveConsent(page);
      await page.getByRole("button", { name: "Submit Application" }).click();

      const error = "Please enter a valid 10-digit Indian mobile number.";
      await expect.poll(() => page.getByRole("alert").first().innerText()).toContain(error);
      expect(await page.locator("#field-mobile-error").innerText()).toBe(error);
      expect(await page.getByLabel("Mobile number").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Student's name").inputValue()).toBe("Diya Nair");
      expect(await page.getByLabel("Email address").inputValue()).toBe("suresh@example.com");
      expect((await stored("/applications")).length).toBe(before);
      await expectAccessible(page);
    });

    it("books a free demo with a free-text preferred time", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/book-demo");
      expect(await page.getByLabel("Grade").inputValue()).toBe("Nursery");
      await expectAccessible(page);
      await captureWidths(page, `book-demo-${suffix}`);
      const parent = `Farah Khan ${label}`;
      await page.getByLabel("Parent's name").fill(parent);
      await page.getByLabel("Student's name").fill("Zoya Khan");
      await page.getByLabel("Grade").selectOption("Kindergarten");
      await page.getByLabel("Mobile number").fill("07012345678");
      await page.getByLabel("Email address").fill("farah@example.com");
      await page.getByLabel("Preferred date and time").fill("Tomorrow at 4 PM");
      await giveConsent(page);
      await page.getByRole("button", { name: "Book Free Demo" }).click();
      await expect.poll(() => toast(page).innerText()).toContain(MESSAGES.demo.success);
      expect(await page.getByLabel("Parent's name").inputValue()).toBe("");
      expect((await stored("/demos")).find((row) => row.parentName === parent)).toMatchObject({
        grade: "Kindergarten",
        mobile: "+917012345678",
        preferredDateTime: "Tomorrow at 4 PM",
        status: "PENDING",
      });
    });

    it("registers: a password mismatch is refused without an account, then success signs in and goes home", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/login");
      await page.getByRole("link", { name: "Register" }).click();
      await expect.poll(() => page.url()).toContain("view=register");
      await expectAccessible(page);
      await captureWidths(page, `register-${suffix}`);
      const email = `new-parent-${suffix}@example.com`;
      await page.getByLabel("Full name").fill("Lakshmi Rao");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("lakshmi-password");
      await page.getByLabel("Confirm password").fill("something-else");
      await page.getByRole("button", { name: "Register" }).click();
      await expect
        .poll(() => page.getByRole("alert").first().innerText())
        .toContain(MESSAGES.auth.passwordsDoNotMatch);
      expect(await page.getByLabel("Full name").inputValue()).toBe("Lakshmi Rao");
      expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("");
      const users = (await callApi(server.url, "/users", { token: adminToken })).body as Array<{
        email: string;
      }>;
      expect(users.some((user) => user.email === email)).toBe(false);

      await page.getByLabel("Password", { exact: true }).fill("lakshmi-password");
      await page.getByLabel("Confirm password").fill("lakshmi-password");
      await page.getByRole("button", { name: "Register" }).click();
      await expect.poll(() => page.url()).toBe(server.url + "/");
      await expect.poll(() => page.getByLabel("Account menu for Lakshmi Rao").count()).toBe(1);

      // A signed-in visitor opening /login goes home.
      await page.goto("/login");
      expect(page.url()).toBe(server.url + "/");
    });

    it("logs in: wrong password gets the server's message, an ADMIN lands on /admin", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      await page.goto("/login");
      await expectAccessible(page);
      await captureWidths(page, `login-${suffix}`);
      await page.getByLabel("Email address").fill(E2E_ADMIN.email);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login" }).click();
      await expect
        .poll(() => page.getByRole("alert").first().innerText())
        .toContain(MESSAGES.auth.invalidCredentials);
      expect(await page.getByLabel("Email address").inputValue()).toBe(E2E_ADMIN.email);

      await page.getByLabel("Password").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/admin");
      const cookie = (await context.cookies()).find((entry) => entry.name === "token");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    });

    it("goes back to the page that asked for a login, and never to another site", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const parent = await registerUser(server, "Vikram Singh");
      await page.goto("/login?redirectTo=%2Fbook-demo");
      await page.getByLabel("Email address").fill(parent.email);
      await page.getByLabel("Password").fill(parent.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/book-demo");

      await context.clearCookies();
      await page.goto("/login?redirectTo=%2F%2Fevil.example%2F");
      await page.getByLabel("Email address").fill(parent.email);
      await page.getByLabel("Password").fill(parent.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect.poll(() => page.url()).toBe(server.url + "/");
    });

    it("shows the forgot-password view by link, answers the same for any address, and links back", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Forgot password" }).isVisible()).toBe(true);
      await expectAccessible(page);
      await page.getByLabel("Email address").fill("someone@example.com");
      await page.getByRole("button", { name: "Send reset link" }).click();
      // No account uses this address: the answer is the one an account's owner gets.
      await expect
        .poll(() => page.getByRole("status").first().innerText())
        .toContain(MESSAGES.auth.resetRequested(60));
      await page.getByRole("link", { name: "Back to login" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Welcome back" }).isVisible()).toBe(true);
    });

    it("logs out with a POST and goes home", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const parent = await registerUser(server, "Neha Joshi");
      await signIn(context, server, parent);
      await page.goto("/apply");
      await page.getByLabel("Account menu for Neha Joshi").click();
      await page.getByRole("button", { name: "Logout" }).click();
      await expect.poll(() => page.url()).toBe(server.url + "/");
      expect((await context.cookies()).find((entry) => entry.name === "token")).toBeUndefined();
    });
  });
});
