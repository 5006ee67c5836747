import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Flash } from "~/domain/flash";
import type { Language } from "~/domain/languages";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FIELD_ERROR_TEXTS } from "~/domain/texts/field-errors";
import { translator } from "~/domain/translations";
import { BOT_CHECK_FIELDS, DEFAULT_FORM_MIN_FILL_MS } from "~/domain/bot-check";
import { MESSAGES } from "~/domain/messages";
import { createBotCheck } from "~/services/bot-check.server";
import { createTestGateway, type PaymentGateway } from "~/services/payments/gateway.server";
import { enrollmentAction } from "~/utils/enrollment.server";
import type { FormFailure } from "~/utils/forms";
import { orders } from "../../db/schema";
import { validEnrollment } from "../api/helpers";
import { startTestApp, type TestApp } from "../support/app";

/** Pays at once, or (when `later`) answers PENDING as a gateway that redirects to pay would. */
let later = false;
const paysAtOnce = createTestGateway();
const gateway: PaymentGateway = {
  ...paysAtOnce,
  name: "test-or-later",
  startPayment: async (request) =>
    later ? { status: "PENDING", gatewayOrderId: "gw_later" } : paysAtOnce.startPayment(request),
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ gateway });
});
afterAll(async () => {
  await app?.close();
});
afterEach(() => {
  later = false;
});

/** A bot check that trusts the clock of this test: a form may be sent the moment it is shown. */
const botCheck = createBotCheck({ secret: "enrollment-action-test-secret", minFillMs: 0 });
/** What the form's <BotCheck /> adds to every enrollment a person sends. */
const asPerson = (fields: Record<string, string>) => ({
  ...fields,
  [BOT_CHECK_FIELDS.honeypot]: "",
  [BOT_CHECK_FIELDS.stamp]: botCheck.issue(),
});

/** The parts of the load context the enrollment action uses, with the flash it sets kept. */
function contextFor(check = botCheck, language: Language = "en") {
  const flashes: Flash[] = [];
  const reportError = vi.fn();
  const context = {
    services: { ...app.services, botCheck: check },
    clientIp: "127.0.0.1",
    language,
    reportError,
    flash: { set: async (flash: Flash) => (flashes.push(flash), "flash=set"), message: null },
  } as unknown as AppLoadContext;
  return { context, flashes, reportError };
}

const post = (fields: Record<string, string>) =>
  new Request("http://school.test/fee-structure?enroll=grade-5", {
    method: "POST",
    body: new URLSearchParams(fields),
  });

describe("the enrollment action shared by the home and fee-structure pages", () => {
  it("redirects to the page without ?enroll, carrying what the confirmation shows", async () => {
    const { context, flashes } = contextFor();
    const answer = (await enrollmentAction(
      post(asPerson({ ...validEnrollment(), amount: "15000" })),
      context,
      "/fee-structure",
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/fee-structure");
    expect(answer.headers.get("Set-Cookie")).toBe("flash=set");
    const [paid] = await app.services.orders.listPaid();
    expect(flashes).toEqual([
      expect.objectContaining({
        kind: "success",
        enrollment: { parentName: "Neel Shah", transactionId: paid!.transactionId, grade: "Grade 5" },
      }),
    ]);
  });

  it("answers a refused submission with the service's status, messages and the values typed", async () => {
    const { context, flashes } = contextFor();
    const before = (await app.services.orders.listPaid()).length;
    const fields = { ...validEnrollment(), mobile: "12345" };
    const answer = await enrollmentAction(post(asPerson(fields)), context, "/fee-structure");
    expect(answer).not.toBeInstanceOf(Response);
    const { data, init } = answer as unknown as { data: FormFailure; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.errors.mobile).toEqual(["Please enter a valid 10-digit Indian mobile number."]);
    // What the parent typed comes back; the bot check's own fields are never echoed.
    expect(data.values).toEqual(fields);
    expect(flashes).toEqual([]);
    expect((await app.services.orders.listPaid()).length).toBe(before);
  });

  it("refuses a form sent without the bot check's fields, storing no order", async () => {
    const { context, flashes } = contextFor();
    const before = (await app.services.orders.listPaid()).length;
    const answer = await enrollmentAction(post(validEnrollment()), context, "/");
    const { data, init } = answer as unknown as { data: FormFailure; init: ResponseInit };
    expect(init.status).toBe(422);
    expect(data.message).toBe(MESSAGES.generic.botCheck);
    expect(flashes).toEqual([]);
    expect((await app.services.orders.listPaid()).length).toBe(before);
  });

  it("shows a form sent sooner than the minimum fill time again, values kept, and takes it when sent again", async () => {
    const production = createBotCheck({
      secret: "enrollment-action-test-secret",
      minFillMs: DEFAULT_FORM_MIN_FILL_MS,
    });
    const { context, flashes, reportError } = contextFor(production);
    const before = (await app.services.orders.listPaid()).length;
    const fields = { ...validEnrollment(), amount: "15000" };
    const atOnce = {
      ...fields,
      [BOT_CHECK_FIELDS.honeypot]: "",
      [BOT_CHECK_FIELDS.stamp]: production.issue(),
    };
    const answer = await enrollmentAction(post(atOnce), context, "/");
    const { data, init } = answer as unknown as { data: FormFailure; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.message).toBe(MESSAGES.generic.sendAgain);
    expect(data.errors).toEqual({});
    expect(data.values).toEqual(fields);
    expect(data.formStamp).toMatch(/^\d+\.[\w-]{43}$/);
    expect((await app.services.orders.listPaid()).length).toBe(before);

    // The form shown again carries that stamp: pressed again at once, it goes through.
    const again = (await enrollmentAction(
      post({ ...atOnce, [BOT_CHECK_FIELDS.stamp]: data.formStamp! }),
      context,
      "/",
    )) as Response;
    expect(again.status).toBe(302);
    expect(flashes).toHaveLength(1);
    expect((await app.services.orders.listPaid()).length).toBe(before + 1);
    expect(reportError).not.toHaveBeenCalled();
  });

  it("confirms nothing while an order awaits a hosted checkout: the parent is sent to the order's payment page", async () => {
    later = true;
    const { context, flashes, reportError } = contextFor();
    const answer = (await enrollmentAction(post(asPerson(validEnrollment())), context, "/")) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(/^\/pay\/[0-9a-f]{64}$/);
    expect(reportError).not.toHaveBeenCalled();
    expect(flashes).toEqual([]);
  });
  describe("from a Hindi page (/hi)", () => {
    const enrollment = translator(ENROLLMENT_TEXTS, "hi");
    const fieldErrors = translator(FIELD_ERROR_TEXTS, "hi");

    it("goes back to the Hindi page, thanks in Hindi and stores the order as Hindi", async () => {
      const { context, flashes } = contextFor(botCheck, "hi");
      const answer = (await enrollmentAction(
        post(asPerson({ ...validEnrollment(), amount: "15000" })),
        context,
        "/fee-structure",
      )) as Response;
      expect(answer.headers.get("Location")).toBe("/hi/fee-structure");
      const [flash] = flashes;
      expect(flash!.message).toBe(enrollment("confirmed.flash", { parent: "Neel Shah", grade: "कक्षा 5" }));
      // The dialog names the grade itself: the flash carries it as stored.
      expect(flash!.enrollment!.grade).toBe("Grade 5");
      const [stored] = await app.db
        .select({ language: orders.language })
        .from(orders)
        .where(eq(orders.transactionId, flash!.enrollment!.transactionId));
      expect(stored?.language).toBe("hi");
    });

    it("says what is wrong in Hindi, beside each field and above the form, keeping the values", async () => {
      const { context } = contextFor(botCheck, "hi");
      const fieldsSent = { ...validEnrollment(), mobile: "12345", studentName: " " };
      const answer = await enrollmentAction(post(asPerson(fieldsSent)), context, "/");
      const { data, init } = answer as unknown as { data: FormFailure; init: ResponseInit };
      expect(init.status).toBe(400);
      expect(data.errors).toEqual({
        studentName: [fieldErrors("error.studentName.required")],
        mobile: [fieldErrors("error.mobile.invalid")],
      });
      expect(data.message).toBe(fieldErrors("form.several"));
      expect(data.values).toEqual(fieldsSent);

      const one = await enrollmentAction(
        post(asPerson({ ...validEnrollment(), mobile: "12345" })),
        context,
        "/",
      );
      expect((one as unknown as { data: FormFailure }).data.message).toBe(
        fieldErrors("error.mobile.invalid"),
      );
    });

    it("explains a fee changed meanwhile in Hindi, naming the grade in Hindi", async () => {
      const { context } = contextFor(botCheck, "hi");
      const answer = await enrollmentAction(
        post(asPerson({ ...validEnrollment(), amount: "100" })),
        context,
        "/",
      );
      const { data } = answer as unknown as { data: FormFailure };
      const message = enrollment("error.amount.changed", { grade: "कक्षा 5", fee: "₹15,000" });
      expect(data.message).toBe(message);
      expect(data.errors.amount).toEqual([message]);
    });

    it("refuses a form without the bot check's fields in Hindi", async () => {
      const { context } = contextFor(botCheck, "hi");
      const answer = await enrollmentAction(post(validEnrollment()), context, "/");
      expect((answer as unknown as { data: FormFailure }).data.message).toBe(fieldErrors("form.botCheck"));
    });
  });
});
