import { inArray } from "drizzle-orm";
import type { Browser, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { orders, teacherApplications } from "../../db/schema";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FIELD_ERROR_TEXTS } from "~/domain/texts/field-errors";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { PAYMENT_TEXTS } from "~/domain/texts/payment";
import { TEACHERS_TEXTS } from "~/domain/texts/teachers";
import { translator } from "~/domain/translations";
import { makeImage, makePdf, validTeacher } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, PHONE, untilHydrated } from "../support/browser";
import { CONSENT_FIELDS, postForm } from "../support/forms";
import { englishTextsOn } from "../support/hindi";
import { razorpaySiteForFile } from "../support/razorpay-site";
import type { RazorpayStandIn } from "../support/razorpay-standin";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";

/**
 * "Teach with us" and paying the fee in Hindi (issue 37): /hi/teachers and its registration with a
 * CV show no English interface text, a wrong field is named in Hindi, the registration keeps the
 * language "hi"; a Hindi family's enrollment leads to /hi/pay/{token}, the Razorpay checkout
 * (the local stand-in) comes back to the Hindi callback and confirmation, and the receipt, one
 * address in every language, speaks the order's Hindi. The English pages keep their English
 * (teacher-applications.test.ts, razorpay-payments.test.ts).
 */
const teachers = translator(TEACHERS_TEXTS, "hi");
const content = translator(CONTENT_TEXTS, "hi");
const fields = translator(FIELD_TEXTS, "hi");
const errors = translator(FIELD_ERROR_TEXTS, "hi");
const enrollment = translator(ENROLLMENT_TEXTS, "hi");
const payment = translator(PAYMENT_TEXTS, "hi");

const PAY_PATH = /^\/hi\/pay\/([0-9a-f]{64})$/;

describe("teaching and paying in Hindi", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let standIn: RazorpayStandIn;

  razorpaySiteForFile((site) => ({ server, browser, adminToken, standIn } = site));

  /** Registrations and payments made from the Hindi pages: the last test reads their language. */
  const registered: string[] = [];
  const paid: string[] = [];

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });
  const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).first();
  const teacherForm = (page: Page) => page.locator("#teacher-registration");
  const field = (page: Page, label: string) => teacherForm(page).getByLabel(label, { exact: true });
  const consent = (scope: Page | Locator) => scope.getByRole("checkbox", { name: /गोपनीयता सूचना/ }).check();
  const storedTeacher = async (name: string) =>
    (
      (await callApi(server.url, "/teacher-applications", { token: adminToken })).body as Array<
        Record<string, unknown>
      >
    ).find((row) => row.name === name);

  /** The page in Hindi as a family sees it: no English interface text, accessible, fits a phone. */
  async function expectHindiPage(page: Page, screenshot?: string) {
    await page.waitForLoadState("load");
    expect(await page.locator("html").getAttribute("lang")).toBe("hi");
    expect(await englishTextsOn(page)).toEqual([]);
    await expectAccessible(page);
    if (screenshot) await captureWidths(page, screenshot);
    const viewport = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(viewport);
  }

  describe.each(MODES)("$label", ({ javaScript, label: mode }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("registers to teach from /hi/teachers: wrong fields named in Hindi, then sent with a CV", async () => {
      const { page } = await openPage(browser, server, { javaScript });
      await page.goto("/hi/teachers");
      await expect.poll(() => heading(page).innerText()).toBe(teachers("title", { school: "Zipat" }));
      expect(await page.title()).toBe(teachers("meta.title", { school: "Zipat Online School" }));
      const text = await page.locator("main").innerText();
      expect(text).toContain(teachers("intro", { grades: content("allGrades") }));
      expect(text).toContain(
        teachers("method.pace.text", {
          monitoring: content("claim.parentMonitoring"),
          extracurriculars: content("claim.extracurriculars"),
        }),
      );
      expect(await teacherForm(page).getByRole("heading").innerText()).toBe(teachers("form.title"));
      await expectHindiPage(page, `hi-teachers-${suffix}`);
      if (javaScript) await untilHydrated(page);

      const name = `Kavita Joshi ${mode}`;
      const teacher = validTeacher();
      await field(page, teachers("label.name")).fill(name);
      await field(page, teachers("label.city")).fill("जयपुर");
      await field(page, fields("label.mobile")).fill("12345");
      await field(page, fields("label.email")).fill(teacher.email);
      await field(page, teachers("label.experience")).fill("कक्षा 3 से 5 को हिंदी पढ़ाने का 8 साल का अनुभव");
      await field(page, teachers("label.message")).fill("शाम की क्लास भी ले सकती हूँ।");
      // A picture named like a PDF, beside the wrong mobile number.
      const cv = field(page, teachers("label.cv"));
      await cv.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: await makeImage("png") });
      await consent(teacherForm(page));
      await teacherForm(page)
        .getByRole("button", { name: teachers("form.submit") })
        .click();

      await expect
        .poll(() => page.locator("#teacher-mobile-error").innerText())
        .toBe(errors("error.mobile.invalid"));
      expect(await page.locator("#teacher-cv-error").innerText()).toBe(errors("error.cv.notPdf"));
      expect(await page.locator("#teacher-error").innerText()).toBe(errors("form.several"));
      expect(await field(page, fields("label.mobile")).getAttribute("aria-invalid")).toBe("true");
      expect(await field(page, teachers("label.name")).inputValue()).toBe(name);
      expect(await field(page, teachers("label.city")).inputValue()).toBe("जयपुर");
      expect(pathOf(page)).toBe("/hi/teachers");
      expect(await storedTeacher(name)).toBeUndefined();
      await expectHindiPage(page, `hi-teachers-errors-${suffix}`);

      await field(page, fields("label.mobile")).fill("+91 98470 12345");
      await field(page, teachers("label.cv")).setInputFiles({
        name: `CV ${mode}.pdf`,
        mimeType: "application/pdf",
        buffer: makePdf(20_000),
      });
      await teacherForm(page)
        .getByRole("button", { name: teachers("form.submit") })
        .click();
      await expect.poll(() => field(page, teachers("label.name")).inputValue()).toBe("");
      await expect.poll(() => toast(page).innerText()).toContain(teachers("success"));
      expect(pathOf(page)).toBe("/hi/teachers");
      expect(new URL(page.url()).hash).toBe("#teacher-registration");
      expect(await storedTeacher(name)).toMatchObject({
        city: "जयपुर",
        mobile: "+919847012345",
        hasCv: true,
        cvFileName: `CV ${mode}.pdf`,
        cvSizeBytes: 20_000,
      });
      registered.push(name);
      await expectHindiPage(page);
    });
  });

  /** From /hi's enrollment dialog to "Confirm Enrollment": the Hindi order's page follows. */
  async function enrollFromHindi(
    page: Page,
    { parent, javaScript }: { parent: string; javaScript: boolean },
  ) {
    await page.goto("/hi?enroll=grade-1");
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByRole("heading").first().innerText())
      .toBe(enrollment("form.title", { grade: "कक्षा 1" }));
    if (javaScript) await untilHydrated(page);
    await dialog.getByLabel(fields("label.studentName"), { exact: true }).fill("आरव");
    await dialog.getByLabel(fields("label.parentName"), { exact: true }).fill(parent);
    await dialog.getByLabel(fields("label.mobile"), { exact: true }).fill("98450 12345");
    await dialog.getByLabel(fields("label.email"), { exact: true }).fill("parent.hi@example.com");
    await consent(dialog);
    await dialog.getByRole("button", { name: enrollment("form.confirm", { fee: "₹15,000" }) }).click();
  }

  async function onPayPage(page: Page): Promise<string> {
    await expect.poll(() => pathOf(page)).toMatch(PAY_PATH);
    return PAY_PATH.exec(pathOf(page))![1]!;
  }

  async function onStandInCheckout(page: Page) {
    await expect.poll(() => page.url()).toBe(`${standIn.url}/v1/checkout/embedded`);
    await expect.poll(() => page.getByRole("button", { name: "Pay", exact: true }).isVisible()).toBe(true);
  }

  /** Back through the Hindi callback to the Hindi confirmation; answers the transaction id. */
  async function readConfirmation(page: Page, token: string, screenshot: string): Promise<string> {
    await expect.poll(() => pathOf(page)).toBe(`/hi/pay/${token}`);
    await expect.poll(() => heading(page).innerText()).toBe(enrollment("confirmed.title"));
    await page.waitForLoadState("load");
    const text = await page.locator("main").innerText();
    expect(text).toContain(enrollment("confirmed.mailFollows"));
    expect(text).toContain("कक्षा 1");
    const transactionId = (
      await page
        .locator("dl")
        .filter({ hasText: enrollment("confirmed.transactionId") })
        .locator("dd")
        .innerText()
    ).trim();
    expect(transactionId).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    await expectHindiPage(page, screenshot);
    return transactionId;
  }

  /** The receipt, one address in every language, in the order's Hindi. */
  async function expectHindiReceipt(page: Page, token: string, transactionId: string, screenshot: string) {
    await page.getByRole("link", { name: enrollment("confirmed.receipt") }).click();
    await expect.poll(() => heading(page).innerText()).toBe(payment("receipt.title"));
    expect(pathOf(page)).toBe(`/receipt/${token}`);
    expect(await page.title()).toBe(payment("receipt.meta.title", { school: "Zipat" }));
    const receipt = await page.locator("main").innerText();
    for (const shown of [
      "₹15,000.00",
      transactionId,
      payment("receipt.yearlyFee", { grade: "कक्षा 1", session: "2025-26" }),
      payment("receipt.amountPaid"),
      payment("receipt.paymentId"),
    ])
      expect(receipt).toContain(shown);
    // The date the Hindi way: the month's name in Devanagari.
    expect(await page.locator("time").first().innerText()).toMatch(/^\d{1,2} [\u0900-\u097F]+॰? \d{4}$/);
    await expectHindiPage(page, screenshot);
  }

  it("JS off: a Hindi family enrolls, pays through /hi/pay on the Razorpay checkout, and reads the receipt in Hindi", async () => {
    const { page } = await openPage(browser, server, { javaScript: false });
    await enrollFromHindi(page, { parent: "सुनीता शर्मा", javaScript: false });

    const token = await onPayPage(page);
    expect(new URL(page.url()).search).toBe("?start=1");
    const pay = page.getByRole("button", { name: payment("pay", { amount: "₹15,000" }), exact: true });
    await expect.poll(() => pay.isVisible()).toBe(true);
    expect(await heading(page).innerText()).toBe(payment("title"));
    expect(await page.title()).toBe(payment("meta.title", { school: "Zipat" }));
    const summary = await page.locator("main dl").first().innerText();
    for (const shown of ["आरव", "सुनीता शर्मा", "कक्षा 1, 2025-26", "₹15,000.00", enrollment("yearlyFee")])
      expect(summary).toContain(shown);
    // The gateway comes back to the Hindi page.
    const checkout = page.locator("form").filter({ has: pay });
    const hidden = (name: string) => checkout.locator(`input[name="${name}"]`).inputValue();
    expect(await hidden("callback_url")).toMatch(new RegExp(`^https?://[^/]+/hi/pay/${token}/callback$`));
    expect(await hidden("cancel_url")).toMatch(new RegExp(`^https?://[^/]+/hi/pay/${token}\\?cancelled=1$`));
    await expectHindiPage(page, "hi-pay-nojs");

    await pay.click();
    await onStandInCheckout(page);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    const transactionId = await readConfirmation(page, token, "hi-pay-confirmed-nojs");
    paid.push(transactionId);

    await expectHindiReceipt(page, token, transactionId, "hi-receipt-nojs");
  });

  it("JS on: the checkout opens by itself; a failed payment is told in Hindi, Try again pays, the receipt is Hindi", async () => {
    const { page } = await openPage(browser, server, { javaScript: true });
    await enrollFromHindi(page, { parent: "राहुल मेहता", javaScript: true });

    await onStandInCheckout(page);
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    const token = await onPayPage(page);
    const failure = page.getByRole("alert").filter({ hasText: payment("failed") });
    await expect.poll(() => failure.count()).toBe(1);
    expect(await failure.innerText()).toContain(payment("noMoneyTaken"));
    // The gateway's own reason stays as it wrote it, marked as English.
    expect(await failure.locator('[lang="en"]').innerText()).toBe(
      "Payment failed because the bank declined it.",
    );
    await untilHydrated(page);
    await expectHindiPage(page, "hi-pay-failed-js");

    await page.getByRole("button", { name: payment("tryAgain"), exact: true }).click();
    await onStandInCheckout(page);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    const transactionId = await readConfirmation(page, token, "hi-pay-confirmed-js");
    paid.push(transactionId);
    await untilHydrated(page);

    await expectHindiReceipt(page, token, transactionId, "hi-receipt-js");
  });

  it("cancelling on the checkout comes back to the Hindi page, said in Hindi", async () => {
    const { page } = await openPage(browser, server, { javaScript: false });
    await enrollFromHindi(page, { parent: "दीपा वर्मा", javaScript: false });
    const token = await onPayPage(page);
    await page.getByRole("button", { name: payment("pay", { amount: "₹15,000" }), exact: true }).click();
    await onStandInCheckout(page);
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect.poll(() => page.getByText(payment("cancelled")).count()).toBe(1);
    expect(pathOf(page)).toBe(`/hi/pay/${token}`);
    await expectHindiPage(page);
  });

  it("a forged callback to a /hi page is refused in Hindi", async () => {
    const created = await callApi(server.url, "/tuition/create-order", {
      json: {
        studentName: "Forged Hindi",
        parentName: "Mallory Rao",
        mobile: "9988776655",
        email: "mallory@example.com",
        grade: "Grade 1",
        ...CONSENT_FIELDS,
      },
    });
    expect(created.status).toBe(201);
    // Orders sent through the API are English: their own link stays at /pay.
    const payUrl = new URL(created.body.payment.payUrl as string);
    expect(payUrl.pathname).toMatch(/^\/pay\/[0-9a-f]{64}$/);
    const answer = await postForm(
      server.url,
      `/hi${payUrl.pathname}/callback`,
      {
        razorpay_payment_id: "pay_Forged00000002",
        razorpay_order_id: created.body.payment.checkout.fields.order_id as string,
        razorpay_signature: "0".repeat(64),
      },
      { origin: standIn.url },
    );
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(payment("notVerified"));
    expect(answer.html).toContain(`href="/hi${payUrl.pathname}"`);
    expect(answer.html).toContain('<html lang="hi"');
  });

  // Last: it stops the server. The API names no language; the records keep it.
  it("stored the registrations and the orders made from the Hindi pages as Hindi", async () => {
    expect(registered).toHaveLength(MODES.length);
    expect(paid).toHaveLength(2);
    const stored = await withStoppedServerDatabase(server, async (db) => ({
      teachers: await db
        .select({ language: teacherApplications.language })
        .from(teacherApplications)
        .where(inArray(teacherApplications.name, registered)),
      orders: await db
        .select({ language: orders.language, status: orders.status })
        .from(orders)
        .where(inArray(orders.transactionId, paid)),
    }));
    expect(stored.teachers).toEqual(registered.map(() => ({ language: "hi" })));
    expect(stored.orders).toEqual(paid.map(() => ({ language: "hi", status: "PAID" })));
  });
});
