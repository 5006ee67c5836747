import { createHmac, timingSafeEqual } from "node:crypto";
import { BOT_CHECK_FIELDS, DEFAULT_FORM_MIN_FILL_MS } from "~/domain/bot-check";
import { MESSAGES } from "~/domain/messages";
import { AppError } from "./errors";

const STAMP = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** Answered for every refusal alike, so a bot learns nothing about which check it failed. */
const refusal = () => new AppError(422, MESSAGES.generic.botCheck);

/**
 * What `verify` makes of a form that is not refused: a person's, or one sent sooner than the
 * minimum fill time, which the form answers by being shown again with `stampShownAgain`.
 */
type BotCheckVerdict = { tooFast: false } | { tooFast: true; stampShownAgain: string };

/**
 * The honeypot, signature and minimum-fill-time checks of every public form. Stamps are
 * HMAC-signed with the session secret; they do not expire (a parent may leave the form open for
 * hours), and replaying one is bounded by the form's rate limit.
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
  const stampOf = (time: string) => `${time}.${sign(time)}`;
  // Stored pages ask for a stamp with every answer: one signature per millisecond serves them all.
  let latest = { time: "", stamp: "" };

  return {
    minFillMs,

    /** A fresh stamp for a form being rendered now. */
    issue(): string {
      const time = String(now());
      if (time !== latest.time) latest = { time, stamp: stampOf(time) };
      return latest.stamp;
    },

    /**
     * Throws a 422 unless the honeypot is sent empty and the stamp is ours. Then, unless `timed`
     * is false (the account forms, decision 0032), tells whether the form came sooner than the
     * minimum fill time: such a form is shown again with a stamp dated that long ago, because
     * its sender has now seen the form once and a quick second press must go through.
     */
    verify(values: Record<string, unknown>, { timed = true }: { timed?: boolean } = {}): BotCheckVerdict {
      // A browser always sends the honeypot, empty; a script sending only the fields it knows does not.
      if (values[BOT_CHECK_FIELDS.honeypot] !== "") throw refusal();
      const stamp = values[BOT_CHECK_FIELDS.stamp];
      const match = typeof stamp === "string" ? STAMP.exec(stamp) : null;
      if (!match) throw refusal();
      const [, time, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(sign(time));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refusal();
      if (!timed || now() - Number(time) >= minFillMs) return { tooFast: false };
      return { tooFast: true, stampShownAgain: stampOf(String(now() - minFillMs)) };
    },
  };
}
