import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "~/server/logger.server";
import { DEFAULT_RETRY } from "~/domain/settings";
import { retryDelayMs, type MailRequest } from "~/services/mail/outbox.server";
import { createSmtpSender } from "~/services/mail/smtp.server";
import { startMailWorker, type MailWorker } from "~/services/mail/worker.server";
import { applications, mailOutbox } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { validApplication, validDemo } from "./helpers";

const RETRY = { ...DEFAULT_RETRY, maxAttempts: 3, firstRetryMs: 50, maxRetryMs: 200, leaseMs: 60_000 };
const STAFF = "office@zipat.example";
const FROM = { name: "Zipat Online School", address: "office@zipat.example" };

let app: TestApp;
let sink: SmtpSink;
const workers: MailWorker[] = [];

beforeAll(async () => {
  [app, sink] = await Promise.all([
    startTestApp({ mail: { staffEmail: STAFF, retry: RETRY, delivering: true } }),
    startSmtpSink(),
  ]);
  await app.services.details.update({
    address: "12 MG Road, Bengaluru",
    email: FROM.address,
    phone: "+91 80 1234 5678",
  });
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await Promise.all([app?.close(), sink?.close()]);
});
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await app.db.delete(mailOutbox);
  sink.refuse(null);
  sink.delay(0);
  await sink.start();
});

function startWorker(timeouts?: Parameters<typeof createSmtpSender>[1]) {
  const worker = startMailWorker({
    outbox: app.services.mail,
    sender: createSmtpSender(sink.url, timeouts),
    from: async () => FROM,
    logger: createLogger("silent"),
    pollMs: 25,
  });
  workers.push(worker);
  return worker;
}

const rows = () => app.db.select().from(mailOutbox).orderBy(mailOutbox.id);
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const allSettled = (mails: { status: string }[]) =>
  mails.every((m) => m.status === "SENT" || m.status === "FAILED");
const application = (parentEmail: string, overrides: Record<string, string> = {}) => ({
  ...validApplication(),
  email: parentEmail,
  ...overrides,
});

describe("queued with the record, in one transaction", () => {
  it("a stored application has its two mails: the family's and the staff's", async () => {
    const created = await app.services.applications.create(application("parent.one@example.com") as never);
    const queued = await rows();
    expect(queued.map((row) => [row.kind, row.toAddress, row.about, row.status])).toEqual([
      ["applicationReceived", "parent.one@example.com", `application:${created.id}`, "QUEUED"],
      ["staffNewApplication", STAFF, `application:${created.id}`, "QUEUED"],
    ]);
    expect(queued[0]!.subject).toContain(created.studentName.split(" ")[0]);
    expect(queued[0]!.data).toMatchObject({ studentName: created.studentName, applicationId: created.id });
    const drawn = await app.services.mail.get(queued[0]!.id);
    expect(drawn.text).toContain(created.studentName);
    expect(drawn.html).toContain("12 MG Road, Bengaluru");
    expect(new Set(queued.map((row) => row.messageId)).size).toBe(2);
  });

  it("a rolled-back record leaves no mail behind", async () => {
    const writer = await app.services.mail.prepare();
    const before = (await app.db.select().from(applications)).length;
    await expect(
      app.db.transaction(async (tx) => {
        await tx.insert(applications).values(application("rolled.back@example.com") as never);
        await writer.queue(tx, {
          kind: "welcome",
          to: "rolled.back@example.com",
          data: { name: "Rolled Back", email: "rolled.back@example.com" },
        });
        throw new Error("the request failed after both writes");
      }),
    ).rejects.toThrow("the request failed");
    expect(await rows()).toEqual([]);
    expect((await app.db.select().from(applications)).length).toBe(before);
  });

  it("a payment's time survives the JSON it is stored in", async () => {
    const writer = await app.services.mail.prepare();
    await writer.queue(app.db, {
      kind: "passwordChanged",
      to: "times@example.com",
      data: { name: "Asha", changedAt: new Date("2026-11-25T10:35:00Z") },
    });
    const [row] = await rows();
    expect((await app.services.mail.get(row!.id)).html).toContain("25 November 2026, 4:05 pm IST");
  });

  it("demo requests, sign-ups and payments queue theirs", async () => {
    const demo = await app.services.demos.create({ ...validDemo(), mobile: "+919123456789" } as never);
    const { user } = await app.services.auth.register({
      name: "Priya Nair",
      email: "priya.nair@example.com",
      password: "a long enough password",
    });
    const { order } = await app.services.orders.createOrder({
      studentName: "Kabir Nair",
      parentName: "Priya Nair",
      grade: "Grade 1",
      email: "priya.nair@example.com",
      mobile: "9876543210",
    } as never);
    const queued = await rows();
    expect(queued.find((row) => row.kind === "staffNewDemo")!.data).toMatchObject({ demoId: demo.id });
    const kinds = queued.map((row) => [row.kind, row.about]);
    expect(kinds).toEqual([
      ["demoBooked", `demo:${demo.id}`],
      ["staffNewDemo", `demo:${demo.id}`],
      ["welcome", `user:${user.id}`],
      ["paymentReceived", `order:${order.id}`],
      ["staffPaymentReceived", `order:${order.id}`],
    ]);
  });
});

describe("delivery over SMTP", () => {
  it("sends each mail with its stored Message-ID and marks it SENT", async () => {
    await app.services.applications.create(application("parent.two@example.com") as never);
    startWorker();
    const sent = await until(rows, (mails) => mails.length === 2 && mails.every((m) => m.status === "SENT"));
    const received = await sink.waitFor((mail) => mail.to.includes("parent.two@example.com"));
    expect(received.messageId).toBe(sent[0]!.messageId);
    expect(received.subject).toBe(sent[0]!.subject);
    expect(received.text).toContain("Asha Verma");
    expect(received.html).toContain("Asha Verma");
    expect(received.envelope.from).toBe(FROM.address);
    expect(sent.every((m) => m.attempts === 1 && m.sentAt && !m.lastError)).toBe(true);
  });

  it("a password reset link goes out in the mail and is then removed from the outbox", async () => {
    const writer = await app.services.mail.prepare();
    const resetUrl = "http://localhost:3000/reset-password?token=" + "a".repeat(43);
    await writer.queue(app.db, {
      kind: "passwordReset",
      to: "reset.me@example.com",
      data: { name: "Asha", resetUrl, validMinutes: 60 },
    });
    startWorker();
    const [sent] = await until(rows, (mails) => mails[0]?.status === "SENT");
    expect((await sink.waitFor((mail) => mail.to.includes("reset.me@example.com"))).text).toContain(resetUrl);
    expect(sent!.data).toEqual({ name: "Asha", validMinutes: 60 });
  });

  it("SMTP down: the application is stored at once, the mail waits and goes out when SMTP is back", async () => {
    await sink.stop();
    const worker = startWorker();
    const created = await app.services.applications.create(application("parent.three@example.com") as never);
    expect(created.id).toBeGreaterThan(0);
    // Tried and refused, not sent. The test's policy (3 attempts, 50-200 ms apart) can run out
    // before a busy machine polls again, so waiting and given up both prove the point.
    await until(
      rows,
      (mails) => mails.length === 2 && mails.every((m) => m.attempts >= 1 && m.status !== "SENT"),
    );
    await worker.stop(); // no attempt in flight from here on
    const waiting = await rows();
    expect(waiting.map((m) => m.status).every((status) => status === "QUEUED" || status === "FAILED")).toBe(
      true,
    );
    expect(waiting[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Give the policy room again, as a real policy has for a longer outage, then bring SMTP back.
    await app.db.update(mailOutbox).set({ attempts: 0, status: "QUEUED", nextAttemptAt: new Date() });
    await sink.start();
    startWorker();
    await until(rows, (mails) => mails.every((m) => m.status === "SENT"));
    await sink.waitFor((mail) => mail.to.includes("parent.three@example.com"));
  });

  it("a temporary refusal (4xx) is retried; a permanent one (5xx) fails at once with the server's words", async () => {
    sink.refuse({ code: 451, message: "4.3.0 Try again later" });
    startWorker();
    await app.services.applications.create(application("parent.four@example.com") as never);
    const retried = await until(rows, (mails) => mails.some((m) => m.attempts >= 2));
    expect(retried.every((m) => m.status !== "SENT")).toBe(true);
    expect(retried[0]!.lastError).toContain("451");
    sink.refuse({ code: 550, message: "5.1.1 Mailbox unavailable" });
    const failed = await until(rows, allSettled);
    expect(failed.map((m) => m.status)).toEqual(["FAILED", "FAILED"]);
    expect(failed[0]!.lastError).toContain("550");
  });

  it("gives up after the set number of attempts, and 'Send again' queues it afresh", async () => {
    sink.refuse({ code: 421, message: "4.7.0 Service not available" });
    startWorker();
    await app.services.applications.create(application("parent.five@example.com") as never);
    const failed = await until(rows, allSettled);
    expect(failed.map((m) => [m.status, m.attempts])).toEqual([
      ["FAILED", RETRY.maxAttempts],
      ["FAILED", RETRY.maxAttempts],
    ]);
    sink.refuse(null);
    const again = await app.services.mail.resend(failed[0]!.id);
    expect(again).toMatchObject({ status: "QUEUED", attempts: 0 });
    await until(rows, (mails) => mails[0]!.status === "SENT");
    await sink.waitFor((mail) => mail.to.includes("parent.five@example.com"));
    // A mail that did not fail is left as it is.
    expect((await app.services.mail.resend(failed[0]!.id)).status).toBe("SENT");
  });

  it("a malformed address stored long ago fails with its reason and does not hold up the others", async () => {
    const writer = await app.services.mail.prepare();
    const welcome = (to: string): MailRequest => ({
      kind: "welcome",
      to,
      data: { name: "Old Record", email: to },
    });
    await writer.queue(app.db, welcome("not an address@@example"), welcome("fine.address@example.com"));
    startWorker();
    const settled = await until(rows, allSettled);
    expect(settled.map((m) => m.status)).toEqual(["FAILED", "SENT"]);
    expect(settled[0]!.lastError).toBe('"not an address@@example" is not a valid e-mail address.');
    expect(settled[0]!.attempts).toBe(1);
  });

  it("a name with a line break cannot add headers or recipients", async () => {
    const writer = await app.services.mail.prepare();
    await writer.queue(app.db, {
      kind: "applicationReceived",
      to: "parent.six@example.com",
      data: {
        parentName: "Ravi\r\nBcc: thief@evil.example",
        studentName: "Asha\nX-Evil: 1",
        grade: "Grade 2",
        applicationId: 7,
      },
    });
    startWorker();
    await until(rows, allSettled);
    const received = await sink.waitFor((mail) => mail.to.includes("parent.six@example.com"));
    expect(received.envelope.to).toEqual(["parent.six@example.com"]);
    expect(received.parsed.headers.has("bcc")).toBe(false);
    expect(received.parsed.headers.has("x-evil")).toBe(false);
    expect(received.subject).not.toMatch(/[\r\n]/);
  });

  it("a server that stops answering times the attempt out instead of hanging", async () => {
    sink.delay(5_000);
    startWorker({ connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 });
    await app.services.applications.create(application("parent.seven@example.com") as never);
    const timedOut = await until(rows, (mails) => mails.some((m) => m.lastError !== null), 8_000);
    expect(timedOut.find((m) => m.lastError)!.lastError).toMatch(/timeout|timed out/i);
  });
});

describe("restarts and several instances", () => {
  it("a mail queued before a crash is sent by the next start, and one whose attempt died with its instance is taken over after the lease", async () => {
    // Nothing delivers: the process "crashed" right after the commit.
    await app.services.applications.create(application("parent.eight@example.com") as never);
    // An attempt that was under way when its instance died: SENDING with a lease that ran out.
    await app.db.execute(
      sql`update ${mailOutbox} set status = 'SENDING', attempts = 1, locked_until = now() - interval '1 second' where kind = 'staffNewApplication'`,
    );
    startWorker();
    const sent = await until(rows, (mails) => mails.every((m) => m.status === "SENT"));
    expect(sent.map((m) => m.attempts)).toEqual([1, 2]);
  });

  it("a held lease is respected: another worker does not send a mail under way", async () => {
    await app.services.applications.create(application("parent.nine@example.com") as never);
    await app.db.execute(
      sql`update ${mailOutbox} set status = 'SENDING', attempts = 1, locked_until = now() + interval '1 minute' where kind = 'staffNewApplication'`,
    );
    startWorker();
    await until(rows, (mails) => mails[0]!.status === "SENT");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [, held] = await rows();
    expect(held!.status).toBe("SENDING");
    expect(sink.mailsTo(STAFF).filter((mail) => mail.messageId === held!.messageId)).toEqual([]);
  });

  it("two workers on one database send each of 40 mails exactly once", async () => {
    const writer = await app.services.mail.prepare();
    const requests: MailRequest[] = Array.from({ length: 40 }, (_, i) => ({
      kind: "welcome",
      to: `twins${i}@example.com`,
      data: { name: `Twin ${i}`, email: `twins${i}@example.com` },
    }));
    await writer.queue(app.db, ...requests);
    const before = sink.mails.length;
    startWorker();
    startWorker();
    const sent = await until(rows, (mails) => mails.every((m) => m.status === "SENT"), 20_000);
    const ids = new Set(sent.map((m) => m.messageId));
    const received = sink.mails.slice(before).filter((mail) => ids.has(mail.messageId ?? ""));
    expect(received).toHaveLength(40);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(40);
    expect(sent.every((m) => m.attempts === 1)).toBe(true);
  });
});

describe("retry policy", () => {
  it("waits exponentially longer, with jitter, up to the ceiling", () => {
    const policy = { ...DEFAULT_RETRY, firstRetryMs: 1_000, maxRetryMs: 60_000 };
    expect(retryDelayMs(1, policy, () => 0)).toBe(500);
    expect(retryDelayMs(1, policy, () => 1)).toBe(1_000);
    expect(retryDelayMs(3, policy, () => 1)).toBe(4_000);
    expect(retryDelayMs(3, policy, () => 0.5)).toBe(3_000);
    expect(retryDelayMs(20, policy, () => 1)).toBe(60_000);
  });

  it("reads the mails for the admin screen, newest first, with a 404 for a missing one", async () => {
    await app.services.applications.create(application("parent.ten@example.com") as never);
    const page = await app.services.mail.listPage({});
    expect(page.total).toBe(2);
    expect(page.rows[0]!.kind).toBe("staffNewApplication");
    const full = await app.services.mail.get(page.rows[1]!.id);
    expect(full.html).toMatch(/^<!doctype html>/i);
    await expect(app.services.mail.get(999_999)).rejects.toMatchObject({
      status: 404,
      message: "Mail not found.",
    });
    expect(await app.services.mail.count("QUEUED")).toBe(2);
    expect((await app.db.select().from(mailOutbox).where(eq(mailOutbox.status, "SENT"))).length).toBe(0);
  });
});
