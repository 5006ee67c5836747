import { MESSAGES } from "~/domain/messages";
import { z } from "zod";
import { AGE_CHECK_MESSAGES } from "~/domain/age-check";
import { FIELD_MESSAGES } from "~/domain/field-messages";
import type { FieldRule, FieldSpec, FormSpec } from "~/domain/field-spec";
import { freeText } from "~/domain/free-text";
import { GRADES } from "~/domain/grades";
import { NOTICE_VERSION_MESSAGES, PRIVACY_NOTICE_PATH, PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { isoDateInIndia } from "~/domain/format";
import { HEARD_ABOUT } from "~/domain/enquiry-sources";
import { cleanSourceTag } from "~/domain/source-fields";
import { latestOfferExpiry, MAX_OFFER_DAYS } from "~/domain/offers";
import { indianMobile as indianMobileNumber } from "~/domain/phone";
import { badRequest, notFound, type FieldErrors } from "./errors";

/**
 * Field schemas shared by every service. Messages are short sentences a parent understands;
 * they reach the page next to the field and the API client in `errors`.
 */
/** "Please enter …" when the field is missing, "… as text" when a program sent a number or a list. */
function textExpected(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null
      ? FIELD_MESSAGES.missing(what)
      : FIELD_MESSAGES.notText(what);
}

const { tooLong } = FIELD_MESSAGES;

/** A count's bound when its field names none: PostgreSQL's integer. */
const MAX_COUNT = 2_147_483_647;

/**
 * Text a person types: the one free-text rule (app/domain/free-text.ts: NFC, trimmed, no
 * invisible-only value, no control, lone surrogate or direction override character), then the
 * field's bounds. A browser posts a textarea's line breaks as CRLF, script as LF: one form is stored.
 */
function requiredText(what: string, max: number, multiline = false) {
  return freeText({ what, multiline, error: textExpected(what) })
    .min(1, FIELD_MESSAGES.missing(what))
    .max(max, tooLong(max));
}

/** Text a form may leave out: missing, null or blank is stored as "" (same rule and bounds otherwise). */
function optionalText(what: string, max: number, multiline = false) {
  return freeText({ what, multiline, error: textExpected(what) })
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => value ?? "");
}

/**
 * A text staff may add in another language (a post's Hindi title and text, issue 37): optional,
 * the same rule and bounds as the text it translates; missing, null or blank is null, "none".
 */
function translation(what: string, max: number, multiline = false) {
  return freeText({ what, multiline, error: textExpected(what) })
    .max(max, tooLong(max))
    .nullish()
    .transform((value) => value || null);
}

/**
 * An image's description, read aloud as its alt text: optional, and one line (a screen reader
 * reads an alt as one run of words, so line breaks and runs of spaces become one space). Left
 * out it is undefined, so an update keeps the stored one (a client that predates the field does
 * not wipe it); blank or null it is null, "none": the record's title stands in.
 */
function imageDescription(what: string, max: number) {
  return z
    .string({ error: textExpected(what) })
    .overwrite((value) => value.replace(/\s+/g, " "))
    .pipe(freeText({ what }).max(max, tooLong(max)))
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional()
    .describe(
      `The image's description, its alt text (one line, at most ${max} characters). Left out: an update keeps the stored one; empty or null: none, the title stands in.`,
    );
}

function emailAddress({ what, maxLength }: FieldSpec) {
  return z
    .string({ error: textExpected(what) })
    .trim()
    .min(1, FIELD_MESSAGES.missing(what))
    .max(maxLength ?? Infinity, FIELD_MESSAGES.email)
    .pipe(z.email(FIELD_MESSAGES.email));
}

/**
 * A 10-digit Indian mobile number with an optional +91/91/0 prefix, stored as +91XXXXXXXXXX
 * (E.164, through libphonenumber-js: a number in no Indian mobile range is refused, issue 39). A
 * program may send it as a JSON number (9876543210): the digits are the same.
 */
function indianMobile({ what, maxLength }: FieldSpec) {
  return z.union([z.string(), z.int().nonnegative().transform(String)], { error: textExpected(what) }).pipe(
    z
      .string()
      .trim()
      .min(1, FIELD_MESSAGES.missing(what))
      .max(maxLength ?? Infinity, FIELD_MESSAGES.mobile)
      .transform((value, ctx) => {
        const number = indianMobileNumber(value);
        if (!number) {
          ctx.addIssue({ code: "custom", message: FIELD_MESSAGES.mobile });
          return z.NEVER;
        }
        return number;
      }),
  );
}

const grade = z.enum(GRADES, { error: FIELD_MESSAGES.grade });

/** Whether `value` (YYYY-MM-DD) is a day the calendar has: not 30 Feb, not month 13. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * A real calendar date before today (in India, where the school is), no more than 18 years ago:
 * a school child's birthday. The first rule a value breaks is the one it is told about.
 */
function dateOfBirth({ what }: FieldSpec) {
  const missing = FIELD_MESSAGES.missing(what);
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? missing : FIELD_MESSAGES.realDate,
    })
    .trim()
    .min(1, { message: missing, abort: true })
    .refine(isCalendarDate, { message: FIELD_MESSAGES.realDate, abort: true })
    .refine((value) => value < isoDateInIndia(), {
      message: AGE_CHECK_MESSAGES.future,
      abort: true,
    })
    .refine((value) => {
      const today = isoDateInIndia();
      return value >= `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
    }, FIELD_MESSAGES.under18);
}

const amountMessage = "The amount must be the fee in rupees, as a number.";

/** A moment with its offset, as JSON clients write one: 2026-12-04T18:00:00+05:30 or …Z. */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const OFFER_EXPIRY_MESSAGES = {
  form: "Please give the day the offer ends as a date (2026-12-04), or from the API a moment with its time zone (2026-12-04T18:00:00+05:30).",
  past: "The offer must end after this moment: choose today or a later day.",
  tooLate: (latest: string) =>
    `An offer holds a seat for ${MAX_OFFER_DAYS} days at most: choose a day until ${latest}.`,
};

/**
 * When a seat offer ends (issue 38): a day (the end of it in India, as the record page's date
 * input sends it) or an exact moment; blank or left out is no choice (the service's default).
 * Later than now, and no more than MAX_OFFER_DAYS ahead.
 */
function offerExpiry() {
  return z
    .union([z.string().trim(), z.null()], { error: OFFER_EXPIRY_MESSAGES.form })
    .transform((value, ctx) => {
      if (!value) return undefined;
      const isDay = isCalendarDate(value);
      const moment = isDay
        ? new Date(`${value}T23:59:59.999+05:30`)
        : ISO_MOMENT.test(value)
          ? new Date(value)
          : null;
      if (!moment || Number.isNaN(moment.getTime())) {
        ctx.addIssue({ code: "custom", message: OFFER_EXPIRY_MESSAGES.form });
        return z.NEVER;
      }
      const now = new Date();
      if (moment.getTime() <= now.getTime()) {
        ctx.addIssue({ code: "custom", message: OFFER_EXPIRY_MESSAGES.past });
        return z.NEVER;
      }
      const latest = latestOfferExpiry(now);
      // Up to the end of the last day in India: a day's end may be a few hours past the limit.
      if (isoDateInIndia(moment) > isoDateInIndia(latest)) {
        ctx.addIssue({ code: "custom", message: OFFER_EXPIRY_MESSAGES.tooLate(isoDateInIndia(latest)) });
        return z.NEVER;
      }
      return moment;
    })
    .optional();
}

/**
 * Each rule of app/domain/forms.ts: the field's own bounds and wording go in, its zod schema
 * comes out. A form's schema is its fields' rules in the form's order (`schemaOf`).
 */
const RULES = {
  text: ({ what, maxLength, multiline }: FieldSpec) => requiredText(what, maxLength ?? Infinity, multiline),
  optionalText: ({ what, maxLength, multiline }: FieldSpec) =>
    optionalText(what, maxLength ?? Infinity, multiline),
  email: emailAddress,
  mobile: indianMobile,
  phone: ({ what, maxLength }: FieldSpec) =>
    requiredText(what, maxLength ?? Infinity).regex(
      /^\+?[\d\s()-]{6,}$/,
      "Please enter a phone number using digits, spaces, brackets, dashes and an optional +.",
    ),
  grade: () => grade,
  dateOfBirth,
  newPassword: ({ what, minLength = 1, maxLength = Infinity }: FieldSpec) =>
    z
      .string({ error: FIELD_MESSAGES.missing(what) })
      .min(1, FIELD_MESSAGES.missing(what))
      .min(minLength, MESSAGES.auth.passwordTooShort(minLength))
      .max(maxLength, MESSAGES.auth.passwordTooLong(maxLength)),
  // Signing in refuses no length the input allows: only absurd ones (the hash would still run).
  password: ({ what }: FieldSpec) =>
    z
      .string({ error: FIELD_MESSAGES.missing(what) })
      .min(1, FIELD_MESSAGES.missing(what))
      .max(1_000),
  // A reset link's token: 32 random bytes in base64url. Anything else is not a link we sent.
  resetToken: () =>
    z
      .string({ error: MESSAGES.auth.resetLinkInvalid })
      .regex(/^[A-Za-z0-9_-]{43}$/, MESSAGES.auth.resetLinkInvalid),
  amount: () =>
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d+(\.\d{1,2})?$/, amountMessage)
            .transform(Number),
        ],
        { error: amountMessage },
      )
      .pipe(z.number().positive(amountMessage).finite(amountMessage))
      .optional(),
  // A checkbox: a form posts "on" (or "true") when ticked and nothing when not; JSON sends a boolean.
  confirmation: ({ what }: FieldSpec) =>
    z
      .union([z.boolean(), z.enum(["on", "true"]).transform(() => true)], {
        error: `Please send ${what} as true or false.`,
      })
      .optional()
      .transform((value) => value ?? false),
  imageDescription: ({ what, maxLength }: FieldSpec) => imageDescription(what, maxLength ?? Infinity),
  // A count staff type (a grade's seats): a form posts digits, JSON a number; 0 to the field's max.
  count: ({ what, max = MAX_COUNT }: FieldSpec) =>
    wholeNumber(
      `Please enter ${what} as a whole number from 0 to ${max.toLocaleString("en-IN")}.`,
      0,
      max,
      FIELD_MESSAGES.missing(what),
    ),
  translation: ({ what, maxLength, multiline }: FieldSpec) =>
    translation(what, maxLength ?? Infinity, multiline),
  offerExpiry,
  // Where an enquiry came from (issue 40): hidden fields a client can forge, so only bounded plain
  // text is kept; anything else is dropped (null), never an error the family could not fix.
  sourceTag: ({ what, maxLength }: FieldSpec) =>
    z
      .unknown()
      .transform((value) => cleanSourceTag(value, maxLength ?? Infinity))
      // Optional in the service's input too: code that makes an enquiry need not name them.
      .optional()
      .describe(
        `Optional: ${what}, as the landing address said it (at most ${maxLength} characters, kept lower-case; anything not plain text is dropped).`,
      ),
  // The family's own choice: a wrong one is said, as any field's; blank or left out is no answer.
  heardAbout: () =>
    z
      .union([z.enum(HEARD_ABOUT), z.literal(""), z.null()], { error: FIELD_MESSAGES.heardAbout })
      .transform((value) => value || null)
      .optional()
      .describe(`Optional: how the family heard about the school, one of ${HEARD_ABOUT.join(", ")}.`),
  optionalNote: ({ what, maxLength }: FieldSpec) =>
    translation(what, maxLength ?? Infinity)
      .optional()
      .describe(`Optional: ${what}, in the family's words (one line, at most ${maxLength} characters).`),
  // Consent (decision 0036): JSON sends true, a page's ticked box posts "yes". Anything else,
  // left out included, is consent not given.
  consent: ({ what }: FieldSpec) =>
    z
      .union([z.literal(true), z.enum(["yes", "on", "true"]).transform(() => true as const)], {
        error: FIELD_MESSAGES.consent(what),
      })
      .describe(
        `Required, true: the person agrees to the school using these details as the privacy notice (${PRIVACY_NOTICE_PATH}) describes; for a child's details, they also confirm they are the child's parent or guardian.`,
      ),
  // The notice the person was shown: only the current one counts, so consent to an older notice
  // (or a client that never showed one) is asked again.
  noticeVersion: () =>
    z
      .literal(PRIVACY_NOTICE_VERSION, {
        error: (issue) =>
          issue.input === undefined || issue.input === null || issue.input === ""
            ? NOTICE_VERSION_MESSAGES.missing
            : NOTICE_VERSION_MESSAGES.changed,
      })
      .describe(
        "Required with consent: the version of the privacy notice the person agreed to, which must be the current one (the version the /privacy page shows).",
      ),
} satisfies Record<FieldRule, (field: FieldSpec) => z.ZodType>;

type Rules = typeof RULES;
type FormShape<Form extends FormSpec> = {
  -readonly [Name in keyof Form]: ReturnType<Rules[Form[Name]["rule"]]>;
};
export type FormSchema<Form extends FormSpec> = z.ZodObject<FormShape<Form>>;
/** What a form's fields are once checked: the typed input of the service that takes them. */
export type FormInput<Form extends FormSpec> = z.output<FormSchema<Form>>;

const schemas = new WeakMap<FormSpec, z.ZodType>();

/** Whether a field's value was given: text that is not blank (optional texts parse blank to ""/null). */
const isGiven = (value: unknown) => typeof value === "string" && value !== "";

/**
 * The form's fields that go in pairs (`pairedWith`): one given without the other is refused, the
 * missing one named. Checked alongside the fields' own rules, so every problem shows at once.
 */
function pairsOf(form: FormSpec) {
  const paired = Object.values(form).filter((field) => field.pairedWith !== undefined);
  return (values: Record<string, unknown>, context: z.RefinementCtx) => {
    for (const field of paired) {
      const other = form[field.pairedWith!]!;
      if (isGiven(values[field.name]) && !isGiven(values[other.name]))
        context.addIssue({
          code: "custom",
          path: [other.name],
          message: FIELD_MESSAGES.pairMissing(other.what, field.what),
        });
    }
  };
}

/** The zod schema of a form of app/domain/forms.ts (built once per form). */
export function schemaOf<Form extends FormSpec>(form: Form): FormSchema<Form> {
  let schema = schemas.get(form);
  if (!schema) {
    const shape = Object.fromEntries(
      Object.entries(form).map(([name, field]) => [
        name,
        (RULES[field.rule] as (f: FieldSpec) => z.ZodType)(field),
      ]),
    );
    const object = z.object(shape);
    schema = Object.values(form).some((field) => field.pairedWith !== undefined)
      ? object.superRefine(pairsOf(form))
      : object;
    schemas.set(form, schema);
  }
  return schema as FormSchema<Form>;
}

/** A form's fields, checked: typed values, or a 400 with a message per field. */
export function parseForm<Form extends FormSpec>(form: Form, input: unknown): FormInput<Form> {
  return parseInput(schemaOf(form), input);
}

/**
 * A record id as written in a URL: plain decimal digits, no sign, exponent, hex or leading zero
 * ("1e0" or "01" is not a way to spell 1). Anything else is "no such record".
 */
const recordId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9]\d{0,9}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(2_147_483_647));

/**
 * The id of a record named in a URL (`/blog/:id`, a form's hidden `id`): parsed where the request
 * arrives, so services take a number. One that cannot be an id names no record: 404 with the
 * record's own message.
 */
export function idFromUrl(raw: unknown, notFoundMessage: string): number {
  const parsed = recordId.safeParse(raw);
  if (!parsed.success) throw notFound(notFoundMessage);
  return parsed.data;
}

/** Parses unknown input (JSON body, form values) or throws a 400 with per-field messages. */
export const NOT_AN_OBJECT = "Please send the details as a JSON object of named fields.";

export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  if (input !== undefined && input !== null && (typeof input !== "object" || Array.isArray(input))) {
    throw badRequest(NOT_AN_OBJECT);
  }
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationError(result.error);
}

function validationError(error: z.ZodError) {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    (errors[field] ??= []).push(issue.message);
  }
  const fields = Object.keys(errors);
  const message = fields.length === 1 ? errors[fields[0]!]![0]! : FIELD_MESSAGES.several;
  return badRequest(message, errors);
}

/**
 * A count as a query string or a form writes it: plain decimal digits (or a number from code).
 * "0x10", "1e3" or "1.0" are not ways to write 16, 1000 or 1 here, just as for record ids.
 * `missing`: what to say when it is left out, where that differs from a wrong one.
 */
function wholeNumber(message: string, min: number, max: number, missing = message) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: (issue) => (issue.input === undefined || issue.input === null ? missing : message) },
    )
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

const MAX_PAGE = 1_000_000;

/** `?page=&limit=` of list calls: whole numbers, page from 1, limit capped. */
export function pagination({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) {
  const { page, limit } = optionalPagination({ maxLimit }).shape;
  return z.object({ page: page.unwrap().default(1), limit: limit.unwrap().default(defaultLimit) });
}

/**
 * The same `?page=&limit=` rules with nothing filled in: a list that answers everything unless a
 * page is asked for. (`pagination(...).partial()` would not do: zod keeps the defaults inside.)
 */
export function optionalPagination({ maxLimit }: { maxLimit: number }) {
  const pageMessage = `The page must be a whole number from 1 to ${MAX_PAGE.toLocaleString("en-IN")}.`;
  const limitMessage = `The limit must be a whole number from 1 to ${maxLimit}.`;
  return z.object({
    page: wholeNumber(pageMessage, 1, MAX_PAGE).optional(),
    limit: wholeNumber(limitMessage, 1, maxLimit).optional(),
  });
}
