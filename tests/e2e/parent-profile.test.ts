import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { RAZORPAY_WEBHOOK_PATH } from "~/api/razorpay-webhook.server";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  registerUser,
  signIn,
  untilHydrated,
} from "../support/browser";
import { giveConsent } from "../support/forms";
import { step } from "../support/journey";
import { E2E_RAZORPAY } from "../support/razorpay-site";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-standin";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const PAY_PATH = /^\/pay\/([0-9a-f]{64})$/;
const VERIFY_LINK = /https?:\/\/\S+\/verify-email\?token=[\w-]{43}/;

/**
 * The parent's page (/profile, issue 18) in Chromium, with and without JavaScript: records sent
 * before signing up appear once the address is verified through the link in the welcome mail
 * (received over SMTP), an enrollment left unpaid is paid from the profile through the Razorpay
 * stand-in, and another account sees none of it. The rules (ownership, links, limits) are in
 * tests/api/family-records.test.ts.
 */
describe("the parent's profile", () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: SmtpSink;
  let standIn: RazorpayStandIn;

  // A site with both stand-ins: mail to read the link from, Razorpay so an order stays unpaid.
  beforeAll(async () => {
    [sink, standIn] = await Promise.all([startSmtpSink(), startRazorpayStandIn({ ...E2E_RAZORPAY })]);
  });
  afterAll(async () => {
    await Promise.all([sink?.close(), standIn?.close()]);
  });
  siteAndBrowserForFile(
    (site) => {
      ({ server, browser } = site);
      standIn.setWebhookUrl(`${site.server.url}/api${RAZORPAY_WEBHOOK_PATH}`);
    },
    () => ({
      SMTP_URL: sink.url,
      MAIL_RETRY_SECONDS: "1",
      RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
      RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: E2E_RAZORPAY.webhookSecret,
      RAZORPAY_API_URL: standIn.url,
    }),
  );

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const section = (page: Page, name: string) => page.getByRole("region", { name });
  const verifyNotice = (page: Page) => section(page, "Please confirm your e-mail address");
  const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
  /** The card of a record: the list item naming the student. */
  const card = (page: Page, sectionName: string, student: string) =>
    section(page, sectionName)
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: student, exact: true }) });
  const badgeOf = (item: ReturnType<typeof card>) => item.locator("[data-tone]");

  async function expectPrivate(context: BrowserContext, path: string) {
    const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
    const response = await fetch(server.url + path, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("etag")).toBeNull();
  }

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("register → verify → sees what was sent before signing up; another account never does", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const email = `family-${suffix}-${Date.now().toString(36)}@example.com`;
      const applicant = `Aarav Early ${suffix}`;
      const demoChild = `Diya Early ${suffix}`;

      step("applies and books a demo, signed out");
      await page.goto("/apply");
      if (javaScript) await untilHydrated(page);
      await page.getByLabel("Student's name").fill(applicant);
      await page.getByLabel("Date of birth").fill("2019-04-12");
      await page.getByLabel("Grade applying for").selectOption("Grade 1");
      await page.getByLabel("Parent's name").fill("Asha Menon");
      await page.getByLabel("Mobile number").fill("98450 12345");
      await page.getByLabel("Email address").fill(email);
      await giveConsent(page);
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect.poll(() => toast(page, MESSAGES.application.success).count()).toBe(1);

      await page.goto("/book-demo");
      if (javaScript) await untilHydrated(page);
      await page.getByLabel("Parent's name").fill("Asha Menon");
      await page.getByLabel("Student's name").fill(demoChild);
      await page.getByLabel("Grade").selectOption("Kindergarten");
      await page.getByLabel("Mobile number").fill("98450 12345");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Preferred date and time").fill("Saturday at 10 am");
      await giveConsent(page);
      await page.getByRole("button", { name: "Book Free Demo" }).click();
      await expect.poll(() => toast(page, MESSAGES.demo.success).count()).toBe(1);

      step("registers with that address");
      await page.goto("/login?view=register");
      if (javaScript) await untilHydrated(page);
      await page.getByLabel("Full name").fill("Asha Menon");
      await page.getByLabel("Email address").fill(email.toUpperCase());
      await page.getByLabel("Password", { exact: true }).fill("asha-password-1");
      await page.getByLabel("Confirm password").fill("asha-password-1");
      await page.getByRole("button", { name: "Register" }).click();
      await expect.poll(() => pathOf(page)).toBe("/");

      step("the profile asks to verify and shows nothing sent signed out");
      await page.goto("/profile");
      await expect.poll(() => verifyNotice(page).isVisible()).toBe(true);
      const notice = await verifyNotice(page).innerText();
      expect(notice).toContain(`We sent a link to ${email}`);
      expect(notice).toContain("before you signed in");
      const main = await page.locator("main").innerText();
      expect(main).not.toContain(applicant);
      expect(main).not.toContain(demoChild);
      expect(await section(page, "Admission applications").innerText()).toContain("No applications yet.");
      expect(await section(page, "Demo classes").innerText()).toContain("No demo classes booked yet.");
      expect(await section(page, "Fee payments").innerText()).toContain("No fee payments yet.");
      expect(
        await section(page, "Admission applications")
          .getByRole("link", { name: "Apply for admission" })
          .getAttribute("href"),
      ).toBe("/apply");
      expect(
        await section(page, "Fee payments")
          .getByRole("link", { name: "See the fee structure" })
          .getAttribute("href"),
      ).toBe("/fee-structure");
      await expectPrivate(context, "/profile");
      await expectAccessible(page);
      await captureWidths(page, `parent-profile-unverified-${suffix}`);

      step("'Send the link again' is refused a minute after the welcome mail, saying why");
      await verifyNotice(page).getByRole("button", { name: "Send the link again" }).click();
      await expect
        .poll(() => verifyNotice(page).getByRole("alert").innerText())
        .toBe(MESSAGES.verifyEmail.tooSoon);
      expect(pathOf(page)).toBe("/profile");

      step("follows the link from the welcome mail");
      const mail = await sink.waitFor(
        (received) => received.to.includes(email) && /^Welcome to/.test(received.subject),
        20_000,
      );
      expect(mail.text).toContain("Confirm my e-mail address");
      const link = new URL(VERIFY_LINK.exec(mail.text)![0]);
      await page.goto(link.pathname + link.search);
      await expect.poll(() => pathOf(page)).toBe("/profile");
      await expect.poll(() => toast(page, MESSAGES.verifyEmail.verified(email)).count()).toBe(1);
      expect(await verifyNotice(page).count()).toBe(0);

      const application = card(page, "Admission applications", applicant);
      await expect.poll(() => application.count()).toBe(1);
      const applicationText = await application.innerText();
      expect(applicationText).toContain("Grade 1");
      expect(applicationText).toMatch(/Sent on\s+\d{1,2} [A-Z][a-z]{2} \d{4}/);
      expect(await badgeOf(application).innerText()).toBe("Pending");
      expect(await badgeOf(application).getAttribute("data-tone")).toBe("yellow");
      const demo = card(page, "Demo classes", demoChild);
      expect(await demo.innerText()).toContain("Saturday at 10 am");
      expect(await badgeOf(demo).getAttribute("data-tone")).toBe("yellow");
      await expectAccessible(page);
      await captureWidths(page, `parent-profile-verified-${suffix}`);

      step("a used link says so when signed out");
      await context.clearCookies();
      await page.goto("/verify-email?token=" + "x".repeat(43));
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).innerText())
        .toBe("This link does not work");
      expect(await page.getByRole("alert").innerText()).toBe(MESSAGES.verifyEmail.linkInvalid);
      expect(await page.locator("main").innerText()).toContain("Send the link again");
      await expectAccessible(page);
      await captureWidths(page, `parent-verify-email-invalid-${suffix}`);
      await page.goto(link.pathname + link.search);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Already confirmed");
      await captureWidths(page, `parent-verify-email-signed-out-${suffix}`);

      step("another account sees none of it");
      const other = await registerUser(server, "Ravi Other");
      await signIn(context, server, other);
      await page.goto("/profile");
      await expect.poll(() => verifyNotice(page).isVisible()).toBe(true);
      const otherMain = await page.locator("main").innerText();
      expect(otherMain).not.toContain(applicant);
      expect(otherMain).not.toContain(demoChild);
      expect(otherMain).toContain("Hello, Ravi Other");
      await captureWidths(page, `parent-profile-empty-${suffix}`);
    });

    it("enrolls signed in, leaves it unpaid, pays it from the profile and finds the receipt there", async () => {
      const { context, page } = await openPage(browser, server, { javaScript });
      const parent = await registerUser(server, "Neha Payer");
      await signIn(context, server, parent);
      const student = `Kabir Unpaid ${suffix}`;

      step("enrolls in Grade 1 and leaves the checkout");
      await page.goto("/fee-structure?enroll=grade-1");
      const dialog = page.getByRole("dialog");
      await expect.poll(() => dialog.getByRole("heading").first().innerText()).toBe("Enroll in Grade 1");
      if (javaScript) await untilHydrated(page);
      await dialog.getByLabel("Student's name").fill(student);
      await dialog.getByLabel("Parent's name").fill("Neha Payer");
      await dialog.getByLabel("Mobile number").fill("98450 12345");
      // Another address than the account's: it is the account's because it was signed in.
      await dialog.getByLabel("Email address").fill(`school-fees-${suffix}@example.com`);
      await giveConsent(dialog);
      await dialog
        .getByRole("button", { name: MESSAGES.enrollment.confirmButton("₹15,000"), exact: true })
        .click();
      if (javaScript) await expect.poll(() => page.url()).toBe(`${standIn.url}/v1/checkout/embedded`);
      else await expect.poll(() => pathOf(page)).toMatch(PAY_PATH);

      step("the profile offers to pay it");
      await page.goto("/profile");
      const order = card(page, "Fee payments", student);
      await expect.poll(() => order.count()).toBe(1);
      expect(await badgeOf(order).innerText()).toBe("Created");
      expect(await badgeOf(order).getAttribute("data-tone")).toBe("yellow");
      const orderText = await order.innerText();
      expect(orderText).toContain("₹15,000.00");
      expect(orderText).toContain("Grade 1");
      expect(await order.getByRole("link", { name: /^Receipt/ }).count()).toBe(0);
      const payNow = order.getByRole("link", { name: /^Pay now/ });
      const payHref = await payNow.getAttribute("href");
      expect(payHref).toMatch(PAY_PATH);
      const token = PAY_PATH.exec(payHref!)![1]!;
      await captureWidths(page, `parent-profile-unpaid-${suffix}`);

      step("pays through the stand-in");
      await payNow.click();
      await expect.poll(() => pathOf(page)).toBe(`/pay/${token}`);
      const pay = page.getByRole("button", { name: "Pay ₹15,000", exact: true });
      await expect.poll(() => pay.isVisible()).toBe(true);
      await pay.click();
      await expect.poll(() => page.url()).toBe(`${standIn.url}/v1/checkout/embedded`);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe(`/pay/${token}`);
      await expect
        .poll(() => page.getByRole("heading", { level: 1 }).innerText())
        .toBe(MESSAGES.enrollment.confirmedTitle);

      step("the profile shows it paid, with its receipt");
      await page.goto("/profile");
      await expect.poll(() => badgeOf(order).innerText()).toBe("Paid");
      expect(await badgeOf(order).getAttribute("data-tone")).toBe("green");
      expect(await order.innerText()).toMatch(/Paid on\s+\d{1,2} [A-Z][a-z]{2} \d{4}/);
      expect(await order.getByRole("link", { name: /^Pay now/ }).count()).toBe(0);
      const receipt = order.getByRole("link", { name: /^Receipt/ });
      expect(await receipt.getAttribute("href")).toBe(`/receipt/${token}`);
      await expectAccessible(page);
      await captureWidths(page, `parent-profile-paid-${suffix}`);
      await receipt.click();
      await expect.poll(() => pathOf(page)).toBe(`/receipt/${token}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toContain("Fee receipt");

      step("another account does not see the order");
      const other = await registerUser(server, "Someone Else");
      await context.clearCookies();
      await signIn(context, server, other);
      await page.goto("/profile");
      await expect.poll(() => section(page, "Fee payments").innerText()).toContain("No fee payments yet.");
      expect(await page.locator("main").innerText()).not.toContain(student);
    });
  });
});
