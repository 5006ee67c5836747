import fc from "fast-check";
import { expect } from "vitest";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import { LIMITS } from "~/domain/limits";

/**
 * Property-based bad input: for a target (an /api call or a page form) described by a valid
 * body and, per field, values that are always wrong, generate thousands of malformed requests
 * and check each is refused with a 4xx and a message. Adding an endpoint or a form is one row
 * in the table of tests/e2e/bad-input.test.ts.
 */

/** Text an attacker (or a confused client) sends in any field: valid or not, it must never break us. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "'; DROP TABLE applications; --",
    "1' OR '1'='1",
    "\\'; select pg_sleep(5); --",
    "$(rm -rf /)",
    "{{7*7}}",
    "%00%27",
    "\u0000",
    "\u202e\u0645\u0631\u062d\u0628\u0627",
    "👩‍👧‍👦🧒🏽",
    "Ⅻ𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "__proto__",
    "constructor",
  ),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
);

/** Keys that poison careless object merging, with payloads that would show if they did. */
const pollutionKeys = fc.constantFrom(
  "__proto__",
  "constructor",
  "prototype",
  "__defineGetter__",
  "hasOwnProperty",
);
const pollutionValue = fc.constantFrom<unknown>(
  { isAdmin: true, role: "ADMIN", polluted: "yes" },
  { prototype: { polluted: "yes" } },
  "polluted",
  null,
);

/** Values that are never a string: for JSON bodies, where types can be wrong. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const blank = fc.constantFrom("", " ", "\t", "\n  \n", "\u00a0", "\u3000");
const tooLong = (max: number) =>
  fc
    .integer({ min: max + 1, max: max + 2_000 })
    .chain((length) => fc.constantFrom("a", "é", "<", "'").map((unit) => unit.repeat(length)));
export const letters = fc.stringMatching(/^[a-zA-Z]{1,12}$/);

/** Always-wrong values for each kind of field the forms have, as strings (form posts) ... */
export const WRONG = {
  text: (max: number) => fc.oneof(blank, tooLong(max)),
  email: fc.oneof(
    blank,
    letters,
    fc.constantFrom("a@", "@example.com", "a@b", "<script>@x.y", "a b@example.com", "a@@example.com"),
    tooLong(LIMITS.email).map((text) => `${text}@example.com`),
  ),
  mobile: fc.oneof(
    blank,
    letters,
    fc.constantFrom("12345", "5876543210", "98765abcde", "+1 9876543210", "+92 9876543210", "98765432101"),
    fc.stringMatching(/^[0-5]\d{9}$/),
  ),
  grade: fc.oneof(
    blank,
    letters,
    fc.constantFrom("Grade 9", "grade 1", "KG", "Nursery ", "Grade 0", "Class 1"),
  ),
  date: fc.oneof(
    blank,
    letters,
    fc.constantFrom(
      "2018-02-30",
      "2999-01-01",
      "1900-01-01",
      "18-04-2018",
      "2018/04/12",
      "2018-13-01",
      "yesterday",
    ),
  ),
  password: fc.oneof(
    blank,
    fc.string({ minLength: 1, maxLength: LIMITS.password.min - 1 }),
    tooLong(LIMITS.password.max),
  ),
  loginPassword: fc.oneof(fc.constant(""), tooLong(1_000)),
  amount: fc.oneof(letters, fc.constantFrom("-15000", "0", "1e4", "15000abc", "14999", "15000.001")),
} as const;

/** ... and, for JSON bodies, any of those or a value of the wrong type. */
export const wrongJson = (wrongString: fc.Arbitrary<string>): fc.Arbitrary<unknown> =>
  fc.oneof(wrongString, wrongType);

export type BadInputTarget = {
  name: string;
  /** A body the target accepts. */
  valid: () => Record<string, string>;
  /** For each field, values that are always refused (at least one field gets one). */
  wrong: Record<string, fc.Arbitrary<unknown>>;
  /** Fields that may be left out (never "broken" by leaving them out). */
  optional?: readonly string[];
  /** Also send raw text that is no body of the right shape at all (default true). */
  rawBodies?: boolean;
  /** "json" bodies may carry any JSON; "form" bodies are url-encoded strings, as browsers send. */
  encoding: "json" | "form";
  /** Sends one body (an object, or raw text); answers the status and the message shown. */
  send(body: Record<string, unknown> | string): Promise<{ status: number; message: string | undefined }>;
  numRuns: number;
};

/** One request body, and which fields were made wrong in it (none for a malformed body). */
type Sent = { body: Record<string, unknown> | string; broken: readonly string[] };

/** A valid body with the `broken` fields given their wrong values (or left out, when `missing`). */
function withBrokenFields(
  target: BadInputTarget,
  broken: readonly string[],
  brokenValues: Record<string, unknown>,
  missing: readonly boolean[] = [],
  hostile: Record<string, string> = {},
  extras: readonly (readonly [string, unknown])[] = [],
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...target.valid() };
  for (const [field, text] of Object.entries(hostile)) if (!broken.includes(field)) body[field] = text;
  broken.forEach((field, index) => {
    // A field left out is as wrong as a wrong value.
    if (missing[index] && !target.optional?.includes(field)) delete body[field];
    else body[field] = brokenValues[field];
  });
  for (const [key, extra] of extras)
    Object.defineProperty(body, key, {
      value: target.encoding === "json" ? extra : String(extra),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return body;
}

/** The target's always-wrong values of a field, as its encoding sends them. */
function wrongValues(target: BadInputTarget, field: string): fc.Arbitrary<unknown> {
  const arbitrary = target.wrong[field]!;
  return target.encoding === "json"
    ? arbitrary
    : arbitrary.map((item) => (typeof item === "string" ? item : String(item)));
}

/** A valid body with at least one field made wrong (or left out), hostile text and poisonous keys mixed in. */
function corruptedBody(target: BadInputTarget): fc.Arbitrary<Sent> {
  const fields = Object.keys(target.wrong);
  return fc
    .record({
      broken: fc.uniqueArray(fc.constantFrom(...fields), { minLength: 1, maxLength: fields.length }),
      brokenValues: fc.record(Object.fromEntries(fields.map((field) => [field, wrongValues(target, field)]))),
      missing: fc.array(fc.boolean(), { minLength: fields.length, maxLength: fields.length }),
      hostile: fc.dictionary(fc.constantFrom(...fields), hostileText, { maxKeys: 3 }),
      extras: fc.array(fc.tuple(fc.oneof(pollutionKeys, fc.string({ maxLength: 12 })), pollutionValue), {
        maxLength: 3,
      }),
    })
    .map(({ broken, brokenValues, missing, hostile, extras }) => ({
      body: withBrokenFields(target, broken, brokenValues, missing, hostile, extras),
      broken,
    }));
}

/**
 * One body per field with that field alone wrong (a value drawn from its wrong values), sent
 * before the random ones: each field's own refusal is proven in every run, whatever the seed.
 */
function eachFieldAlone(target: BadInputTarget): [Sent][] {
  return Object.keys(target.wrong).map((field) => {
    const [value] = fc.sample(wrongValues(target, field), 1);
    return [{ body: withBrokenFields(target, [field], { [field]: value }), broken: [field] }];
  });
}

/** Bodies that are not the shape asked for at all. */
function malformedBody(target: BadInputTarget): fc.Arbitrary<Sent> {
  return malformedText(target).map((body) => ({ body, broken: [] }));
}

function malformedText(target: BadInputTarget): fc.Arbitrary<string> {
  if (target.encoding === "form")
    return fc.oneof(
      fc.string({ unit: "binary", maxLength: 300 }),
      fc.constantFrom(
        "%",
        "%E0%A4%A",
        "a=%FF%FE",
        "=&=&",
        "__proto__[polluted]=1&constructor[prototype][x]=1",
        "&&&",
      ),
    );
  return fc.oneof(
    fc.json({ maxDepth: 2 }).filter((text) => !text.startsWith("{")),
    fc.constantFrom(
      '{"studentName": ',
      "{'single': 'quotes'}",
      "not json",
      '{"a":1}}',
      "[",
      '{"__proto__": }',
    ),
    fc.string({ unit: "binary", maxLength: 200 }),
  );
}

/** How often each field must have been made wrong by the random bodies of one run. */
const TIMES_EACH_FIELD_BROKEN = 5;

/**
 * Runs the target's property: every generated body answers 4xx with a message. Each field is
 * first sent wrong on its own (eachFieldAlone), then `numRuns` random bodies follow, in which every
 * field must have been made wrong at least TIMES_EACH_FIELD_BROKEN times (checked, so a smaller
 * numRuns can never quietly leave a field out). Answers how many bodies were sent.
 */
export async function expectAllRefused(target: BadInputTarget) {
  let sent = 0;
  const timesBroken = new Map(Object.keys(target.wrong).map((field) => [field, 0]));
  const bodies =
    target.rawBodies === false
      ? corruptedBody(target)
      : fc.oneof(
          { weight: 8, arbitrary: corruptedBody(target) },
          { weight: 2, arbitrary: malformedBody(target) },
        );
  const examples = eachFieldAlone(target);
  await fc.assert(
    fc.asyncProperty(bodies, async ({ body, broken }) => {
      sent += 1;
      // The examples come first; only the random bodies count towards each field's share.
      if (sent > examples.length)
        for (const field of broken) timesBroken.set(field, timesBroken.get(field)! + 1);
      const { status, message } = await target.send(body);
      expect(status, `${target.name}: ${JSON.stringify(body).slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(status, `${target.name}: ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
      expect(message?.trim().length ?? 0, `${target.name}: no message for ${status}`).toBeGreaterThan(0);
    }),
    { numRuns: target.numRuns, examples },
  );
  for (const [field, times] of timesBroken)
    expect(times, `${target.name}: ${field} made wrong in the random bodies`).toBeGreaterThanOrEqual(
      TIMES_EACH_FIELD_BROKEN,
    );
  return sent;
}

/** Always-wrong bot-check fields of page forms: a filled honeypot, a forged or foreign stamp. */
export const WRONG_BOT_CHECK = {
  [BOT_CHECK_FIELDS.honeypot]: fc.oneof(
    hostileText.filter((text) => text !== ""),
    fc.webUrl(),
  ),
  [BOT_CHECK_FIELDS.stamp]: fc.oneof(
    fc.constant(""),
    letters,
    fc.stringMatching(/^\d{13}\.[A-Za-z0-9_-]{43}$/),
  ),
};
