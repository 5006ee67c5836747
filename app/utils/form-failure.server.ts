import { DEFAULT_LANGUAGE, type Language } from "~/domain/languages";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { gradeLabel } from "~/domain/texts/grades";
import { translator, type Texts, type TextValues } from "~/domain/translations";
import type { FormFailure } from "./forms";

/**
 * A refused submission in the page's language. The server's rules (validation, bot check, rate
 * limit, a service's own refusal) write their messages in English, once, for the pages and the
 * API alike; a page in another language shows each message through its key: the `error.*` key
 * whose English is that message (a field's own keys, `error.<field>.<rule>`, first), in the
 * page's language. A {{placeholder}} of the English matches any text and carries it into the
 * translation; a grade is named as the page's language names it.
 */

type ErrorKey = { texts: Texts; key: string; pattern: RegExp };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The English of a message key as a pattern: its literal text, each {{name}} any text. */
function patternOf(english: string): RegExp {
  const parts = english.split(/\{\{(\w+)\}\}/);
  const source = parts
    .map((part, index) => (index % 2 === 1 ? `(?<${part}>.+?)` : escapeRegExp(part)))
    .join("");
  return new RegExp(`^${source}$`, "s");
}

const patterns = new WeakMap<Texts, ErrorKey[]>();

function errorKeysOf(texts: Texts): ErrorKey[] {
  let keys = patterns.get(texts);
  if (!keys) {
    keys = Object.entries(texts.en)
      .filter(([key]) => key.startsWith("error."))
      .map(([key, english]) => ({ texts, key, pattern: patternOf(english) }));
    patterns.set(texts, keys);
  }
  return keys;
}

function valuesIn(groups: Record<string, string> | undefined, language: Language): TextValues {
  const values: TextValues = { ...groups };
  if (typeof values.grade === "string") values.grade = gradeLabel(values.grade, language);
  return values;
}

/**
 * `failure` with its message and field errors in `language`. `texts`: the page's own namespaces
 * whose `error.*` keys may answer too (enrollment's fee check), besides the shared field texts.
 * English is left exactly as the rules wrote it.
 */
export function failureIn(
  failure: FormFailure,
  language: Language,
  texts: readonly Texts[] = [],
): FormFailure {
  if (language === DEFAULT_LANGUAGE) return failure;
  const keys = [...texts, FIELD_TEXTS].flatMap(errorKeysOf);

  const translate = (message: string, field?: string): string | undefined => {
    const own = field ? keys.filter(({ key }) => key.startsWith(`error.${field}.`)) : [];
    for (const { texts: namespace, key, pattern } of [...own, ...keys]) {
      const match = pattern.exec(message);
      if (match) return translator(namespace, language)(key, valuesIn(match.groups, language));
    }
    return undefined;
  };

  const errors: Record<string, string[]> = {};
  let message: string | undefined;
  for (const [field, messages] of Object.entries(failure.errors)) {
    errors[field] = messages.map((english) => {
      const translated = translate(english, field) ?? english;
      // A form with one mistake says it twice: above the form and beside the field.
      if (english === failure.message) message ??= translated;
      return translated;
    });
  }
  // A message no key names yet stays as written: better English than a translation that says
  // something else (and a page's journey test finds it).
  message ??= translate(failure.message) ?? failure.message;
  return { ...failure, message, errors };
}
