import type { FieldSpec } from "./field-spec";
import { LIMITS, MAX_CV_BYTES } from "./limits";
import { MAX_SEATS } from "./seats";
import { email, grade, mobile, parentName, studentName, text, whatsappUpdates } from "./shared-fields";
import { SOURCE_FIELDS } from "./source-fields";

/**
 * Every form's fields, once: the input names, whether they are required, their length bounds,
 * input types and autocomplete hints. The server builds each form's zod schema from these
 * (`schemaOf` in app/services/validation.ts) for the page actions and the /api alike, and the
 * components spread `inputProps(field)` onto their inputs. Plain data, so the browser bundle
 * carries no zod for it.
 */

function formOf<const Fields extends readonly FieldSpec[]>(
  ...fields: Fields
): { readonly [Field in Fields[number] as Field["name"]]: Field } {
  return Object.fromEntries(fields.map((field) => [field.name, field])) as never;
}

/** A new password: the register form's rules wherever one is chosen (register, reset, change). */
const newPassword = {
  name: "password",
  rule: "newPassword",
  what: "a password",
  required: true,
  minLength: LIMITS.password.min,
  maxLength: LIMITS.password.max,
  type: "password",
  autoComplete: "new-password",
} as const satisfies FieldSpec;

/** The password the account has now (login, and to confirm a change). */
const currentPassword = <const Name extends string>(name: Name) =>
  ({
    name,
    rule: "password",
    what: "your password",
    required: true,
    maxLength: LIMITS.password.max,
    type: "password",
    autoComplete: "current-password",
  }) as const satisfies FieldSpec;

/**
 * A post's or course's image description, its alt text on every public page (issue 19). Optional:
 * without one the title stands in; an update that leaves it out keeps the stored one.
 */
const imageAlt = {
  name: "imageAlt",
  rule: "imageDescription",
  what: "an image description",
  required: false,
  maxLength: LIMITS.imageAlt,
} as const satisfies FieldSpec;

/**
 * A post's or course's own Hindi (issue 37), which its /hi pages show instead of the English:
 * optional, a title and a text together or not at all, with the English fields' bounds. On the
 * admin's forms only: the /api's post and course stay as its contract documents them.
 */
const hindiVersion = [
  {
    name: "titleHi",
    rule: "translation",
    what: "the Hindi title",
    required: false,
    maxLength: LIMITS.title,
    pairedWith: "descriptionHi",
  },
  {
    name: "descriptionHi",
    rule: "translation",
    what: "the Hindi description",
    required: false,
    maxLength: LIMITS.description,
    multiline: true,
    pairedWith: "titleHi",
  },
] as const satisfies readonly FieldSpec[];

/** A post's fields, as the /api takes them. */
const blogPostFields = [
  text("title", "a title", LIMITS.title),
  text("category", "a category", LIMITS.category),
  { ...text("description", "the post's text", LIMITS.description), multiline: true },
  imageAlt,
] as const;

/** A course's fields, as the /api takes them. */
const courseFields = [
  text("title", "a title", LIMITS.title),
  { ...text("description", "a description", LIMITS.description), multiline: true },
  imageAlt,
] as const;

/**
 * What the consent rule names when the box was not ticked: "Please confirm {what} to continue."
 * (app/domain/privacy.ts has the notice's version and the box's label).
 */
export const CONSENT_WHAT = {
  child: "that you are the child's parent or guardian and agree to the privacy notice",
  own: "that you agree to the privacy notice",
} as const;

/**
 * The consent every form that takes personal data asks for (issue 20, decision 0036): the ticked
 * box, and the version of the privacy notice the form showed, which must be the current one.
 * (Apart from app/domain/privacy.ts, which the home page's bundle carries and the admin's do not.)
 */
const consent = (what: string) =>
  [
    { name: "consent", rule: "consent", what, required: true, type: "checkbox" },
    { name: "noticeVersion", rule: "noticeVersion", what: "the privacy notice's version", required: true },
  ] as const satisfies readonly FieldSpec[];
const childConsent = consent(CONSENT_WHAT.child);
/** Where the enquiry came from (issue 40), on the three forms that make one. */
const { utmSource, utmMedium, utmCampaign, referrerHost, heardAbout, heardAboutOther } = SOURCE_FIELDS;
const source = [utmSource, utmMedium, utmCampaign, referrerHost, heardAbout, heardAboutOther] as const;

export const FORMS = {
  /**
   * Spec: studentName, dob (date), grade, parentName, mobile (tel), email (email). `ageConfirmed`:
   * the parent's "send it anyway" when the age check finds the grade does not fit (issue 18).
   */
  application: formOf(
    studentName,
    { name: "dob", rule: "dateOfBirth", what: "the date of birth", required: true, type: "date" },
    grade,
    parentName,
    mobile,
    email(),
    {
      name: "ageConfirmed",
      rule: "confirmation",
      what: "whether the date of birth and the grade were checked",
      required: false,
      type: "checkbox",
    },
    whatsappUpdates,
    ...childConsent,
    ...source,
  ),
  demo: formOf(
    parentName,
    studentName,
    grade,
    mobile,
    email(),
    text("preferredDateTime", "a preferred date and time", LIMITS.preferredDateTime),
    whatsappUpdates,
    ...childConsent,
    ...source,
  ),
  /** `amount` is the fee the parent saw: optional, and refused when it is not the grade's fee. */
  enrollment: formOf(
    studentName,
    parentName,
    mobile,
    email(),
    grade,
    { name: "amount", rule: "amount", what: "the fee", required: false },
    whatsappUpdates,
    ...childConsent,
    ...source,
  ),
  register: formOf(
    { ...text("name", "your name", LIMITS.name), autoComplete: "name" },
    email("your email address"),
    newPassword,
  ),
  login: formOf(email("your email address"), currentPassword("password")),
  /** "Forgot password": where to send the link. */
  forgotPassword: formOf(email("the email you registered with")),
  /** The page a reset link opens: the link's token and the new password. */
  resetPassword: formOf(
    { name: "token", rule: "resetToken", what: "the link from your email", required: true, maxLength: 100 },
    newPassword,
  ),
  /** On the profile page: the password now, and the new one. */
  changePassword: formOf(currentPassword("currentPassword"), newPassword),
  details: formOf({ ...text("address", "the address", LIMITS.address), multiline: true }, email(), {
    name: "phone",
    rule: "phone",
    what: "a phone number",
    required: true,
    maxLength: LIMITS.phone,
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
  }),
  blogPost: formOf(...blogPostFields),
  /** The admin's post form: a post's fields and its optional Hindi. */
  blogPostWithHindi: formOf(...blogPostFields, ...hindiVersion),
  course: formOf(...courseFields),
  /** The admin's course form: a course's fields and its optional Hindi. */
  courseWithHindi: formOf(...courseFields, ...hindiVersion),
  /**
   * The Teachers page's registration (issue 18): stored, with staff and confirmation mails. The
   * name, mobile and e-mail follow the application form's rules; the message may be left out.
   * The optional CV is a file, not a text field: `TEACHER_CV` below.
   */
  teacher: formOf(
    { ...text("name", "your name", LIMITS.name), autoComplete: "name" },
    { ...text("city", "your city", LIMITS.city), autoComplete: "address-level2" },
    mobile,
    email(),
    text("experience", "your teaching experience", LIMITS.experience),
    {
      name: "message",
      rule: "optionalText",
      what: "a message",
      required: false,
      maxLength: LIMITS.message,
      multiline: true,
    },
    ...consent(CONSENT_WHAT.own),
  ),
  /** A grade's seats, as staff set them (issue 38): the admin Seats screen and PUT /api/seats/{grade}. */
  seats: formOf(
    {
      name: "seats",
      rule: "count",
      what: "the number of seats",
      required: true,
      type: "number",
      max: MAX_SEATS,
    },
    {
      name: "reserved",
      rule: "count",
      what: "the seats reserved under the RTE Act",
      required: true,
      type: "number",
      max: MAX_SEATS,
    },
  ),
  /**
   * A seat offered to an application (issue 38): the day it is held until (the record page's date
   * input, the end of that day in India) or, from the API, an exact moment; left out, OFFER_DAYS.
   */
  offer: formOf({
    name: "expiresAt",
    rule: "offerExpiry",
    what: "the day the offer ends",
    required: false,
    type: "date",
  }),
} as const;

/**
 * The Teachers form's optional CV: one PDF file of at most MAX_CV_BYTES, posted as `cv`. The
 * server checks what the file is by its bytes; `accept` only helps the browser's file picker.
 */
export const TEACHER_CV = {
  name: "cv",
  accept: "application/pdf,.pdf",
  maxBytes: MAX_CV_BYTES,
} as const;
