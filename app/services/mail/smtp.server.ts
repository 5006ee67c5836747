import nodemailer from "nodemailer";
import type { OutgoingMail } from "./outbox.server";

/** Why an attempt failed, and whether trying again could help. */
type DeliveryFailure = { reason: string; permanent: boolean };

/** MAIL_FROM as given, or the school's name and contact address. */
export type MailFrom = string | { name: string; address: string };

/** Sends one mail; answers null when the SMTP server accepted it, the failure otherwise. */
export type MailSender = {
  send(mail: OutgoingMail, from: MailFrom): Promise<DeliveryFailure | null>;
  close(): void;
};

/**
 * A plain address: one @, no spaces, no list or display-name syntax. Checked before every attempt
 * so an address stored long ago that no server could take fails with its own reason at once.
 */
const PLAIN_ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

/** How long one attempt may take at most (connect + greeting + a quiet socket). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Delivery over SMTP with nodemailer (SMTP_URL: `smtp://user:pass@host:587`, `smtps://…`), through
 * a small pool of connections so a queue drains without a handshake per mail.
 */
export function createSmtpSender(url: string, timeouts: typeof SMTP_TIMEOUTS = SMTP_TIMEOUTS): MailSender {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 4,
    ...timeouts,
  });

  return {
    async send(mail, from) {
      if (!PLAIN_ADDRESS.test(mail.toAddress)) {
        return { reason: `"${mail.toAddress}" is not a valid e-mail address.`, permanent: true };
      }
      try {
        await transport.sendMail({
          from,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
        });
        return null;
      } catch (error) {
        return describeFailure(error);
      }
    },
    close: () => transport.close(),
  };
}

/**
 * A 5xx answer is the server's final word (no such mailbox, refused): retrying cannot help. A 4xx
 * answer, a timeout or a connection that failed may pass later.
 */
function describeFailure(error: unknown): DeliveryFailure {
  const { responseCode, response, code, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    code?: string;
    message?: string;
  };
  if (typeof responseCode === "number") {
    return {
      reason: `The mail server answered ${response ?? responseCode}`,
      permanent: responseCode >= 500 && responseCode < 600,
    };
  }
  const text = message ?? String(error);
  return { reason: code ? `${code}: ${text}` : text, permanent: false };
}
