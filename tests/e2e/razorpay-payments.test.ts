import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/domain/messages";
import { PAYMENT_TEXTS } from "~/domain/texts/payment";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, openPage, signIn, untilHydrated } from "../support/browser";
import { CONSENT_FIELDS, giveConsent, postForm } from "../support/forms";
import { step } from "../support/journey";
import { E2E_RAZORPAY, razorpaySiteForFile } from "../support/razorpay-site";
import type { RazorpayStandIn } from "../support/razorpay-standin";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";

type StoredOrder = {
  id: string;
  studentName: string;
  parentName: string;
  grade: string;
  amount: number;
  status: string;
  transactionId: string | null;
};

const FEE_PAISE = 1_500_000;
const PAY = "Pay ₹15,000";
const BANK_DECLINED = "Payment failed because the bank declined it.";
const PAY_PATH = /^\/pay\/([0-9a-f]{64})$/;

/**
 * Fee payments through Razorpay's hosted checkout, in Chromium, against the local stand-in
 * (tests/support/razorpay-standin.ts) as the site runs them: the enrollment form, the order's pay
 * page, the stand-in's checkout page and its signed post back, the confirmation, the receipt and
 * an admin refund. The rules behind them (signatures, webhooks, replays, faults) are in
 * tests/api/payments-razorpay.test.ts and tests/unit/razorpay-signatures.test.ts.
 */
describe("Razorpay payments", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let standIn: RazorpayStandIn;

  razorpaySiteForFile((site) => ({ server, browser, adminToken, standIn } = site));

  const dialog = (page: Page) => page.getByRole("dialog");
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });
  const payButton = (page: Page) => page.getByRole("button", { name: PAY, exact: true });
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const checkoutUrl = () => `${standIn.url}/v1/checkout/embedded`;

  const paidOrders = async () =>
    (await callApi(server.url, "/tuition/orders", { token: adminToken })).body as StoredOrder[];
  /** An admin page's HTML, fetched with the admin's session cookie. */
  const adminHtml = async (path: string) => {
    const response = await fetch(server.url + path, { headers: { cookie: `token=${adminToken}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  /** From the fee structure's "Enroll Now" link to "Confirm Enrollment": answers the order's link token. */
  async function enroll(
    page: Page,
    { student, parent, javaScript }: { student: string; parent: string; javaScript: boolean },
  ) {
    step("opens the enrollment form");
    await page.goto("/fee-structure?enroll=grade-1");
    await expect.poll(() => dialog(page).getByRole("heading").first().innerText()).toBe("Enroll in Grade 1");
    // With JavaScript, the enhanced form's post (and the client-side way to the pay page).
    if (javaScript) await untilHydrated(page);
    const form = dialog(page);
    await form.getByLabel("Student's name").fill(student);
    await form.getByLabel("Parent's name").fill(parent);
    await form.getByLabel("Mobile number").fill("98450 12345");
    await form.getByLabel("Email address").fill("parent@example.com");
    await giveConsent(form);
    step("confirms the enrollment");
    await form
      .getByRole("button", { name: MESSAGES.enrollment.confirmButton("₹15,000"), exact: true })
      .click();
  }

  /** Waits for the order's page and answers its link token. */
  async function onPayPage(page: Page): Promise<string> {
    await expect.poll(() => pathOf(page)).toMatch(PAY_PATH);
    return PAY_PATH.exec(pathOf(page))![1]!;
  }

  async function onStandInCheckout(page: Page) {
    await expect.poll(() => page.url()).toBe(checkoutUrl());
    await expect.poll(() => page.getByRole("button", { name: "Pay", exact: true }).isVisible()).toBe(true);
  }

  /** Waits for the confirmation on the order's page and answers the transaction id it shows. */
  async function readConfirmation(page: Page, token: string): Promise<string> {
    // Through the callback (which answers 303) back to the order's page.
    await expect.poll(() => pathOf(page)).toBe(`/pay/${token}`);
    await expect.poll(() => heading(page).innerText()).toBe(MESSAGES.enrollment.confirmedTitle);
    // Without JavaScript the page streams in: the heading can be there before the rest.
    await page.waitForLoadState("load");
    const transactionId = (
      await page.locator("dl").filter({ hasText: "Transaction ID" }).locator("dd").innerText()
    ).trim();
    expect(transactionId).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    return transactionId;
  }

  async function expectPaid(transactionId: string, expected: Partial<StoredOrder>) {
    const order = (await paidOrders()).find((entry) => entry.transactionId === transactionId);
    expect(order).toMatchObject({ status: "PAID", amount: FEE_PAISE, grade: "Grade 1", ...expected });
    const payment = standIn.payments.find((made) => made.id === transactionId);
    expect(payment).toMatchObject({ status: "captured", amount: FEE_PAISE });
    // Razorpay's order carries ours as its receipt.
    expect(standIn.orders.find((made) => made.id === payment!.order_id)?.receipt).toBe(order!.id);
    return order!;
  }

  /** The stand-in's webhooks about a payment reached the site and were taken (200). */
  async function expectWebhooksTaken(paymentId: string, events: string[]) {
    await expect
      .poll(() =>
        standIn.webhooks
          .filter((delivery) => delivery.body.includes(paymentId) && delivery.status !== undefined)
          .map((delivery) => `${delivery.event} ${delivery.status}`)
          .sort(),
      )
      .toEqual(events.map((event) => `${event} 200`).sort());
  }

  it("JS off: enrolls, pays on the checkout page, sees the confirmation and prints the receipt", async () => {
    const { page } = await openPage(browser, server, { javaScript: false });
    const parent = "Priya Sharma JS off";
    await enroll(page, { student: "Aarav Pay", parent, javaScript: false });

    step("shows the order's pay page");
    const token = await onPayPage(page);
    expect(new URL(page.url()).search).toBe("?start=1");
    await expect.poll(() => payButton(page).isVisible()).toBe(true);
    expect(await heading(page).innerText()).toBe("Pay the admission fee");
    const summary = await page.locator("main dl").first().innerText();
    for (const shown of ["Aarav Pay", parent, "Grade 1, 2025-26", "₹15,000.00"])
      expect(summary).toContain(shown);
    // A plain form to the gateway's page with the documented fields, and never the key secret.
    const checkout = page.locator("form").filter({ has: payButton(page) });
    expect(await checkout.getAttribute("action")).toBe(checkoutUrl());
    expect(await checkout.getAttribute("method")).toBe("post");
    const field = (name: string) => checkout.locator(`input[name="${name}"]`).inputValue();
    expect(await field("amount")).toBe(String(FEE_PAISE));
    expect(await field("currency")).toBe("INR");
    expect(await field("prefill[name]")).toBe(parent);
    expect(await field("callback_url")).toMatch(new RegExp(`/pay/${token}/callback$`));
    expect(await field("cancel_url")).toMatch(new RegExp(`/pay/${token}\\?cancelled=1$`));
    const gatewayOrderId = await field("order_id");
    expect(standIn.orders.find((order) => order.id === gatewayOrderId)).toMatchObject({
      status: "created",
      amount: FEE_PAISE,
    });
    expect(await page.content()).not.toContain(E2E_RAZORPAY.keySecret);
    await expectAccessible(page);
    await captureWidths(page, "razorpay-pay-nojs");

    step("pays on the stand-in's checkout");
    await payButton(page).click();
    await onStandInCheckout(page);
    const checkoutText = await page.locator("main").innerText();
    expect(checkoutText).toContain("₹15,000.00");
    expect(checkoutText).toContain(parent);
    await page.getByRole("button", { name: "Pay", exact: true }).click();

    step("shows the confirmation");
    const transactionId = await readConfirmation(page, token);
    const text = await page.locator("main").innerText();
    expect(text).toContain(`Thank you, ${parent}!`);
    expect(text).toContain("Grade 1");
    const order = await expectPaid(transactionId, { parentName: parent, studentName: "Aarav Pay" });
    await expectWebhooksTaken(transactionId, ["payment.captured", "order.paid"]);
    await expectAccessible(page);
    await captureWidths(page, "razorpay-confirmed-nojs");

    step("opens the receipt");
    await page.getByRole("link", { name: "View and print the receipt" }).click();
    await expect.poll(() => heading(page).innerText()).toContain("Fee receipt");
    await page.waitForLoadState("load");
    expect(pathOf(page)).toBe(`/receipt/${token}`);
    const receipt = await page.locator("main").innerText();
    for (const shown of [
      "₹15,000.00",
      transactionId,
      gatewayOrderId,
      order.id,
      "Aarav Pay",
      parent,
      "Grade 1",
    ]) {
      expect(receipt).toContain(shown);
    }
    await expectAccessible(page);
    await captureWidths(page, "razorpay-receipt-nojs");
  });

  it("JS on: the checkout opens by itself; a failed payment says why and Try again pays the same order", async () => {
    const { page } = await openPage(browser, server, { javaScript: true });
    const parent = "Rahul Mehta JS on";
    await enroll(page, { student: "Ira Retry", parent, javaScript: true });

    step("opens the checkout without a click");
    await onStandInCheckout(page);
    const gatewayOrderId = standIn.orders.at(-1)!.id;
    await page.getByRole("button", { name: "Fail", exact: true }).click();

    step("shows why the payment failed");
    const token = await onPayPage(page);
    const failure = page.getByRole("alert").filter({ hasText: "The payment did not go through." });
    await expect.poll(() => failure.count()).toBe(1);
    const said = await failure.innerText();
    expect(said).toContain(BANK_DECLINED);
    expect(said).toContain(PAYMENT_TEXTS.en.noMoneyTaken);
    expect(new URL(page.url()).search).toBe("");
    const tryAgain = page.getByRole("button", { name: "Try again", exact: true });
    await expect.poll(() => tryAgain.isVisible()).toBe(true);
    expect(await payButton(page).count()).toBe(0);
    const failed = standIn.payments.filter((payment) => payment.order_id === gatewayOrderId);
    expect(failed.map((payment) => payment.status)).toEqual(["failed"]);
    await expectWebhooksTaken(failed[0]!.id, ["payment.failed"]);
    expect(await adminHtml("/admin/orders?view=failed")).toContain("Ira Retry");
    await untilHydrated(page);
    await expectAccessible(page);
    await captureWidths(page, "razorpay-failed-js");

    step("tries again and pays");
    await tryAgain.click();
    await onStandInCheckout(page);
    // The same order at Razorpay: trying again never opens a second one.
    expect(await page.locator('input[name="razorpay_order_id"]').first().inputValue()).toBe(gatewayOrderId);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    const transactionId = await readConfirmation(page, token);
    expect(transactionId).not.toBe(failed[0]!.id);
    await expectPaid(transactionId, { parentName: parent, studentName: "Ira Retry" });
    expect(await page.getByRole("alert").filter({ hasText: "did not go through" }).count()).toBe(0);
    await untilHydrated(page);
    await captureWidths(page, "razorpay-confirmed-js");
  });

  it("JS off: cancelling on the checkout page comes back to pay later; the order stays unpaid", async () => {
    const { page } = await openPage(browser, server, { javaScript: false });
    await enroll(page, { student: "Kiran Cancel", parent: "Deepa Cancel", javaScript: false });
    const token = await onPayPage(page);
    await expect.poll(() => payButton(page).isVisible()).toBe(true);
    await payButton(page).click();
    await onStandInCheckout(page);
    const gatewayOrderId = standIn.orders.at(-1)!.id;

    step("cancels on the checkout page");
    await page.getByRole("link", { name: "Cancel", exact: true }).click();
    await expect.poll(() => page.getByText(PAYMENT_TEXTS.en.cancelled).count()).toBe(1);
    expect(pathOf(page)).toBe(`/pay/${token}`);
    expect(new URL(page.url()).search).toBe("?cancelled=1");
    await expect.poll(() => payButton(page).isVisible()).toBe(true);
    expect(await page.getByText("The payment did not go through.").count()).toBe(0);
    await captureWidths(page, "razorpay-cancelled-nojs");

    step("checks that nothing was paid");
    expect(standIn.orders.find((order) => order.id === gatewayOrderId)).toMatchObject({
      status: "created",
      attempts: 0,
    });
    expect(standIn.payments.filter((payment) => payment.order_id === gatewayOrderId)).toEqual([]);
    expect((await paidOrders()).some((order) => order.studentName === "Kiran Cancel")).toBe(false);
    expect(await adminHtml("/admin/orders?view=pending")).toContain("Kiran Cancel");
  });

  it("refuses a forged callback with 400 and leaves the order unpaid", async () => {
    const created = await callApi(server.url, "/tuition/create-order", {
      json: {
        studentName: "Forged Callback",
        parentName: "Mallory Rao",
        mobile: "9988776655",
        email: "mallory@example.com",
        grade: "Grade 1",
        ...CONSENT_FIELDS,
      },
    });
    expect(created.status).toBe(201);
    const token = PAY_PATH.exec(new URL(created.body.payment.payUrl as string).pathname)![1]!;
    const gatewayOrderId = created.body.payment.checkout.fields.order_id as string;
    const callback = `/pay/${token}/callback`;
    const paymentId = "pay_Forged00000001";
    // Signed for another Razorpay order, with the wrong key, with no signature at all.
    const otherOrder = "order_SomeoneElse001";
    const attempts: Array<Record<string, string>> = [
      { razorpay_order_id: gatewayOrderId, razorpay_signature: "0".repeat(64) },
      { razorpay_order_id: otherOrder, razorpay_signature: standIn.signPayment(otherOrder, paymentId) },
      { razorpay_order_id: gatewayOrderId, razorpay_signature: "" },
    ];
    for (const fields of attempts) {
      const answer = await postForm(
        server.url,
        callback,
        { razorpay_payment_id: paymentId, ...fields },
        { origin: standIn.url },
      );
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.html).toContain("We could not verify this payment");
    }

    const page = await fetch(`${server.url}/pay/${token}`);
    const html = await page.text();
    expect(html).toContain(PAY);
    expect(html).not.toContain(MESSAGES.enrollment.confirmedTitle);
    expect((await paidOrders()).some((order) => order.id === created.body.order.id)).toBe(false);
    expect(standIn.orders.find((order) => order.id === gatewayOrderId)?.status).toBe("created");
    expect(await adminHtml("/admin/orders?view=pending")).toContain("Forged Callback");
  });

  it("JS off: an admin finds a payment the site missed with Check with Razorpay, then refunds ₹5,000 of it", async () => {
    // A payment taken while its callback and webhooks were all lost.
    const created = await callApi(server.url, "/tuition/create-order", {
      json: {
        studentName: "Refund Admin",
        parentName: "Sunita Rao",
        mobile: "9988776655",
        email: "sunita@example.com",
        grade: "Grade 1",
        ...CONSENT_FIELDS,
      },
    });
    expect(created.status).toBe(201);
    const captured = standIn.capture(created.body.payment.checkout.fields.order_id as string);

    const { context, page } = await openPage(browser, server, { javaScript: false });
    await signIn(context, server, E2E_ADMIN);
    step("opens the pending order");
    await page.goto("/admin/orders?view=pending");
    await page.getByRole("link", { name: "Refund Admin", exact: true }).click();
    await expect.poll(() => heading(page).innerText()).toBe("Order for Refund Admin");
    const orderPath = pathOf(page);
    expect(orderPath).toBe(`/admin/orders/${created.body.order.id}`);

    step("checks with Razorpay");
    await page.getByRole("button", { name: "Check with Razorpay" }).click();
    await expect.poll(() => page.getByText("Razorpay reports this order paid.").count()).toBe(1);
    expect(await page.getByText(captured.id).count()).toBeGreaterThan(0);
    await expectPaid(captured.id, { studentName: "Refund Admin" });

    step("opens the paid order from the successful orders");
    await page.goto("/admin/orders?view=paid");
    const row = page.getByRole("row").filter({ hasText: "Refund Admin" });
    expect(await row.innerText()).toContain(captured.id);
    await row.getByRole("link", { name: "Refund Admin", exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe(orderPath);

    step("refunds ₹5,000");
    await page.getByLabel("Amount to refund (₹)").fill("5000");
    await page.getByLabel("Reason").fill("Sibling discount agreed by the principal");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await expect.poll(() => page.getByText("Refunded ₹5,000.00.").count()).toBe(1);
    const refund = standIn.refunds.find((made) => made.payment_id === captured.id);
    expect(refund).toMatchObject({ amount: 500_000, status: "processed" });
    expect(await page.getByText("Partially refunded", { exact: true }).count()).toBeGreaterThan(0);
    const refunds = await page.getByRole("table", { name: "Refunds of this order" }).innerText();
    for (const shown of [refund!.id, "₹5,000.00", "Sibling discount agreed by the principal"]) {
      expect(refunds).toContain(shown);
    }
    expect(await page.getByText("₹10,000.00").count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await captureWidths(page, "razorpay-admin-refund-nojs");

    step("lists it among the refunded orders");
    await page.goto("/admin/orders?view=refunded");
    const refunded = await page.getByRole("row").filter({ hasText: "Refund Admin" }).innerText();
    expect(refunded).toContain("₹5,000.00 refunded");
  });
});
