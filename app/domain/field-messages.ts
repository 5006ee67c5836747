/**
 * What the server's field rules (app/services/validation.ts) answer about a value, in English:
 * the page actions and /api alike. Here rather than beside the rules so that a page in another
 * language can tell which answer it got and say it in its own (app/domain/texts/field-errors.ts);
 * the API keeps these words. `what` is how a form names its field (app/domain/forms.ts).
 */
export const FIELD_MESSAGES = {
  /** A required field left empty or out. */
  missing: (what: string) => `Please enter ${what}.`,
  /** A program sent a number or a list where text belongs. */
  notText: (what: string) => `Please send ${what} as text.`,
  tooLong: (max: number) => `This must be at most ${max.toLocaleString("en-IN")} characters long.`,
  email: "Please enter a valid email address.",
  mobile: "Please enter a valid 10-digit Indian mobile number.",
  grade: "Please choose a grade from Nursery to Grade 8.",
  heardAbout: "Please choose how you heard about us from the list, or leave it empty.",
  realDate: "Please enter a real date of birth (for example 2019-06-15).",
  under18: "Please check the date of birth: our students are under 18.",
  /** One of two fields that go together given without the other (app/domain/field-spec.ts `pairedWith`). */
  pairMissing: (missing: string, given: string) =>
    `Please enter ${missing} as well, or leave ${given} empty.`,
  /** A consent box left unticked (decision 0036). */
  consent: (what: string) => `Please confirm ${what} to continue.`,
  /** The whole form's message when more than one field is wrong (one field's own message otherwise). */
  several: "Some details are missing or incorrect. Please check the form and try again.",
} as const;
