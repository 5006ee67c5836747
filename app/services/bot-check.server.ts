import { createHmac, timingSafeEqual } from "node:crypto";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { MESSAGES } from "~/domain/messages";
import { AppError } from "./errors";

/**
 * A person needs well over a second between seeing a form and sending it (even a login filled
 * by a password manager needs the page to appear and a click); a script posting right after
 * fetching the page needs milliseconds. See docs/decisions/0009-bot-check-on-public-forms.md.
 */
export const DEFAULT_FORM_MIN_FILL_MS = 1_500;

const STAMP = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** Answered for every refusal alike, so a bot learns nothing about which check it failed. */
const refusal = () => new AppError(422, MESSAGES.generic.botCheck);

/**
 * The honeypot and minimum-fill-time check of every public form. Stamps are HMAC-signed with
 * the session secret; they do not expire (a parent may leave the form open for hours), and
 * replaying one is bounded by the form's rate limit.
 */
export function createBotCheck({
  secret,
  minFillMs = DEFAULT_FORM_MIN_FILL_MS,
  now = () => Date.now(),
}: {
  secret: string;
  minFillMs?: number;
  now?: () => number;
}) {
  const sign = (time: string) =>
    createHmac("sha256", secret).update(`form-stamp:${time}`).digest("base64url");
  // Stored pages ask for a stamp with every answer: one signature per millisecond serves them all.
  let latest = { time: "", stamp: "" };

  return {
    minFillMs,

    /** A fresh stamp for a form being rendered now. */
    issue(): string {
      const time = String(now());
      if (time !== latest.time) latest = { time, stamp: `${time}.${sign(time)}` };
      return latest.stamp;
    },

    /** Throws a 422 unless the honeypot is sent empty and the stamp is ours and old enough. */
    verify(values: Record<string, unknown>): void {
      // A browser always sends the honeypot, empty; a script sending only the fields it knows does not.
      if (values[BOT_CHECK_FIELDS.honeypot] !== "") throw refusal();
      const stamp = values[BOT_CHECK_FIELDS.stamp];
      const match = typeof stamp === "string" ? STAMP.exec(stamp) : null;
      if (!match) throw refusal();
      const [, time, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(sign(time));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refusal();
      if (now() - Number(time) < minFillMs) throw refusal();
    },
  };
}
