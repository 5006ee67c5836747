import { describe, expect, it } from "vitest";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { MESSAGES } from "~/domain/messages";
import { createBotCheck, DEFAULT_FORM_MIN_FILL_MS } from "~/services/bot-check.server";
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

  it("accepts a form sent once the minimum fill time has passed, and refuses one sent sooner", () => {
    const { clock, check } = withClock();
    const stamp = check.issue();
    clock.time += DEFAULT_FORM_MIN_FILL_MS - 1;
    expectRefused(refusal(() => check.verify(form(stamp))));
    clock.time += 1;
    expect(refusal(() => check.verify(form(stamp)))).toBeUndefined();
    // A form left open for a day is still accepted: stamps do not expire.
    clock.time += 24 * 60 * 60 * 1000;
    expect(refusal(() => check.verify(form(stamp)))).toBeUndefined();
  });

  it("refuses a filled or missing honeypot, even with a good stamp", () => {
    const { clock, check } = withClock();
    const stamp = check.issue();
    clock.time += 10_000;
    expectRefused(refusal(() => check.verify({ [BOT_CHECK_FIELDS.stamp]: stamp })));
    for (const honeypot of ["https://spam.example", " ", "0"])
      expectRefused(refusal(() => check.verify(form(stamp, honeypot))));
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
    expect(refusal(() => check.verify(form(check.issue())))).toBeUndefined();
    expectRefused(refusal(() => check.verify(form(check.issue(), "bot"))));
    expectRefused(refusal(() => check.verify(form("1.abc"))));
  });
});
