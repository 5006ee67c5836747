import { and, eq } from "drizzle-orm";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationAnswer, demoAnswer, orderAnswer, paymentStepAnswer } from "~/api/schemas.server";
import { FORMS } from "~/domain/forms";
import { MESSAGES } from "~/domain/messages";
import { createLogger } from "~/server/logger.server";
import { VERIFY_LINK_HOURS } from "~/services/email-verification.server";
import { FAMILY_RECORDS_SHOWN, type FamilyRecords } from "~/services/family-records.server";
import { parseForm } from "~/services/validation";
import { z } from "zod";
import { applications, demoRequests, emailVerifications, mailOutbox, orders, users } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectOk, validApplication, validDemo, validEnrollment } from "./helpers";

/**
 * The parent's records (issue 18, decision 0028) at the service and API level: who owns a record
 * (the account signed in when it was sent, or the account whose verified address it was sent
 * from), the verification link the welcome mail carries and "Send the link again". The pages
 * (/profile, /verify-email) are walked in Chromium in tests/e2e/parent-profile.test.ts.
 */
let app: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  // Every log line the app writes (requests included), to prove no token is ever in one.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  app = await startTestApp({ logger: createLogger("debug", sink) });
});
afterAll(async () => {
  await app?.close();
});

let sequence = 0;
/** A fresh address nobody has used yet in this file's database. */
const freshEmail = (label = "parent") => {
  sequence += 1;
  return `${label}${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
};

async function register(email: string, name = "Asha Menon") {
  const { token, user } = await app.services.auth.register(
    parseForm(FORMS.register, { name, email, password: "correct horse battery" }),
  );
  return { token, user };
}

const VERIFY_LINK = /(\S+)\/verify-email\?token=([A-Za-z0-9_-]+)/;

/** The verification link of the newest mail of `kind` to the address, as the worker will send it. */
async function newestLink(email: string, kind: "welcome" | "verifyEmail" = "welcome") {
  const mails = await app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);
  const mail = mails.at(-1);
  expect(mail, `a ${kind} mail to ${email}`).toBeDefined();
  const match = VERIFY_LINK.exec((await app.services.mail.draw(mail!)).text);
  expect(match, "a verification link in the mail's text").not.toBeNull();
  return { url: match![0], token: match![2]!, mail: mail! };
}

const records = async (userId: number) => (await app.services.familyRecords.forUser(userId))!;
const verify = (token: string) => app.services.emailVerification.verify(token);

const sendApplication = (email: string, token?: string, studentName = "Aarav Menon") =>
  app.api("/applications", { json: { ...validApplication(), studentName, email }, token });
const sendDemo = (email: string, token?: string, studentName = "Aarav Menon") =>
  app.api("/demos", { json: { ...validDemo(), studentName, email }, token });
const sendEnrollment = (email: string, token?: string, studentName = "Aarav Menon") =>
  app.api("/tuition/create-order", { json: { ...validEnrollment(), studentName, email }, token });

/** The students named in each kind of the account's records, newest first. */
const studentsOf = (shown: FamilyRecords) => ({
  applications: shown.applications.rows.map((row) => row.studentName),
  demos: shown.demos.rows.map((row) => row.studentName),
  orders: shown.orders.rows.map((row) => row.studentName),
});
const none = { applications: [], demos: [], orders: [] };

describe("the verification link", () => {
  it("comes in the welcome mail, the one mail of a registration; only its hash is stored", async () => {
    const email = freshEmail();
    const { user } = await register(email);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.about, `user:${user.id}`));
    expect(mails.map((mail) => mail.kind)).toEqual(["welcome"]);
    const { url, token, mail } = await newestLink(email);
    expect(url).toBe(`http://localhost:3000/verify-email?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { html, text } = await app.services.mail.draw(mail);
    expect(html).toContain(url);
    expect(text).toContain(`${VERIFY_LINK_HOURS} hours`);
    // The admin preview hides it, as it hides a reset link.
    const preview = await app.services.mail.get(mail.id);
    expect(preview.html).not.toContain(token);
    expect(preview.text).not.toContain(token);

    const rows = await app.db.select().from(emailVerifications).where(eq(emailVerifications.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.email).toBe(email);
    const validFor = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(Math.abs(validFor - VERIFY_LINK_HOURS * 3_600_000)).toBeLessThan(5_000);
    const [account] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.emailVerifiedAt).toBeNull();
    expect((await records(user.id)).verified).toBe(false);
  });

  it("verifies its own account once; a second click changes nothing and says so", async () => {
    const email = freshEmail();
    const { user } = await register(email);
    const { token } = await newestLink(email);
    expect(await verify(token)).toEqual({ outcome: "verified", userId: user.id, email });
    const [account] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(account!.emailVerifiedAt).toBeInstanceOf(Date);
    const [row] = await app.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user.id));
    expect(row!.usedAt).toBeInstanceOf(Date);
    expect((await records(user.id)).verified).toBe(true);

    // Followed again (or first by a mail scanner): already verified, the same time kept.
    expect(await verify(token)).toEqual({ outcome: "alreadyVerified", userId: user.id, email });
    const [again] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.emailVerifiedAt).toEqual(account!.emailVerifiedAt);
  });

  it("refuses unknown, tampered, expired and replaced links, and verifies nothing with them", async () => {
    const email = freshEmail();
    const { user } = await register(email);
    const { token } = await newestLink(email);
    expect(await verify("")).toEqual({ outcome: "invalid" });
    expect(await verify("x".repeat(43))).toEqual({ outcome: "invalid" });
    expect(await verify(`${token}x`)).toEqual({ outcome: "invalid" });
    expect(await verify("y".repeat(5_000))).toEqual({ outcome: "invalid" });

    // Expired.
    await app.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailVerifications.userId, user.id));
    expect(await verify(token)).toEqual({ outcome: "invalid" });
    expect((await records(user.id)).verified).toBe(false);

    // Replaced: a newer link voids the older one, even before it expires.
    await app.db
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000), expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(emailVerifications.userId, user.id));
    expect(await app.services.emailVerification.sendLink(user.id)).toEqual({ sent: true });
    const newer = await newestLink(email, "verifyEmail");
    expect(newer.token).not.toBe(token);
    expect(await verify(token)).toEqual({ outcome: "invalid" });
    expect((await records(user.id)).verified).toBe(false);
    expect((await verify(newer.token)).outcome).toBe("verified");
  });

  it("verifies only the account it was made for, whoever follows it", async () => {
    const first = freshEmail();
    const second = freshEmail();
    const a = await register(first, "Account A");
    const b = await register(second, "Account B");
    const linkOfA = await newestLink(first);
    expect(await verify(linkOfA.token)).toEqual({ outcome: "verified", userId: a.user.id, email: first });
    expect((await records(a.user.id)).verified).toBe(true);
    expect((await records(b.user.id)).verified).toBe(false);
    // A link whose address is no longer the account's (the row says where it was sent) verifies nothing.
    const linkOfB = await newestLink(second);
    await app.db
      .update(emailVerifications)
      .set({ email: "someone-else@example.com" })
      .where(eq(emailVerifications.userId, b.user.id));
    expect(await verify(linkOfB.token)).toEqual({ outcome: "invalid" });
    expect((await records(b.user.id)).verified).toBe(false);
  });

  it("'Send the link again': one a minute, five an hour, with a message saying so; nothing once verified", async () => {
    const email = freshEmail();
    const { user } = await register(email);
    const send = () => app.services.emailVerification.sendLink(user.id);
    const ageLinks = () =>
      app.db
        .update(emailVerifications)
        .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(emailVerifications.userId, user.id));
    const verifyMails = async () =>
      (
        await app.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.about, `user:${user.id}`), eq(mailOutbox.kind, "verifyEmail")))
      ).length;

    // The welcome mail's link was sent a moment ago.
    await expect(send()).rejects.toMatchObject({ status: 429, message: MESSAGES.verifyEmail.tooSoon });
    expect(await verifyMails()).toBe(0);
    for (let sent = 1; sent <= 4; sent += 1) {
      await ageLinks();
      await expect(send()).resolves.toEqual({ sent: true });
      expect(await verifyMails()).toBe(sent);
    }
    await ageLinks();
    await expect(send()).rejects.toMatchObject({ status: 429, message: MESSAGES.verifyEmail.tooMany });
    expect(await verifyMails()).toBe(4);
    // Only the newest link is unused.
    const unused = await app.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, user.id));
    expect(unused.filter((row) => row.usedAt === null)).toHaveLength(1);

    const { token } = await newestLink(email, "verifyEmail");
    expect((await verify(token)).outcome).toBe("verified");
    await app.db.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
    await expect(send()).resolves.toEqual({ sent: false });
    expect(await verifyMails()).toBe(4);
  });

  it("two clicks at once send one link", async () => {
    const email = freshEmail();
    const { user } = await register(email);
    await app.db
      .update(emailVerifications)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(emailVerifications.userId, user.id));
    const results = await Promise.allSettled([
      app.services.emailVerification.sendLink(user.id),
      app.services.emailVerification.sendLink(user.id),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected")).toHaveLength(1);
  });

  it("is never written to the log, nor is any other token", async () => {
    const email = freshEmail();
    await register(email);
    const { token } = await newestLink(email);
    // A request that carries it, as a page would be asked for it.
    await fetch(`${app.baseUrl}/verify-email?token=${token}`);
    await fetch(`${app.baseUrl}/api/health?token=${token}`);
    await expect.poll(() => logLines.join("\n")).toContain("/api/health?token=");

    expect(logLines.join("\n")).not.toContain(token);
  });
});

describe("whose records a profile shows", () => {
  it("signed out under its address: nothing until the address is verified, then all of them", async () => {
    const email = freshEmail();
    // Sent before the account existed, in another letter case.
    expect((await sendApplication(email.toUpperCase(), undefined, "Before Signup")).status).toBe(201);
    expect((await sendDemo(email, undefined, "Before Signup")).status).toBe(201);
    expect((await sendEnrollment(email, undefined, "Before Signup")).status).toBe(201);

    const { user, token: session } = await register(email);
    expect(studentsOf(await records(user.id))).toEqual(none);
    // Signed out after signing up: still not shown before verification.
    expect((await sendDemo(email, undefined, "Signed Out Later")).status).toBe(201);
    expect(studentsOf(await records(user.id))).toEqual(none);
    // Sent while signed in: the account's own, shown at once.
    expect((await sendApplication(email, session, "Signed In")).status).toBe(201);
    expect(studentsOf(await records(user.id))).toEqual({
      applications: ["Signed In"],
      demos: [],
      orders: [],
    });

    expect((await verify((await newestLink(email)).token)).outcome).toBe("verified");
    expect(studentsOf(await records(user.id))).toEqual({
      applications: ["Signed In", "Before Signup"],
      demos: ["Signed Out Later", "Before Signup"],
      orders: ["Before Signup"],
    });
  });

  it("an account registered in another letter case sees the address's records only once verified", async () => {
    const email = freshEmail("MixedCase");
    expect((await sendApplication(email.toLowerCase(), undefined, "Lower Case")).status).toBe(201);
    const { user } = await register(email.toUpperCase());
    expect(studentsOf(await records(user.id)).applications).toEqual([]);
    expect((await verify((await newestLink(email)).token)).outcome).toBe("verified");
    expect(studentsOf(await records(user.id)).applications).toEqual(["Lower Case"]);
  });

  it("account A never sees B's records, whatever address either typed", async () => {
    const emailA = freshEmail("a");
    const emailB = freshEmail("b");
    const a = await register(emailA, "Parent A");
    const b = await register(emailB, "Parent B");
    for (const { email } of [{ email: emailA }, { email: emailB }])
      expect((await verify((await newestLink(email)).token)).outcome).toBe("verified");

    // B's own: signed in as B, under B's address or any other that is not A's.
    expect((await sendApplication(emailB, b.token, "Child B")).status).toBe(201);
    expect((await sendDemo("grandma@example.com", b.token, "Child B")).status).toBe(201);
    expect((await sendEnrollment(emailB, undefined, "Child B")).status).toBe(201);
    // A's own.
    expect((await sendApplication(emailA, a.token, "Child A")).status).toBe(201);

    expect(studentsOf(await records(a.user.id))).toEqual({
      applications: ["Child A"],
      demos: [],
      orders: [],
    });
    expect(studentsOf(await records(b.user.id))).toEqual({
      applications: ["Child B"],
      demos: ["Child B"],
      orders: ["Child B"],
    });
    // A bearer token that is not valid sends as anyone: nobody's record.
    expect((await sendDemo("nobody@example.com", "not-a-token", "Anonymous")).status).toBe(201);
    const [anonymous] = await app.db
      .select()
      .from(demoRequests)
      .where(eq(demoRequests.studentName, "Anonymous"));
    expect(anonymous!.userId).toBeNull();
  });

  it("an unverified account holding someone's address sees none of that family's records", async () => {
    const victim = freshEmail("family");
    expect((await sendApplication(victim, undefined, "Their Child")).status).toBe(201);
    expect((await sendEnrollment(victim, undefined, "Their Child")).status).toBe(201);
    // Someone signs up with that address, and can never follow the link mailed to it.
    const { user, token } = await register(victim, "Not The Parent");
    expect(studentsOf(await records(user.id))).toEqual(none);
    // Their own, sent signed in, are theirs.
    expect((await sendDemo("me@example.com", token, "My Child")).status).toBe(201);
    expect(studentsOf(await records(user.id))).toEqual({ applications: [], demos: ["My Child"], orders: [] });
  });

  it("stores the signed-in account on what the API and services create, and keeps it out of the answers", async () => {
    const email = freshEmail();
    const { user, token } = await register(email);
    const application = expectOk(
      await sendApplication("other@example.com", token, "Owned"),
      201,
      applicationAnswer,
    );
    const demo = expectOk(await sendDemo("other@example.com", token, "Owned"), 201, demoAnswer);
    const enrolled = expectOk(
      await sendEnrollment("other@example.com", token, "Owned"),
      201,
      z.object({ order: orderAnswer, payment: paymentStepAnswer }),
    );
    const [storedApplication] = await app.db
      .select()
      .from(applications)
      .where(eq(applications.id, application.id));
    const [storedDemo] = await app.db.select().from(demoRequests).where(eq(demoRequests.id, demo.id));
    const [storedOrder] = await app.db.select().from(orders).where(eq(orders.id, enrolled.order.id));
    expect([storedApplication!.userId, storedDemo!.userId, storedOrder!.userId]).toEqual([
      user.id,
      user.id,
      user.id,
    ]);
    // Signed out: no account.
    const anonymous = expectOk(await sendApplication(email, undefined, "Nobody's"), 201, applicationAnswer);
    const [stored] = await app.db.select().from(applications).where(eq(applications.id, anonymous.id));
    expect(stored!.userId).toBeNull();
    // What pages call: the services take the account the same way.
    const viaService = await app.services.demos.create(
      parseForm(FORMS.demo, { ...validDemo(), email: "x@example.com", studentName: "Page" }),
      { userId: user.id },
    );
    expect(viaService).not.toHaveProperty("userId");
    expect(studentsOf(await records(user.id)).demos).toEqual(["Page", "Owned"]);
  });

  it("each record has what the profile shows: statuses as they are today, pay and receipt links by status", async () => {
    const email = freshEmail();
    const { user, token } = await register(email);
    const application = expectOk(await sendApplication(email, token, "Status Child"), 201, applicationAnswer);
    await app.services.applications.updateStatus(application.id, { status: "APPROVED" });
    const { order } = (await sendEnrollment(email, token, "Status Child")).body as { order: { id: string } };
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).toBe("PAID");

    let shown = await records(user.id);
    expect(shown.applications.rows[0]).toMatchObject({
      studentName: "Status Child",
      grade: "Grade 2",
      status: "APPROVED",
    });
    expect(shown.applications.rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(shown.orders.rows[0]).toEqual({
      id: order.id,
      studentName: "Status Child",
      grade: "Grade 5",
      amount: paid!.amount,
      status: "PAID",
      createdAt: paid!.createdAt,
      paidAt: paid!.paidAt,
      payPath: null,
      receiptPath: `/receipt/${paid!.linkToken}`,
    });

    for (const [status, pay, receipt] of [
      ["CREATED", true, false],
      ["FAILED", true, false],
      ["PARTIALLY_REFUNDED", false, true],
      ["REFUNDED", false, true],
    ] as const) {
      await app.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      shown = await records(user.id);
      expect(shown.orders.rows[0], status).toMatchObject({
        status,
        payPath: pay ? `/pay/${paid!.linkToken}` : null,
        receiptPath: receipt ? `/receipt/${paid!.linkToken}` : null,
      });
    }
  });

  it(`lists the newest ${FAMILY_RECORDS_SHOWN} of a kind and says there are more`, async () => {
    const email = freshEmail();
    const { user } = await register(email);
    const base = Date.now() - 86_400_000;
    await app.db.insert(demoRequests).values(
      Array.from({ length: FAMILY_RECORDS_SHOWN + 2 }, (_, index) => ({
        ...validDemo(),
        grade: "Kindergarten" as const,
        mobile: "+919123456789",
        studentName: `Child ${index}`,
        userId: user.id,
        createdAt: new Date(base + index * 1_000),
      })),
    );
    const shown = await records(user.id);
    expect(shown.demos.rows).toHaveLength(FAMILY_RECORDS_SHOWN);
    expect(shown.demos.more).toBe(true);
    expect(shown.demos.rows[0]!.studentName).toBe(`Child ${FAMILY_RECORDS_SHOWN + 1}`);
    expect(shown.applications.more).toBe(false);
  });

  it("an account that no longer exists has no records", async () => {
    expect(await app.services.familyRecords.forUser(2_000_000_000)).toBeNull();
  });

  it("the profile's reads, from the session's account on, leave the public pages' data stored", async () => {
    const email = freshEmail();
    const { token } = await register(email);
    await app.api("/applications", { json: { ...validApplication(), email }, token });
    const emptied: unknown[] = [];
    app.services.publicData.onInvalidate((topics) => emptied.push(topics));

    const account = await app.services.auth.session(token);
    expect(account?.owner).toEqual({ id: account!.user.id, email, verified: false });
    expect(await app.services.auth.authenticate(token)).toEqual(account!.user);
    const [records] = await Promise.all([
      app.services.familyRecords.forOwner(account!.owner),
      app.services.offers.forOwner(account!.owner),
      app.services.offers.forUser(account!.user.id),
      app.services.updatePreferences.forOwner(account!.owner),
    ]);
    expect(records.applications.rows).toHaveLength(1);
    // Reads: the fees and seats (and every other topic) kept for the next visitor.
    expect(emptied).toEqual([]);
  });
});
