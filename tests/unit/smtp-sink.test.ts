import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.close());
beforeEach(async () => {
  sink.refuse(null);
  sink.delay(0);
  await sink.start();
});

/** One mail through a fresh nodemailer transport (a connection of its own, as the worker opens). */
function send(to: string, subject: string, extra: { messageId?: string; timeouts?: number } = {}) {
  const timeouts = extra.timeouts ?? 2_000;
  const transport = nodemailer.createTransport({
    url: sink.url,
    connectionTimeout: timeouts,
    greetingTimeout: timeouts,
    socketTimeout: timeouts,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return transport
    .sendMail({
      from: "School <office@zipat.example>",
      to,
      subject,
      text: `Hello.\nReset your password: https://zipat.example/reset?token=abc\n`,
      html: `<p>Hello <b>${subject}</b></p>`,
      messageId: extra.messageId,
    })
    .finally(() => transport.close());
}

describe("the SMTP sink", () => {
  it("keeps a mail sent with nodemailer, parsed", async () => {
    const messageId = "<first.1@zipat.example>";
    const info = await send("Parent.One@example.com", "Your application", { messageId });
    expect(info.messageId).toBe(messageId);
    const mail = await sink.waitFor((received) => received.messageId === messageId);
    expect(mail).toMatchObject({
      envelope: { from: "office@zipat.example", to: ["Parent.One@example.com"] },
      subject: "Your application",
      to: ["Parent.One@example.com"],
      messageId,
    });
    expect(mail.text).toContain("https://zipat.example/reset?token=abc");
    expect(mail.html).toContain("<b>Your application</b>");
    expect(mail.raw).toContain("Subject: Your application");
    expect(mail.parsed.from?.value[0]?.name).toBe("School");
    expect(mail.receivedAt).toBeInstanceOf(Date);
    expect(sink.mailsTo("parent.one@EXAMPLE.com")).toEqual([mail]);
    expect(sink.url).toBe(`smtp://127.0.0.1:${sink.port}`);
  });

  it("waitFor resolves with a mail that arrives later, and rejects naming what did arrive", async () => {
    const later = sink.waitFor((mail) => mail.subject === "Later");
    await send("late@example.com", "Later");
    expect((await later).to).toEqual(["late@example.com"]);
    await expect(sink.waitFor((mail) => mail.subject === "Never", 50)).rejects.toThrow(/"Later"/);
  });

  it("answers with the error it is told to, keeps nothing refused, and accepts again", async () => {
    const before = sink.mails.length;
    sink.refuse({ code: 451, message: "4.3.0 Try again later" });
    await expect(send("refused@example.com", "Refused")).rejects.toMatchObject({ responseCode: 451 });
    sink.refuse({ code: 550, message: "5.1.1 Mailbox unavailable" });
    await expect(send("refused@example.com", "Refused")).rejects.toMatchObject({
      responseCode: 550,
      message: expect.stringContaining("Mailbox unavailable"),
    });
    expect(sink.mails.length).toBe(before);
    sink.refuse(null);
    await send("refused@example.com", "Accepted");
    expect(sink.mailsTo("refused@example.com").map((mail) => mail.subject)).toEqual(["Accepted"]);
  });

  it("stopped, it refuses connections but keeps its mails; started, it takes mails on the same port", async () => {
    const { port, mails } = sink;
    const before = mails.length;
    await sink.stop();
    await sink.stop();
    // nodemailer reports a refused connection as ESOCKET with the system's words.
    await expect(send("down@example.com", "Down")).rejects.toMatchObject({
      code: "ESOCKET",
      message: expect.stringContaining("ECONNREFUSED"),
    });
    expect(sink.mails).toBe(mails);
    expect(sink.mails.length).toBe(before);
    await sink.start();
    await sink.start();
    await send("up@example.com", "Up again");
    expect(sink.port).toBe(port);
    expect(sink.mailsTo("up@example.com")).toHaveLength(1);
  });

  it("held too long, the client times out and the mail is not kept", async () => {
    // The hold is far longer than the client's patience: on a loaded machine a stalled event loop
    // can see the hold's timer and the client's hang-up in the same turn, timers first (a 600 ms
    // hold kept the mail once in a clean-clone CI run).
    const holdMs = 2_500;
    sink.delay(holdMs);
    await expect(send("slow@example.com", "Slow", { timeouts: 150 })).rejects.toMatchObject({
      code: "ETIMEDOUT",
    });
    sink.delay(0);
    await send("fast@example.com", "Fast");
    // Past the end of the hold: the session that timed out is gone, so was its mail.
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    expect(sink.mailsTo("slow@example.com")).toEqual([]);
    expect(sink.mailsTo("fast@example.com")).toHaveLength(1);
  });

  it("a short hold is only a wait", async () => {
    sink.delay(100);
    await send("held@example.com", "Held", { timeouts: 2_000 });
    expect(sink.mailsTo("held@example.com")).toHaveLength(1);
  });

  it("accepts any AUTH the client offers", async () => {
    const url = sink.url.replace("smtp://", "smtp://someone:secret@");
    const transport = nodemailer.createTransport(url);
    await transport.sendMail({
      from: "a@example.com",
      to: "authed@example.com",
      subject: "Authed",
      text: "x",
    });
    transport.close();
    expect(sink.mailsTo("authed@example.com")).toHaveLength(1);
  });

  it("stop() ends the session a pooled client keeps open, at once", async () => {
    const transport = nodemailer.createTransport({ url: sink.url, pool: true } as Parameters<
      typeof nodemailer.createTransport
    >[0]);
    const mail = { from: "a@example.com", to: "pooled@example.com", subject: "Pooled", text: "x" };
    await transport.sendMail(mail);
    const started = Date.now();
    await sink.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(transport.sendMail(mail)).rejects.toThrow();
    transport.close();
    expect(sink.mailsTo("pooled@example.com")).toHaveLength(1);
  });
});
