import { describe, expect, it } from "vitest";
import { BOT_CHECK_FIELDS, DEFAULT_FORM_MIN_FILL_MS } from "~/domain/bot-check";
import { MESSAGES } from "~/domain/messages";
import { createBotCheck } from "~/services/bot-check.server";
import { isAppError } from "~/services/errors";

const SECRET = "a-session-secret-that-is-long-enough-for-hmac";

function withClock(minFillMs = DEFAULT_FORM_MIN_FILL_MS, secret = SECRET) {
  const clock = { time: Date.parse("2030-06-01T10:00:00Z") };
  const check = createBotCheck({ secret, minFillMs, now: () => clock.time });
  return { clock, check };
}

/** The error verify throws, or undefined when it accepts. */
function refusal(run: () => void) {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const form = (stamp: string | undefined, honeypot = "") => ({
  name: "Asha",
  [BOT_CHECK_FIELDS.honeypot]: honeypot,
  ...(stamp === undefined ? {} : { [BOT_CHECK_FIELDS.stamp]: stamp }),
});

function expectRefused(error: unknown) {
  expect(isAppError(error)).toBe(true);
  expect(error).toMatchObject({ status: 422, message: MESSAGES.generic.botCheck });
}

describe("the bot check of public forms", () => {
  it("waits 1.5 seconds by default", () => {
    expect(DEFAULT_FORM_MIN_FILL_MS).toBe(1_500);
  });

  it("accepts a form sent once the minimum fill time has passed; one sent sooner is to be shown again, not refused", () => {
    const { clock, check } = withClock();
    const stamp = check.issue();
    clock.time += DEFAULT_FORM_MIN_FILL_MS - 1;
    const soon = check.verify(form(stamp));
    expect(soon).toMatchObject({ tooFast: true, stampShownAgain: expect.any(String) });
    clock.time += 1;
    expect(check.verify(form(stamp))).toEqual({ tooFast: false });
    // A form left open for a day is still accepted: stamps do not expire.
    clock.time += 24 * 60 * 60 * 1000;
    expect(check.verify(form(stamp))).toEqual({ tooFast: false });
  });

  it("takes the form shown again at once: its stamp counts as waited for, and is ours", () => {
    const { clock, check } = withClock();
    const verdict = check.verify(form(check.issue()));
    if (!verdict.tooFast) throw new Error("expected a form sent at once to be too fast");
    // Pressed again in the same millisecond, and a minute later.
    expect(check.verify(form(verdict.stampShownAgain))).toEqual({ tooFast: false });
    clock.time += 60_000;
    expect(check.verify(form(verdict.stampShownAgain))).toEqual({ tooFast: false });
    // It is signed like any stamp: another secret's "shown again" stamp is refused.
    const other = withClock(DEFAULT_FORM_MIN_FILL_MS, "another-secret-another-secret-another-secret");
    const foreign = other.check.verify(form(other.check.issue()));
    if (!foreign.tooFast) throw new Error("expected a form sent at once to be too fast");
    expectRefused(refusal(() => check.verify(form(foreign.stampShownAgain))));
  });

  it("leaves out the minimum fill time for the account forms (timed: false), not the honeypot or signature", () => {
    const { check } = withClock();
    expect(check.verify(form(check.issue()), { timed: false })).toEqual({ tooFast: false });
    expectRefused(refusal(() => check.verify(form(check.issue(), "bot"), { timed: false })));
    expectRefused(refusal(() => check.verify(form("1.abc"), { timed: false })));
  });

  it("refuses a filled or missing honeypot, even with a good stamp, however soon it came", () => {
    const { clock, check } = withClock();
    const stamp = check.issue();
    clock.time += 10_000;
    expectRefused(refusal(() => check.verify({ [BOT_CHECK_FIELDS.stamp]: stamp })));
    for (const honeypot of ["https://spam.example", " ", "0"])
      expectRefused(refusal(() => check.verify(form(stamp, honeypot))));
    // Sent at once: still a refusal, not the "send it again" answer.
    expectRefused(refusal(() => check.verify(form(check.issue(), "https://spam.example"))));
  });

  it("refuses a missing, malformed or forged stamp", () => {
    const { clock, check } = withClock();
    const stamp = check.issue();
    const [time, signature] = stamp.split(".") as [string, string];
    clock.time += 10_000;
    const earlier = String(Number(time) - 60_000);
    const forged = [
      undefined,
      "",
      time,
      `${time}.`,
      `${earlier}.${signature}`,
      `${time}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${time}.${"A".repeat(43)}`,
      `${time}.${signature}x`,
      ` ${stamp}`,
      withClock(0, "another-secret-another-secret-another-secret").check.issue(),
    ];
    for (const candidate of forged) expectRefused(refusal(() => check.verify(form(candidate))));
    expectRefused(refusal(() => check.verify({ [BOT_CHECK_FIELDS.stamp]: 12 })));
  });

  it("with a minimum of 0 (test servers) still checks the honeypot and the signature", () => {
    const { check } = withClock(0);
    expect(check.verify(form(check.issue()))).toEqual({ tooFast: false });
    expectRefused(refusal(() => check.verify(form(check.issue(), "bot"))));
    expectRefused(refusal(() => check.verify(form("1.abc"))));
  });
});
