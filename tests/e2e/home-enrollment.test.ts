import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { STUDENT_CITIES } from "~/domain/student-cities";
import { callApi } from "../support/app";
import { giveConsent } from "../support/forms";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  tamperNextPost,
  untilHydrated,
} from "../support/browser";
import type { RunningServer } from "../support/server";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import type { Order } from "~/services/payments/order-rows.server";

const PROGRAMS = [
  { href: "/programs/early-years", grades: "Nursery & K.G.", ages: "3+ years" },
  { href: "/programs/primary", grades: "Grade 1 to 5", ages: "5+ years" },
  { href: "/programs/middle", grades: "Grade 6 to 8", ages: "10+ years" },
];

/** An order as `GET /api/tuition/orders` answers it. */
type StoredOrder = Order;

describe("home page, fee structure and enrollment", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;

  siteAndBrowserForFile((site) => ({ server, browser, adminToken } = site));

  const paidOrders = async () =>
    (await callApi(server.url, "/tuition/orders", { token: adminToken })).body as StoredOrder[];
  const dialog = (page: Page) => page.getByRole("dialog");
  const region = (page: Page, name: string) => page.getByRole("region", { name });
  const hrefOf = (page: Page, scope: string, name: string) =>
    region(page, scope).getByRole("link", { name, exact: true }).getAttribute("href");

  /** Fills the open enrollment dialog; `mobile` defaults to a valid number. */
  async function fillEnrollment(page: Page, fields: { student: string; parent: string; mobile?: string }) {
    const form = dialog(page);
    await form.getByLabel("Student's name").fill(fields.student);
    await form.getByLabel("Parent's name").fill(fields.parent);
    await form.getByLabel("Mobile number").fill(fields.mobile ?? "98450 12345");
    await form.getByLabel("Email address").fill("parent@example.com");
    await giveConsent(form);
  }

  const submitButton = (page: Page) =>
    dialog(page).getByRole("button", { name: "Confirm Enrollment (₹15,000)", exact: true });

  /** Waits for the confirmation after a submission and answers the transaction id it shows. */
  async function readConfirmation(page: Page, parent: string): Promise<string> {
    await expect
      .poll(() => dialog(page).getByRole("heading").first().innerText())
      .toBe(MESSAGES.enrollment.confirmedTitle);
    // Without JavaScript the new page streams in: the heading can be there before the rest.
    await page.waitForLoadState("load");
    const text = await dialog(page).innerText();
    expect(text).toContain(`Thank you, ${parent}!`);
    expect(text).toContain("A confirmation e-mail");
    // The confirmation is the one message: no toast repeats it.
    expect(await page.locator('[role="status"]').count()).toBe(0);
    return (await dialog(page).locator("dd").innerText()).trim();
  }

  async function expectStored(transactionId: string, expected: Partial<StoredOrder>) {
    const order = (await paidOrders()).find((entry) => entry.transactionId === transactionId);
    expect(order).toMatchObject({ status: "PAID", amount: 1_500_000, mobile: "+919845012345", ...expected });
  }

  describe.each(MODES)("$label", ({ javaScript, label }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("shows every home section with its links, the ten cities and the newest posts", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain(
        "accredited 100% online school",
      );

      const admissions = await region(page, "Admissions open for 2025-26").innerText();
      expect(admissions).toContain("Applications are open in all grades");
      expect(await hrefOf(page, "A real school that comes to your home", "More about Zipat")).toBe(
        "/about-us-zipat",
      );
      expect(await hrefOf(page, "Try a free demo class first", "Book a Free Demo")).toBe("/book-demo");

      const programs = region(page, "A program for every stage");
      for (const program of PROGRAMS) {
        const tile = programs
          .getByRole("listitem")
          .filter({ has: page.locator(`a[href="${program.href}"]`) });
        const text = await tile.innerText();
        expect(text).toContain(program.grades);
        expect(text).toContain(program.ages);
      }

      const cities = region(page, "Classmates from across India");
      const spoken = cities
        .getByRole("list", { name: "Cities our students learn from" })
        .getByRole("listitem");
      expect(await spoken.allInnerTexts()).toEqual(STUDENT_CITIES);
      // The loop's second copy is there for the eye only.
      expect(await cities.locator('ul[aria-hidden="true"] li').allInnerTexts()).toEqual(STUDENT_CITIES);

      const latest = (await callApi(server.url, "/blog?page=1&limit=3")).body as { posts: { id: number }[] };
      expect(latest.posts).toHaveLength(3);
      const blog = region(page, "Latest blogs");
      const postLinks = await blog
        .getByRole("article")
        .getByRole("link")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(postLinks).toEqual(latest.posts.map((post) => `/blog/${post.id}`));
      expect(await hrefOf(page, "Latest blogs", MESSAGES.home.viewAllBlogs)).toBe("/blog");
      expect(
        await page.getByRole("link", { name: MESSAGES.home.apply, exact: true }).getAttribute("href"),
      ).toBe("/apply");
      expect(await page.locator("footer").innerText()).toContain("Quick links");

      await expectAccessible(page);
      await captureWidths(page, `home-${suffix}`);
    });

    it("loops the cities every 30 seconds, pauses on request and stands still for reduced motion", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      const track = page.locator('ul[aria-label="Cities our students learn from"]').locator("..");
      const animation = () =>
        track.evaluate((element) => {
          const style = getComputedStyle(element);
          return `${style.animationName} ${style.animationDuration} ${style.animationPlayState}`;
        });
      expect(await animation()).toMatch(/^none /);
      await page.emulateMedia({ reducedMotion: "no-preference" });
      expect(await animation()).toBe("marquee 30s running");
      await page.getByText("Pause the cities").click();
      expect(await animation()).toBe("marquee 30s paused");
    });

    it("keeps one grade panel open at a time and shows the fee from the database", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/");
      const fees = region(page, "One simple yearly fee");
      const panel = (grade: string) =>
        fees.locator("details").filter({ has: page.getByText(grade, { exact: true }) });
      const isOpen = (grade: string) =>
        panel(grade).evaluate((details) => (details as HTMLDetailsElement).open);
      expect(await fees.locator("details").count()).toBe(10);
      expect(await isOpen("Nursery")).toBe(true);

      await panel("Grade 1").locator("summary").click();
      await expect.poll(() => isOpen("Grade 1")).toBe(true);
      expect(await isOpen("Nursery")).toBe(false);
      expect(await fees.locator("details[open]").count()).toBe(1);
      expect(await panel("Grade 1").innerText()).toContain("₹15,000");
      const enroll = panel("Grade 1").getByRole("link", { name: "Enroll Now for Grade 1", exact: true });
      expect(await enroll.getAttribute("href")).toBe("/?enroll=grade-1");

      await panel("Grade 1").locator("summary").click();
      await expect.poll(() => fees.locator("details[open]").count()).toBe(0);
    });

    it("enrolls from the home page: confirmation with the stored PAID order's transaction id", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/#fees");
      const fees = region(page, "One simple yearly fee");
      await fees.locator("summary").filter({ hasText: "Grade 4" }).click();
      await fees.getByRole("link", { name: "Enroll Now for Grade 4", exact: true }).click();
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe("Enroll in Grade 4");
      expect(new URL(page.url()).search).toBe("?enroll=grade-4");
      expect(await dialog(page).getByLabel("Grade").inputValue()).toBe("Grade 4");
      await expectAccessible(page);
      await captureWidths(page, `enroll-form-${suffix}`, { fullPage: false });

      const parent = `Anjali Verma ${label}`;
      await fillEnrollment(page, { student: "Ishaan Verma", parent });
      let release = () => {};
      if (javaScript) {
        // The processing state is the enhanced form's: a post before hydration is a plain one.
        await untilHydrated(page);
        // Hold the submission so the processing state can be seen.
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(
          (url) => url.pathname.endsWith(".data"),
          async (route) => {
            if (route.request().method() === "POST") await held;
            await route.continue();
          },
        );
      }
      await submitButton(page).click();
      if (javaScript) {
        const processing = dialog(page).getByRole("button", { name: "Processing..." });
        await expect.poll(() => processing.isDisabled()).toBe(true);
        release();
      }
      const transactionId = await readConfirmation(page, parent);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/");
      await expectStored(transactionId, {
        parentName: parent,
        studentName: "Ishaan Verma",
        grade: "Grade 4",
      });
      await expectAccessible(page);
      await captureWidths(page, `enroll-confirmed-${suffix}`, { fullPage: false });

      await dialog(page).getByRole("link", { name: "Done" }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/");
    });

    it("shows the fee structure and enrolls from it", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/fee-structure");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Fee structure");
      const rows = page
        .getByRole("list", { name: "Yearly fee for each grade, 2025-26" })
        .getByRole("listitem");
      expect(await rows.count()).toBe(10);
      expect(await rows.first().innerText()).toContain("₹15,000");
      expect(await page.getByRole("link", { name: "See the admission process" }).getAttribute("href")).toBe(
        "/admissions",
      );
      expect(await page.getByText("Progress monitoring for parents").count()).toBe(1);
      await expectAccessible(page);
      await captureWidths(page, `fee-structure-${suffix}`);

      await page.getByRole("link", { name: "Enroll Now for Kindergarten", exact: true }).click();
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe("Enroll in Kindergarten");
      const parent = `Farah Khan ${label}`;
      await fillEnrollment(page, { student: "Zoya Khan", parent });
      await submitButton(page).click();
      const transactionId = await readConfirmation(page, parent);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/fee-structure");
      await expectStored(transactionId, {
        parentName: parent,
        studentName: "Zoya Khan",
        grade: "Kindergarten",
      });

      await dialog(page).getByRole("link", { name: "Close" }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);
    });

    it("opens the form by URL, explains a wrong mobile beside it and keeps the values, storing nothing", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const before = (await paidOrders()).length;
      await page.goto("/fee-structure?enroll=grade-12");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      expect(await dialog(page).count()).toBe(0);

      await page.goto("/fee-structure?enroll=grade-3");
      await expect
        .poll(() => dialog(page).getByRole("heading").first().innerText())
        .toBe("Enroll in Grade 3");
      await fillEnrollment(page, { student: "Diya Nair", parent: "Suresh Nair", mobile: "12345" });
      await submitButton(page).click();

      const error = "Please enter a valid 10-digit Indian mobile number.";
      await expect.poll(() => dialog(page).getByRole("alert").innerText()).toContain(error);
      expect(await page.locator("#enroll-mobile-error").innerText()).toBe(error);
      expect(await dialog(page).getByLabel("Mobile number").getAttribute("aria-invalid")).toBe("true");
      expect(await dialog(page).getByLabel("Student's name").inputValue()).toBe("Diya Nair");
      expect(await dialog(page).getByLabel("Parent's name").inputValue()).toBe("Suresh Nair");
      expect(await dialog(page).getByLabel("Mobile number").inputValue()).toBe("12345");
      expect(await dialog(page).getByLabel("Grade").inputValue()).toBe("Grade 3");
      expect(new URL(page.url()).searchParams.get("enroll")).toBe("grade-3");
      expect((await paidOrders()).length).toBe(before);
      await expectAccessible(page);
      await captureWidths(page, `enroll-invalid-${suffix}`, { fullPage: false });
    });

    it("refuses a tampered amount with the server's message and stores nothing", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      const before = (await paidOrders()).length;
      await page.goto("/?enroll=grade-2");
      await expect.poll(() => dialog(page).count()).toBe(1);
      await fillEnrollment(page, { student: "Kabir Rao", parent: "Lakshmi Rao" });
      await tamperNextPost(page, "/", (fields) => fields.set("amount", "100"));
      await submitButton(page).click();

      await expect
        .poll(() => dialog(page).getByRole("alert").innerText())
        .toContain("The fee for Grade 2 is ₹15,000. Please refresh the page and try again.");
      expect(await dialog(page).getByLabel("Student's name").inputValue()).toBe("Kabir Rao");
      expect((await paidOrders()).length).toBe(before);
    });
  });

  // Only with JavaScript: without it the dialog is part of the page and Tab goes on to the page.
  it("keeps Tab and Shift+Tab inside the open dialog (JS on), and Escape closes it", async () => {
    const { page } = await openPage(browser, server, { javaScript: true });
    await page.goto("/fee-structure?enroll=grade-5");
    await expect.poll(() => dialog(page).count()).toBe(1);
    await untilHydrated(page);
    const focusInDialog = () =>
      page.evaluate(
        () => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false,
      );
    const focusedName = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return (
          active?.getAttribute("aria-label") ?? active?.getAttribute("name") ?? active?.textContent?.trim()
        );
      });

    // Close, grade, student, parent, mobile, e-mail, consent, the notice's link, pay: once round
    // and more, never outside.
    const seen: Array<string | null | undefined> = [];
    for (let press = 0; press < 16; press += 1) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
      seen.push(await focusedName());
    }
    expect(seen.slice(0, 2)).toEqual(["Close", "grade"]);
    expect(seen).toContain("Confirm Enrollment (₹15,000)");
    expect(seen.indexOf("Close", 1)).toBeGreaterThan(seen.indexOf("Confirm Enrollment (₹15,000)"));
    expect(seen).not.toContain("website");

    await dialog(page).getByLabel("Close").focus();
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName()).toBe("Confirm Enrollment (₹15,000)");

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/fee-structure");
  });
});
