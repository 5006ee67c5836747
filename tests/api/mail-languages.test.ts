import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Language } from "~/domain/languages";
import { createLogger } from "~/server/logger.server";
import { createTestGateway, type PaymentGateway } from "~/services/payments/gateway.server";
import { createSmtpSender } from "~/services/mail/smtp.server";
import { startMailWorker } from "~/services/mail/worker.server";
import { emailVerifications, mailOutbox, type MailRow } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { validApplication, validDemo, validEnrollment, validTeacher } from "./helpers";

/**
 * Issue 37: every mail to a family, a teacher or an account holder is written in the language
 * stored with the record or the account; staff notices stay English, and English mails are
 * today's, word for word.
 */

const STAFF = "office@zipat.example";
const DEVANAGARI = /\p{Script=Devanagari}/u;
const PASSWORD = "a long enough password";

/** The test gateway, except that it refuses every payment while `refusing` is set. */
let refusing = false;
const testGateway = createTestGateway();
const gateway: PaymentGateway = {
  ...testGateway,
  startPayment: async (request) =>
    refusing
      ? { status: "FAILED", reason: "The payment was not completed." }
      : testGateway.startPayment(request),
};

let app: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  [app, sink] = await Promise.all([
    startTestApp({ mail: { staffEmail: STAFF, delivering: true }, gateway }),
    startSmtpSink(),
  ]);
  await app.services.details.update({
    address: "12 MG Road, Bengaluru",
    email: STAFF,
    phone: "+91 80 1234 5678",
  });
});
afterAll(async () => {
  await Promise.all([app?.close(), sink?.close()]);
});
beforeEach(async () => {
  refusing = false;
  await app.db.delete(mailOutbox);
});

/** The queued mails of one kind, oldest first, with both parts drawn as the worker would send them. */
async function mailsOfKind(kind: MailRow["kind"], to?: string) {
  const rows = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), to ? eq(mailOutbox.toAddress, to) : undefined))
    .orderBy(asc(mailOutbox.id));
  return Promise.all(rows.map((row) => app.services.mail.get(row.id)));
}
async function theMail(kind: MailRow["kind"], to?: string) {
  const [mail, ...more] = await mailsOfKind(kind, to);
  expect(more).toEqual([]);
  expect(mail, `a ${kind} mail`).toBeDefined();
  return mail!;
}

/** A mail in Hindi: subject, body and frame, none of the English one's subject. */
function expectHindi(mail: { subject: string; html: string; text: string }, englishSubject: string) {
  expect(mail.subject).toMatch(DEVANAGARI);
  expect(mail.subject).not.toContain(englishSubject);
  expect(mail.html.startsWith('<!doctype html><html lang="hi">')).toBe(true);
  expect(mail.text).toMatch(DEVANAGARI);
  expect(mail.text).toContain("आपको यह ईमेल इसलिए मिला है");
  for (const english of ["Dear ", "Hello,", "Warm regards", "You are receiving this e-mail"]) {
    expect(mail.text).not.toContain(english);
    expect(mail.html).not.toContain(english);
  }
}

/** A mail in English, as it always was. */
function expectEnglish(mail: { subject: string; html: string; text: string }, subject: string) {
  expect(mail.subject).toBe(subject);
  expect(mail.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
  expect(mail.text).not.toMatch(DEVANAGARI);
  expect(mail.text).toContain("You are receiving this e-mail");
}

const expectInLanguage = (
  language: Language,
  mail: { subject: string; html: string; text: string; data: unknown },
  englishSubject: string,
) => {
  expect(mail.data).toMatchObject({ language });
  if (language === "hi") expectHindi(mail, englishSubject);
  else expectEnglish(mail, englishSubject);
};

describe("records keep the family's language for their mails", () => {
  it.each(["hi", "en"] as const)(
    "an application in %s: the family's confirmation in it, the staff notice in English",
    async (language) => {
      const email = `apply.${language}@example.com`;
      await app.services.applications.create({ ...validApplication(), email } as never, { language });
      const mail = await theMail("applicationReceived", email);
      expectInLanguage(language, mail, "We have received Asha Verma's application to Zipat");
      if (language === "hi") {
        expect(mail.subject).toBe("Asha Verma का आवेदन हमें मिल गया है");
        expect(mail.text).toContain("प्रिय Ravi Verma जी,");
        expect(mail.text).toContain("Asha Verma (कक्षा 2)");
      }
      expectEnglish(await theMail("staffNewApplication"), "New application: Asha Verma, Grade 2");
    },
  );

  it.each(["hi", "en"] as const)("a demo request in %s", async (language) => {
    const email = `demo.${language}@example.com`;
    // The service stores what it is given: the mobile as the form would have normalised it.
    await app.services.demos.create({ ...validDemo(), mobile: "+919123456789", email } as never, {
      language,
    });
    const mail = await theMail("demoBooked", email);
    expectInLanguage(language, mail, "Demo class booked for Kabir Iyer");
    if (language === "hi") expect(mail.text).toContain("Kabir Iyer के लिए Zipat Online School में मुफ़्त डेमो क्लास");
    expectEnglish(await theMail("staffNewDemo"), "New demo request: Kabir Iyer, Kindergarten");
  });

  it.each(["hi", "en"] as const)(
    "an order in %s: the receipt mail read from the paid order's row, the staff notice in English",
    async (language) => {
      const email = `paid.${language}@example.com`;
      const { order } = await app.services.orders.createOrder({ ...validEnrollment(), email } as never, {
        language,
      });
      const amount = `₹${(order.amount / 100).toLocaleString("en-IN")}`;
      const mail = await theMail("paymentReceived", email);
      expectInLanguage(language, mail, `Payment received: ${amount} for Diya Shah (Grade 5)`);
      if (language === "hi") {
        expect(mail.subject).toBe(`भुगतान मिल गया: Diya Shah (कक्षा 5) के लिए ${amount}`);
        expect(mail.text).toContain("अपनी रसीद देखें");
      }
      expectEnglish(
        await theMail("staffPaymentReceived"),
        `Payment received: ${amount} for Diya Shah, Grade 5`,
      );
    },
  );

  it.each(["hi", "en"] as const)(
    "a failed payment in %s: the retry mail, its pay link in the order's language",
    async (language) => {
      refusing = true;
      const email = `failed.${language}@example.com`;
      await expect(
        app.services.orders.createOrder({ ...validEnrollment(), email } as never, { language }),
      ).rejects.toMatchObject({ status: 402 });
      const amount = `₹${(await app.services.grades.feeFor("Grade 5")).toLocaleString("en-IN")}`;
      const mail = await theMail("paymentFailed", email);
      expectInLanguage(language, mail, `Payment not completed: ${amount} for Diya Shah (Grade 5)`);
      expect(mail.text).toContain(language === "hi" ? "भुगतान पूरा नहीं हुआ।" : "The payment was not completed.");
      // The pay link leads to the order's page in the order's language.
      const retryUrl = (mail.data as { retryUrl: string }).retryUrl;
      const payPath = language === "hi" ? "/hi/pay/" : "/pay/";
      expect(retryUrl).toMatch(new RegExp(`^http://localhost:3000${payPath}[\\w-]+$`));
      expect(mail.text.split("\n")).toContain(retryUrl);
    },
  );

  it.each(["hi", "en"] as const)("a teacher registration in %s", async (language) => {
    const email = `teacher.${language}@example.com`;
    await app.services.teacherApplications.submit({ ...validTeacher(), email }, undefined, language);
    const mail = await theMail("teacherApplicationReceived", email);
    expectInLanguage(language, mail, "We have received your teacher registration for Zipat");
    if (language === "hi") expect(mail.text).toContain("प्रिय Priya Nair जी,");
    expectEnglish(await theMail("staffNewTeacherApplication"), "New teacher registration: Priya Nair, Kochi");
  });
});

describe("an account's mails follow the language it registered in", () => {
  it.each(["hi", "en"] as const)(
    "%s: welcome, a new verification link, reset, changed password and erasure",
    async (language) => {
      const email = `account.${language}@example.com`;
      const { user } = await app.services.auth.register(
        { name: "Asha Rao", email, password: PASSWORD },
        language,
      );
      expectInLanguage(language, await theMail("welcome", email), "Welcome to Zipat Online School, Asha Rao");

      // The link sent at registration counts against "send it again": make it an old one.
      await app.db
        .update(emailVerifications)
        .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
        .where(eq(emailVerifications.userId, user.id));
      expect(await app.services.emailVerification.sendLink(user.id)).toEqual({ sent: true });
      expectInLanguage(
        language,
        await theMail("verifyEmail", email),
        "Confirm your e-mail address for Zipat",
      );

      await app.services.auth.requestPasswordReset({ email });
      const reset = await theMail("passwordReset", email);
      expectInLanguage(language, reset, "Reset your Zipat password");
      const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, reset.id));
      const token = new URL((row!.data as { resetUrl: string }).resetUrl).searchParams.get("token")!;
      const signedIn = await app.services.auth.resetPassword({ token, password: `${PASSWORD} again` });
      // The language picks the mail; the session's user is what it always was.
      expect(Object.keys(signedIn.user).sort()).toEqual(["email", "id", "name", "role"]);
      const changed = await theMail("passwordChanged", email);
      expectInLanguage(language, changed, "Your Zipat password was changed");
      // The text is wrapped at 78 columns, so a line may end anywhere in the date (at 12:08 am,
      // not at 4:05 am): any space may be a line break.
      if (language === "hi")
        expect(changed.text).toMatch(/\d+\s[^\s]+\s\d{4},\s\d+:\d{2}\s[ap]m\sIST\sपर\sबदला\sगया/);

      await app.services.accountErasure.erase(user.id, { currentPassword: `${PASSWORD} again` });
      expectInLanguage(
        language,
        await theMail("accountDeleted", email),
        "Your Zipat account has been deleted",
      );
    },
  );
});

describe("over SMTP", () => {
  it("a Hindi application's confirmation arrives in Hindi, UTF-8 subject and both parts", async () => {
    const worker = startMailWorker({
      outbox: app.services.mail,
      sender: createSmtpSender(sink.url),
      from: async () => ({ name: "Zipat Online School", address: STAFF }),
      logger: createLogger("silent"),
      pollMs: 25,
    });
    try {
      const email = "hindi.family@example.com";
      await app.services.applications.create({ ...validApplication(), email } as never, { language: "hi" });
      const received = await sink.waitFor((mail) => mail.to.includes(email));
      expect(received.subject).toBe("Asha Verma का आवेदन हमें मिल गया है");
      expect(received.text).toContain("प्रिय Ravi Verma जी,");
      expect(received.text).toContain("Zipat Online School में आवेदन करने के लिए धन्यवाद।");
      expect(received.text).not.toContain("We have received");
      expect(received.html).toContain('<html lang="hi">');
      expect(received.html).toContain("शुभकामनाओं सहित,");
      const staff = await sink.waitFor(
        (mail) => mail.to.includes(STAFF) && mail.subject.includes("Asha Verma"),
      );
      expect(staff.subject).toBe("New application: Asha Verma, Grade 2");
    } finally {
      await worker.stop();
    }
  });
});
