import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { ERASURE_MESSAGES } from "~/domain/personal-data";
import { safeCell } from "~/services/account-data.server";
import { parseForm } from "~/services/validation";
import {
  applications,
  courseLikes,
  courses,
  demoRequests,
  emailVerifications,
  mailOutbox,
  orders,
  passwordResets,
  recordEvents,
  refunds,
  teacherApplications,
  teacherCvs,
  users,
} from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { validApplication, validDemo, validEnrollment } from "./helpers";

/**
 * A parent's own data (issue 20 point 4, decision 0037) at the service and API level: the
 * download holds everything about the account and its verified address and nothing secret; the
 * erasure anonymises the family's records in one transaction, keeps paid orders without personal
 * fields, is refused while a payment is in progress, ends every session and is in the history.
 * The pages (/profile, /profile/delete, the downloads) are walked in tests/e2e/account-data.test.ts.
 */
let app: TestApp;
let courseId: number;
beforeAll(async () => {
  app = await startTestApp();
  // A course whose title a spreadsheet would run as a formula, to prove the CSV defuses it.
  const [course] = await app.db
    .insert(courses)
    .values({ title: '=HYPERLINK("http://evil")', description: "Art", imageUrl: "/uploads/art.webp" })
    .returning({ id: courses.id });
  courseId = course!.id;
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = "correct horse battery";
let sequence = 0;

/** A registered parent; `verified` as if they had followed the link in the welcome mail. */
async function family({ verified = true } = {}) {
  sequence += 1;
  const email = `family${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { token, user } = await app.services.auth.register(
    parseForm(FORMS.register, { name: `Asha Parent ${sequence}`, email, password: PASSWORD }),
  );
  if (verified) await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { token, user, email };
}

/** An application sent signed out from the address, a demo and an enrollment sent signed in, a like. */
async function recordsOf({ token, email }: { token: string; email: string }, child = "Aarav Menon") {
  const application = await app.api("/applications", {
    json: { ...validApplication(), studentName: child, email },
  });
  const demo = await app.api("/demos", {
    json: { ...validDemo(), studentName: child, email: "other@example.com" },
    token,
  });
  const order = await app.api("/tuition/create-order", {
    json: { ...validEnrollment(), studentName: child, email },
    token,
  });
  const liked = await app.api(`/courses/${courseId}/like`, { method: "POST", token });
  expect([application.status, demo.status, order.status, liked.status]).toEqual([201, 201, 201, 200]);
  const orderId = order.body.order.id as string;
  return { applicationId: application.body.id as number, demoId: demo.body.id as number, orderId };
}

const erase = (userId: number, currentPassword = PASSWORD) =>
  app.services.accountErasure.erase(userId, { currentPassword });

describe("Download my data", () => {
  it("holds the account, its records, likes, refunds, teacher registrations and mails, never a secret", async () => {
    const parent = await family();
    const { applicationId, demoId, orderId } = await recordsOf(parent);
    await app.db.insert(refunds).values({
      orderId,
      requestKey: `refund-${orderId.slice(0, 8)}`,
      amount: 1000,
      reason: "Uniform returned",
      status: "PROCESSED",
    });
    await app.db.insert(teacherApplications).values({
      name: "Asha Parent",
      city: "Pune",
      mobile: "9876543210",
      email: parent.email.toUpperCase(),
      experience: "5 years",
    });
    // Someone else's application from another address is not theirs.
    await app.api("/applications", { json: { ...validApplication(), studentName: "Stranger Child" } });

    const data = (await app.services.accountData.forUser(parent.user.id))!;
    expect(data.account).toMatchObject({
      id: parent.user.id,
      email: parent.email,
      role: "USER",
      emailVerified: true,
    });
    expect(data.applications.map((row) => row.id)).toEqual([applicationId]);
    expect(data.applications[0]).toMatchObject({ studentName: "Aarav Menon", status: "PENDING" });
    expect(data.applications[0]!.consentAt).toBeInstanceOf(Date);
    expect(data.applications[0]!.noticeVersion).toEqual(expect.any(String));
    expect(data.demoRequests.map((row) => row.id)).toEqual([demoId]);
    expect(data.orders.map((row) => row.id)).toEqual([orderId]);
    expect(data.orders[0]!.refunds).toEqual([
      expect.objectContaining({ amountPaise: 1000, reason: "Uniform returned", status: "PROCESSED" }),
    ]);
    expect(data.courseLikes).toEqual([
      { courseId, courseTitle: '=HYPERLINK("http://evil")', likedAt: expect.any(Date) },
    ]);
    expect(data.teacherApplications).toEqual([expect.objectContaining({ city: "Pune", cvFileName: null })]);
    expect(data.mails.map((mail) => mail.kind)).toEqual(
      expect.arrayContaining(["welcome", "applicationReceived", "paymentReceived"]),
    );
    expect(data.mails.every((mail) => typeof mail.subject === "string")).toBe(true);

    const json = (await app.services.accountData.download(parent.user.id, "json"))!;
    expect(json.fileName).toMatch(/^zipat-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(json.contentType).toBe("application/json; charset=utf-8");
    const text = json.body;
    expect(JSON.parse(text).account.email).toBe(parent.email);
    for (const secret of ["passwordHash", "scrypt$", "sessionVersion", "linkToken", "verifyUrl", "token"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain("Stranger Child");
  });

  it("as CSV: a byte-order mark, four columns, every kind of record, formulas defused", async () => {
    const parent = await family();
    const { orderId } = await recordsOf(parent, "Diya Rao");
    const csv = (await app.services.accountData.download(parent.user.id, "csv"))!;
    expect(csv.fileName).toMatch(/^zipat-my-data-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.contentType).toBe("text/csv; charset=utf-8");
    expect(csv.body.startsWith("\uFEFFSection,Record,Field,Value\n")).toBe(true);
    expect(csv.body).toContain(`Account,${parent.user.id},email,${parent.email}\n`);
    expect(csv.body).toContain("Application,");
    expect(csv.body).toContain("Demo request,");
    expect(csv.body).toContain(`Order,${orderId},studentName,Diya Rao\n`);
    expect(csv.body).toContain("Mail,");
    // The title arrives quoted and with a leading apostrophe: text, never a formula.
    expect(csv.body).toContain(`Course like,${courseId},courseTitle,"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).not.toMatch(/,"?[=+@]/);
    expect(csv.body).not.toContain("scrypt$");
  });

  it("defuses every cell a spreadsheet would run", () => {
    expect(
      ["=1+1", "+91 98", "-2", "@SUM(A1)", "\tx", "\rx", "Asha", "", "9876543210"].map(safeCell),
    ).toEqual(["'=1+1", "'+91 98", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "Asha", "", "9876543210"]);
    expect(safeCell(null)).toBe("");
    expect(safeCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("leaves out what was only sent from an unverified address (it may be someone else's)", async () => {
    const parent = await family({ verified: false });
    await app.api("/applications", {
      json: { ...validApplication(), studentName: "Not Proved", email: parent.email },
    });
    const data = (await app.services.accountData.forUser(parent.user.id))!;
    expect(data.account.emailVerified).toBe(false);
    expect(data.applications).toEqual([]);
    expect(data.teacherApplications).toEqual([]);
    // The welcome mail is about the account itself; the application's mail to the address is not shown.
    expect(data.mails.map((mail) => mail.kind)).toEqual(["welcome"]);
    expect(await app.services.accountData.forUser(999_999)).toBeNull();
  });
});

describe("Delete my account", () => {
  it("is refused while a payment is in progress, naming it; nothing changes until it settles", async () => {
    const parent = await family();
    const { applicationId, orderId } = await recordsOf(parent, "Kabir Shah");
    await app.db.update(orders).set({ status: "CREATED", paidAt: null }).where(eq(orders.id, orderId));

    const refused = erase(parent.user.id);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      message: ERASURE_MESSAGES.pendingPayment(["Kabir Shah"]),
    });
    await expect(refused).rejects.toThrow(
      /payment in progress for Kabir Shah\. Please wait until it completes or fails/,
    );
    const [still] = await app.db.select().from(users).where(eq(users.id, parent.user.id));
    expect(still).toBeDefined();
    const [application] = await app.db.select().from(applications).where(eq(applications.id, applicationId));
    expect(application).toMatchObject({ studentName: "Kabir Shah", anonymisedAt: null });
    expect(
      await app.db
        .select()
        .from(recordEvents)
        .where(eq(recordEvents.recordId, String(parent.user.id))),
    ).toEqual([]);
    expect(await app.services.auth.authenticate(parent.token)).not.toBeNull();

    // Settled (failed): now it goes through.
    await app.db.update(orders).set({ status: "FAILED" }).where(eq(orders.id, orderId));
    await expect(erase(parent.user.id)).resolves.toMatchObject({ applications: 1, orders: 1 });
  });

  it("asks for the right password and refuses an administrator", async () => {
    const parent = await family();
    await expect(erase(parent.user.id, "not the password")).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.auth.wrongCurrentPassword,
      errors: { currentPassword: [MESSAGES.auth.wrongCurrentPassword] },
    });
    await expect(erase(parent.user.id, "")).rejects.toMatchObject({ status: 400 });
    expect(await app.db.select().from(users).where(eq(users.id, parent.user.id))).toHaveLength(1);

    const admin = await app.createUser("ADMIN");
    await expect(erase(admin.user.id, admin.password)).rejects.toMatchObject({
      status: 400,
      message: ERASURE_MESSAGES.adminAccount,
    });
  });

  it("anonymises the records, keeps paid orders without personal fields, ends every session, mails and records it", async () => {
    const parent = await family();
    const neighbour = await family();
    const mine = await recordsOf(parent, "Meera Nair");
    const theirs = await recordsOf(neighbour, "Neighbour Child");
    await app.services.auth.requestPasswordReset({ email: parent.email });
    const [paidBefore] = await app.db.select().from(orders).where(eq(orders.id, mine.orderId));
    expect(paidBefore!.status).toBe("PAID");
    const [dobBefore] = await app.db
      .select({ dob: applications.dob })
      .from(applications)
      .where(eq(applications.id, mine.applicationId));
    // A teacher registration with a CV under the verified address, and a neighbour's.
    const [registration, neighbours] = await app.db
      .insert(teacherApplications)
      .values([
        {
          name: "Asha Parent",
          city: "Pune",
          mobile: "9876543210",
          email: parent.email.toUpperCase(),
          experience: "5 years",
          message: "I teach art.",
        },
        {
          name: "Neighbour Teacher",
          city: "Goa",
          mobile: "9123456780",
          email: neighbour.email,
          experience: "2 years",
        },
      ])
      .returning({ id: teacherApplications.id });
    await app.db.insert(teacherCvs).values(
      [registration!, neighbours!].map(({ id }) => ({
        applicationId: id,
        fileName: "cv.pdf",
        sizeBytes: 4,
        content: Buffer.from("%PDF"),
      })),
    );

    const counts = await erase(parent.user.id);
    expect(counts).toEqual({
      applications: 1,
      demoRequests: 1,
      orders: 1,
      courseLikes: 1,
      teacherApplications: 1,
    });

    // The account and everything hanging on it are gone; its token no longer works anywhere.
    expect(await app.db.select().from(users).where(eq(users.id, parent.user.id))).toEqual([]);
    expect(
      await app.db.select().from(passwordResets).where(eq(passwordResets.userId, parent.user.id)),
    ).toEqual([]);
    expect(
      await app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, parent.user.id)),
    ).toEqual([]);
    expect(await app.db.select().from(courseLikes).where(eq(courseLikes.userId, parent.user.id))).toEqual([]);
    expect(await app.services.auth.authenticate(parent.token)).toBeNull();
    expect((await app.api(`/courses/${courseId}/like`, { method: "POST", token: parent.token })).status).toBe(
      401,
    );
    // Registering the address again makes a new, empty account: nothing comes back.
    const again = await app.services.auth.register(
      parseForm(FORMS.register, { name: "Asha Again", email: parent.email, password: PASSWORD }),
    );
    expect(again.user.id).not.toBe(parent.user.id);
    expect((await app.services.accountData.forUser(again.user.id))!.applications).toEqual([]);

    const [application] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.id, mine.applicationId));
    expect(application).toMatchObject({
      studentName: "Erased",
      parentName: "Erased",
      mobile: "0000000000",
      email: `erased-${mine.applicationId}@invalid`,
      dob: `${dobBefore!.dob.slice(0, 4)}-01-01`,
      userId: null,
      status: "PENDING",
    });
    expect(application!.anonymisedAt).toBeInstanceOf(Date);
    const [demo] = await app.db.select().from(demoRequests).where(eq(demoRequests.id, mine.demoId));
    expect(demo).toMatchObject({
      studentName: "Erased",
      email: `erased-${mine.demoId}@invalid`,
      userId: null,
    });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, mine.orderId));
    expect(order).toMatchObject({
      studentName: "Erased",
      parentName: "Erased",
      mobile: "0000000000",
      email: `erased-${mine.orderId}@invalid`,
      amount: paidBefore!.amount,
      status: "PAID",
      transactionId: paidBefore!.transactionId,
      paidAt: paidBefore!.paidAt,
      createdAt: paidBefore!.createdAt,
    });
    expect(order!.anonymisedAt).toBeInstanceOf(Date);

    // The teacher registration keeps its experience, status and dates; its CV is gone.
    const [teacher] = await app.db
      .select()
      .from(teacherApplications)
      .where(eq(teacherApplications.id, registration!.id));
    expect(teacher).toMatchObject({
      name: "Erased",
      city: "",
      mobile: "0000000000",
      email: `erased-${registration!.id}@invalid`,
      message: "",
      experience: "5 years",
      status: "NEW",
    });
    expect(teacher!.anonymisedAt).toBeInstanceOf(Date);
    const cvs = await app.db
      .select({ applicationId: teacherCvs.applicationId })
      .from(teacherCvs)
      .where(inArray(teacherCvs.applicationId, [registration!.id, neighbours!.id]));
    expect(cvs).toEqual([{ applicationId: neighbours!.id }]);

    // The neighbour's records are untouched.
    const [other] = await app.db.select().from(applications).where(eq(applications.id, theirs.applicationId));
    expect(other).toMatchObject({ studentName: "Neighbour Child", anonymisedAt: null });

    // The older mails to the address and about the records are gone; one confirmation waits for it.
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(mailOutbox.about, [
          `user:${parent.user.id}`,
          `application:${mine.applicationId}`,
          `demo:${mine.demoId}`,
          `order:${mine.orderId}`,
        ]),
      );
    expect(mails.map((mail) => [mail.kind, mail.toAddress, mail.status])).toEqual([
      ["accountDeleted", parent.email, "QUEUED"],
    ]);
    expect(mails[0]!.subject).toBe("Your Zipat account has been deleted");
    expect(JSON.stringify(mails[0]!.data)).not.toMatch(/Asha|Meera|@/);
    const drawn = await app.services.mail.draw(mails[0]!);
    const words = drawn.text.replace(/\s+/g, " ");
    expect(words).toContain("Admission applications: 1 application");
    expect(words).toContain("Teacher registrations: 1 registration and its CV");
    expect(words).toContain("we keep only the amount, the dates, the status and the payment references");
    const leftovers = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, parent.email));
    expect(leftovers).toHaveLength(2); // the confirmation, and the new account's welcome

    // Staff see it in the history, with counts and no personal data.
    const records = new Set([
      `USER:${parent.user.id}`,
      `APPLICATION:${mine.applicationId}`,
      `ORDER:${mine.orderId}`,
      `TEACHER_APPLICATION:${registration!.id}`,
    ]);
    const events = (await app.db.select().from(recordEvents)).filter((event) =>
      records.has(`${event.recordType}:${event.recordId}`),
    );
    const erased = events.find((event) => event.recordType === "USER" && event.kind === "ERASED")!;
    expect(erased.note).toBe(
      "Account erased at the owner's request: 1 application, 1 demo request, 1 teacher registration and 1 course like erased; 1 order kept without personal fields.",
    );
    expect(
      events
        .filter((event) => event.kind === "ANONYMISED")
        .map((event) => event.recordType)
        .sort(),
    ).toEqual(["APPLICATION", "ORDER", "TEACHER_APPLICATION"]);

    // Once the confirmation is delivered, its row forgets the address it went to.
    const [claimed] = (await app.services.mail.claim(50)).filter((mail) => mail.id === mails[0]!.id);
    expect(claimed!.toAddress).toBe(parent.email);
    await app.services.mail.markSent(claimed!.id);
    const [sent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, claimed!.id));
    expect(sent).toMatchObject({ status: "SENT", toAddress: `erased-mail-${claimed!.id}@invalid` });
    // Other mails keep theirs when sent (the new account's welcome).
    const [welcome] = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), eq(mailOutbox.kind, "welcome")));
    await app.services.mail.markSent(welcome!.id);
    const [welcomeSent] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, welcome!.id));
    expect(welcomeSent!.toAddress).toBe(parent.email);
    for (const event of events) expect(event.note ?? "").not.toMatch(/Meera|Asha|@example/);
    const page = await app.services.history.list({ page: 1 });
    expect(page.rows.some((row) => row.id === erased.id)).toBe(true);
    expect(page.rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(page.rows.at(-1)!.createdAt.getTime());
  });
});
