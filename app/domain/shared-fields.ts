import { LIMITS } from "./limits";

/**
 * The fields several forms share (app/domain/forms.ts builds every form from these), apart from
 * the forms themselves: a page that renders only these (the home page's enrollment) does not
 * carry every form's fields in its JavaScript.
 */

export const text = <const Name extends string>(name: Name, what: string, maxLength: number) =>
  ({ name, rule: "text", what, required: true, maxLength }) as const;

export const studentName = { ...text("studentName", "the student's name", LIMITS.name), autoComplete: "off" };
export const parentName = { ...text("parentName", "the parent's name", LIMITS.name), autoComplete: "name" };
export const grade = { name: "grade", rule: "grade", what: "a grade", required: true } as const;
export const email = <const What extends string = "an email address">(what?: What) =>
  ({
    name: "email",
    rule: "email",
    what: what ?? "an email address",
    required: true,
    maxLength: LIMITS.email,
    type: "email",
    autoComplete: "email",
  }) as const;
export const mobile = {
  name: "mobile",
  rule: "mobile",
  what: "a mobile number",
  required: true,
  maxLength: LIMITS.mobile,
  type: "tel",
  inputMode: "tel",
  autoComplete: "tel",
} as const;

/**
 * "Send me updates on WhatsApp" (issue 39): unticked unless the family ticks it, separate from the
 * privacy consent; the record keeps when it was given.
 */
export const whatsappUpdates = {
  name: "whatsappUpdates",
  rule: "confirmation",
  what: "the WhatsApp choice",
  required: false,
  type: "checkbox",
} as const;

/** The fields several forms share, for the components that render them once. */
export const SHARED_FIELDS = {
  studentName,
  parentName,
  grade,
  mobile,
  email: email(),
  whatsappUpdates,
} as const;
