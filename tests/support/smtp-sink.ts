// The SMTP stand-in of the tests and of `npm run dev` (decision 0026): a real SMTP server
// (smtp-server) on 127.0.0.1 that keeps every mail it accepts, parsed by mailparser, and can be
// told to refuse, to be slow or to go away, so delivery is tested over the network as it runs.
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

export type ReceivedMail = {
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
  raw: string;
  messageId: string | undefined;
  subject: string;
  text: string;
  html: string;
  /** Addresses of the To header. */
  to: string[];
  receivedAt: Date;
};

export type SmtpSink = {
  /** "smtp://127.0.0.1:PORT", usable as SMTP_URL: no TLS, any AUTH (or none) is accepted. */
  url: string;
  port: number;
  /** Every accepted mail, in order. */
  mails: ReceivedMail[];
  /**
   * Resolves with the first mail (already received or arriving later) matching, or rejects after
   * timeoutMs (default 10 s) with a message listing the subjects received so far.
   */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to this recipient (case-insensitive), in the envelope or the To header. */
  mailsTo(address: string): ReceivedMail[];
  /**
   * From now on answer every message (at the end of DATA) with this SMTP error, e.g.
   * `{ code: 451, message: "try later" }` or `{ code: 550, message: "mailbox unavailable" }`; null
   * accepts again. A refused message is not kept.
   */
  refuse(error: { code: number; message: string } | null): void;
  /**
   * Hold each message this many ms before answering (to provoke a client timeout); 0 answers at
   * once. A message whose client has hung up by then is not kept: it never heard the answer.
   */
  delay(ms: number): void;
  /**
   * Stop listening (connections are refused) and end the open sessions (a 421 after 100 ms of
   * grace), keeping `mails`. Does nothing when stopped.
   */
  stop(): Promise<void>;
  /** Listen again on the same port. Does nothing when listening. */
  start(): Promise<void>;
  /** Stop for good: also rejects every waitFor still waiting. */
  close(): Promise<void>;
};

type Refusal = { code: number; message: string };
type Waiter = {
  match: (mail: ReceivedMail) => boolean;
  resolve(mail: ReceivedMail): void;
  reject(error: Error): void;
};
type Held = { timer: NodeJS.Timeout; drop(): void };

/** How long open sessions may finish after stop() before smtp-server ends them with a 421. */
const GRACE_MS = 100;
const HOST = "127.0.0.1";

/**
 * Starts the sink on 127.0.0.1: `port` 0 (the default) takes a free one; `onMail` is told of each
 * mail it keeps (dev/mail-sink.ts prints them).
 */
export async function startSmtpSink(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  // Messages answered later (delay), by session: a session that closes drops its message.
  const held = new Map<string, Held>();
  let refusal: Refusal | null = null;
  let delayMs = 0;

  // A closed SMTPServer cannot listen again (it answers 421 to every command once close() was
  // called), so each start() listens with a new one; the mails and settings are the sink's.
  const createServer = () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // smtp-server's documented way to end sessions still open after close(): a 421, then the end.
      closeTimeout: GRACE_MS,
      onAuth(_auth, _session, callback) {
        callback(null, { user: "any" });
      },
      onData(stream, session, callback) {
        readMessage(stream)
          .then(async (raw) => {
            const answer = refusal;
            const mail = await toReceivedMail(raw, session);
            const reply = () => {
              if (answer) {
                callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
                return;
              }
              accept(mail);
              callback(null, "OK: message queued");
            };
            if (delayMs <= 0) return reply();
            held.set(session.id, {
              timer: setTimeout(() => {
                held.delete(session.id);
                reply();
              }, delayMs),
              drop: () => callback(new Error("The client has gone")),
            });
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      },
      onClose(session) {
        const message = held.get(session.id);
        if (!message) return;
        held.delete(session.id);
        clearTimeout(message.timer);
        message.drop();
      },
    });
    // Connection errors (a client that times out and resets) are the clients' business, not ours.
    server.on("error", () => {});
    return server;
  };

  function accept(parsed: Omit<ReceivedMail, "receivedAt">) {
    const mail = { ...parsed, receivedAt: new Date() };
    mails.push(mail);
    options.onMail?.(mail);
    for (const waiter of waiters) {
      if (matches(waiter.match, mail)) {
        waiters.delete(waiter);
        waiter.resolve(mail);
      }
    }
  }

  let port = options.port ?? 0;
  let smtp: SMTPServer | undefined;
  async function start() {
    if (smtp) return;
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      server.once("error", failed);
      const listener = server.listen(port, HOST, () => {
        server.off("error", failed);
        port = (listener.address() as AddressInfo).port;
        resolve();
      });
    });
    smtp = server;
  }

  async function stop() {
    const server = smtp;
    if (!server) return;
    smtp = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  await start();
  const url = `smtp://${HOST}:${port}`;

  return {
    url,
    port,
    mails,
    waitFor(match, timeoutMs = 10_000) {
      const found = mails.find((mail) => matches(match, mail));
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const subjects = mails.map((mail) => JSON.stringify(mail.subject)).join(", ") || "none";
          reject(new Error(`No matching mail within ${timeoutMs} ms; received so far: ${subjects}`));
        }, timeoutMs);
        const waiter: Waiter = {
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    mailsTo(address) {
      const wanted = address.toLowerCase();
      return mails.filter((mail) =>
        [...mail.envelope.to, ...mail.to].some((recipient) => recipient.toLowerCase() === wanted),
      );
    },
    refuse(error) {
      refusal = error;
    },
    delay(ms) {
      delayMs = ms;
    },
    stop,
    start,
    async close() {
      await stop();
      for (const waiter of waiters) waiter.reject(new Error("The SMTP sink was closed"));
      waiters.clear();
    },
  };
}

function matches(match: (mail: ReceivedMail) => boolean, mail: ReceivedMail) {
  try {
    return match(mail);
  } catch {
    return false;
  }
}

async function readMessage(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function toReceivedMail(
  raw: Buffer,
  session: SMTPServerSession,
): Promise<Omit<ReceivedMail, "receivedAt">> {
  const parsed = await simpleParser(raw);
  const { mailFrom, rcptTo } = session.envelope;
  return {
    envelope: { from: mailFrom ? mailFrom.address : "", to: rcptTo.map((recipient) => recipient.address) },
    parsed,
    raw: raw.toString("utf8"),
    messageId: parsed.messageId,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: parsed.html || "",
    to: addresses(parsed.to),
  };
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const flatten = (list: AddressObject["value"]): string[] =>
    list.flatMap((entry) => [...(entry.address ? [entry.address] : []), ...flatten(entry.group ?? [])]);
  return [field ?? []].flat().flatMap((object) => flatten(object.value));
}
