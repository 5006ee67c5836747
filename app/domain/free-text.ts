import { z } from "zod";

/**
 * The one rule for text a person types (names, titles, messages, a post's text), for the page
 * forms and /api alike (decision 0039). Server-side only: the schemas of app/services/validation.ts
 * and the few services that parse their own fields use it; no component imports it, so the
 * browser bundle carries neither this nor zod.
 *
 * - Stored as typed, once: normalised to NFC (an "é" sent as e + combining accent is stored as
 *   the one character), line breaks as "\n", trimmed.
 * - Refused when nothing visible is left once invisible characters are taken out (zero-width
 *   spaces and joiners, word joiner, byte-order mark, soft hyphen, direction marks: Unicode's
 *   format characters and default-ignorable code points, and spaces).
 * - Refused when it holds a character no keyboard types: a control character (line break and
 *   tab aside, where the field takes several lines), a lone UTF-16 surrogate (which would be
 *   stored as U+FFFD), or a direction override, embedding or isolate (U+202A-U+202E,
 *   U+2066-U+2069), which would reorder how the text around it shows in lists and mails.
 * Invisible characters inside visible text are kept: Indian scripts need the zero-width
 * (non-)joiner, emoji sequences the joiner, Urdu the right-to-left mark.
 */

export type FreeTextOptions = {
  /** How messages name the field: "the student's name", "a title", "your name". */
  what: string;
  /** Whether it takes several lines (a textarea): line breaks and tabs are then allowed. */
  multiline?: boolean;
  /** The message when a program sends something other than a string. */
  error?: string | ((issue: { input?: unknown }) => string);
};

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{White_Space}]/gu;
const LONE_SURROGATE = /\p{Cs}/u;
const DIRECTION_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/;
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n])\p{Cc}/u;
const LINE_BREAK = /[\n\u2028\u2029]/;

/** "the student's name" → "The student's name", "a title" → "The title", "your name" → "Your name". */
function subjectOf(what: string): string {
  const subject = what.replace(/^(?:a|an|the) /, "the ");
  return subject.charAt(0).toUpperCase() + subject.slice(1);
}

/** The messages of the rule, naming the field. */
export function freeTextMessages(what: string) {
  const subject = subjectOf(what);
  return {
    invisibleOnly: `${subject} must contain letters or digits, not only invisible characters.`,
    notAllowed: `${subject} contains a character that is not allowed (a hidden control or direction character). Please retype it.`,
    oneLine: `${subject} must fit on one line.`,
  };
}

/** Whether anything a reader can see is left once the invisible characters are taken out. */
function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, "") !== "";
}

/** Which of the rule's refusals `value` (already normalised) meets, if any. */
export function freeTextProblem(
  value: string,
  { multiline = false }: { multiline?: boolean } = {},
): keyof ReturnType<typeof freeTextMessages> | null {
  if (LONE_SURROGATE.test(value) || DIRECTION_OVERRIDE.test(value)) return "notAllowed";
  if (!multiline && LINE_BREAK.test(value)) return "oneLine";
  if ((multiline ? CONTROL_BUT_LINES : CONTROL).test(value)) return "notAllowed";
  if (value !== "" && !hasVisibleText(value)) return "invisibleOnly";
  return null;
}

/** NFC, one kind of line break, no space around: how every free text is stored. */
export function normaliseFreeText(value: string): string {
  // A lone surrogate has no NFC form to give: it is kept, and refused by freeTextProblem.
  return (LONE_SURROGATE.test(value) ? value : value.normalize("NFC")).replace(/\r\n?/g, "\n").trim();
}

/**
 * A free-text field's zod schema: normalised, then checked (the first rule broken is the one
 * reported). Blank passes here: the caller adds `.min(1, …)` for a required field, and bounds.
 */
export function freeText({ what, multiline = false, error }: FreeTextOptions) {
  const messages = freeTextMessages(what);
  return z
    .string(error === undefined ? undefined : { error })
    .overwrite(normaliseFreeText)
    .check((context) => {
      const problem = freeTextProblem(context.value, { multiline });
      if (problem)
        context.issues.push({
          code: "custom",
          message: messages[problem],
          input: context.value,
          continue: false,
        });
    });
}
