import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "../support/app";
import { CONSENT_FIELDS } from "../support/forms";
import { startServer, type RunningServer } from "../support/server";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const application = (parent: string) => ({
  studentName: "Aarav Sharma",
  dob: "2019-04-12",
  grade: "Grade 1",
  parentName: "Priya Sharma",
  mobile: "9876543210",
  email: parent,
  ...CONSENT_FIELDS,
});

/**
 * The server process and its mail: without SMTP_URL mails are kept, not dropped; a server killed
 * (SIGKILL) after the commit and before the send leaves its mails to the next start; each goes
 * out exactly once. No browser: the pages that show mails have their own journeys.
 */
describe("mail across restarts of the server process", () => {
  let sink: SmtpSink;
  let first: RunningServer | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    await sink.stop();
  });
  afterAll(async () => {
    await first?.dispose();
    await sink?.close();
  });

  it("keeps mails without SMTP_URL, survives a kill between commit and send, and sends each once when SMTP is back", async () => {
    first = await startServer();
    expect(first.output()).toContain("Mail is not sent: SMTP_URL is not set.");
    const kept = await callApi(first.url, "/applications", { json: application("kept@example.com") });
    expect(kept.status).toBe(201);
    await first.stop("SIGKILL");

    // SMTP configured but down: the application is acknowledged at once; the process then dies.
    const second = await startServer({
      reuse: first,
      env: { SMTP_URL: sink.url, MAIL_RETRY_SECONDS: "1" },
    });
    expect(second.output()).not.toContain("Mail is not sent");
    const started = Date.now();
    const acknowledged = await callApi(second.url, "/applications", {
      json: application("crash@example.com"),
    });
    expect(acknowledged.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(5_000);
    await second.stop("SIGKILL");

    await sink.start();
    const third = await startServer({ reuse: first, env: { SMTP_URL: sink.url, MAIL_RETRY_SECONDS: "1" } });
    try {
      for (const parent of ["kept@example.com", "crash@example.com"]) {
        const mail = await sink.waitFor((received) => received.to.includes(parent), 20_000);
        expect(mail.subject).toContain("Aarav");
      }
      const staff = (await sink.waitFor((received) => received.subject.includes("New application"), 20_000))
        .to;
      const toStaff = () => sink.mails.filter((mail) => mail.to.join() === staff.join());
      // Both staff mails: the second may still be waiting out its retry delay on a busy machine.
      await expect.poll(() => toStaff().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      // Give a duplicate time to show up, then count: two applications, two mails each.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(sink.mailsTo("kept@example.com")).toHaveLength(1);
      expect(sink.mailsTo("crash@example.com")).toHaveLength(1);
      expect(toStaff()).toHaveLength(2);
      expect(new Set(sink.mails.map((mail) => mail.messageId)).size).toBe(sink.mails.length);
    } finally {
      await third.stop();
    }
  });
});
