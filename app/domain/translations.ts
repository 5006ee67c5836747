import i18next from "i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages";

/**
 * The site's words in both languages, through i18next (decision 0047). Each namespace is a module
 * in app/domain/texts/ that declares its English and Hindi side by side with `defineTexts`; the
 * Hindi must have exactly the English keys (TypeScript says so where it is declared), and importing
 * the module is what registers it. A page's bundle therefore carries only the namespaces its
 * modules import, never the whole dictionary.
 *
 * Keys are flat ("fields.studentName" is one key, not a path) and typed by the English side.
 * Plurals follow i18next's suffixes (`applications_one`, `applications_other`), which use
 * Intl.PluralRules for Hindi as for English.
 */
const instance = i18next.createInstance();
void instance.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; mails escape in their own templates.
  interpolation: { escapeValue: false },
  returnNull: false,
  // Synchronous: every namespace is added by its module before anything reads it.
  initAsync: false,
});

/** The translation of every key of `English`, in each other language. */
export type Translated<English> = { readonly [Key in keyof English]: string };

/** A namespace's texts as `defineTexts` registered them: its name and, for typing, its keys. */
export type Texts<English extends Record<string, string> = Record<string, string>> = {
  readonly namespace: string;
  readonly en: English;
};

/** A key as `t` takes it: a plural's base name stands for its `_one`/`_other` forms. */
export type TextKey<English> = keyof English extends infer Key
  ? Key extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}`
    ? Base
    : Key & string
  : never;

/** Values put into a text's {{placeholders}}; `count` also chooses a plural form. */
export type TextValues = Record<string, string | number>;

/** A typed translator for one namespace in one language. */
export type Translate<English> = (key: TextKey<English>, values?: TextValues) => string;

/**
 * Registers a namespace in both languages (once, whichever module imports it first) and gives
 * its handle. `hi` must translate every English key and nothing else.
 */
export function defineTexts<const English extends Record<string, string>>(
  namespace: string,
  texts: { en: English; hi: NoInfer<Translated<English>> },
): Texts<English> {
  if (!instance.hasResourceBundle("en", namespace)) {
    instance.addResourceBundle("en", namespace, texts.en);
    instance.addResourceBundle("hi", namespace, texts.hi);
  }
  return { namespace, en: texts.en };
}

/**
 * The texts of a namespace in `language`, typed by its English keys (mails, field errors, pages).
 * Through `t` with the language and namespace as options rather than `getFixedT`, whose function
 * copies every option of the instance on each call: 22–26 µs a text against 5.6–5.9 (a mail's
 * subject, 100,000 times; docs/performance.md).
 */
export function translator<English extends Record<string, string>>(
  texts: Texts<English>,
  language: Language,
): Translate<English> {
  const { namespace } = texts;
  return (key, values) => instance.t(key, { ...values, lng: language, ns: namespace });
}

/** The shared instance, for react-i18next's provider. */
export const i18n = instance;
