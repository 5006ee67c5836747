/**
 * What one field of a form is (app/domain/forms.ts lists every form's), and what an input takes
 * from it. Apart from the forms themselves, so a page whose inputs only need `inputProps` does
 * not carry every form's fields in its JavaScript.
 */

/** Which server rule checks the value (app/services/validation.ts has one per name). */
export type FieldRule =
  | "text"
  | "optionalText"
  | "email"
  | "mobile"
  | "phone"
  | "grade"
  | "dateOfBirth"
  | "newPassword"
  | "password"
  | "resetToken"
  | "amount"
  | "confirmation"
  | "consent"
  | "noticeVersion"
  | "imageDescription"
  | "translation"
  | "count"
  | "offerExpiry"
  | "sourceTag"
  | "heardAbout"
  | "optionalNote";

export type FieldSpec = {
  readonly name: string;
  readonly rule: FieldRule;
  /** How the messages name the field: "Please enter {what}." */
  readonly what: string;
  readonly required: boolean;
  readonly maxLength?: number;
  readonly minLength?: number;
  /** A count's largest value (rule "count"; the smallest is 0). */
  readonly max?: number;
  readonly type?: "text" | "email" | "tel" | "date" | "password" | "checkbox" | "number";
  readonly inputMode?: "tel";
  readonly autoComplete?: string;
  /** Several lines (a textarea): line breaks and tabs allowed; elsewhere refused (app/domain/free-text.ts). */
  readonly multiline?: boolean;
  /**
   * Another field of the form this one is never given without (a post's Hindi title and its
   * Hindi text): both or neither, the missing one named in the message.
   */
  readonly pairedWith?: string;
};

/** A form: its fields by name, in the order the server checks (and reports) them. */
export type FormSpec = { readonly [name: string]: FieldSpec };

/** What an `<input>`, `<textarea>` or `<select>` takes from its field: name, bounds, type, hints. */
export function inputProps(field: FieldSpec) {
  return {
    name: field.name,
    required: field.required,
    maxLength: field.maxLength,
    minLength: field.minLength,
    min: field.rule === "count" ? 0 : undefined,
    max: field.max,
    type: field.type,
    inputMode: field.inputMode,
    autoComplete: field.autoComplete,
  };
}
