/**
 * The languages a family can read the site in (issue 37): English at today's addresses, Hindi
 * under /hi. The address decides a page's language, so a link shared in Hindi opens in Hindi for
 * anyone, a stored copy of a page is one language, and nothing needs a cookie to render.
 * See docs/decisions/0047-two-languages.md.
 */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

export const LANGUAGE_INFO: Record<
  Language,
  {
    /** BCP 47 tag: `<html lang>`, hreflang, Intl's formats. */
    tag: "en-IN" | "hi-IN";
    /** Open Graph's `og:locale`. */
    ogLocale: string;
    /** The address prefix of its pages ("" for English). */
    prefix: "" | "/hi";
    /** Its own name, as the language switch shows it. */
    name: string;
    /** Its name in English, as the back office (which stays English) shows a record's language. */
    englishName: string;
  }
> = {
  en: { tag: "en-IN", ogLocale: "en_IN", prefix: "", name: "English", englishName: "English" },
  hi: { tag: "hi-IN", ogLocale: "hi_IN", prefix: "/hi", name: "हिन्दी", englishName: "Hindi" },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/** The cookie that remembers the language a visitor chose with the switch (it never redirects). */
export const LANGUAGE_COOKIE = "lang";

const HINDI_PREFIX = LANGUAGE_INFO.hi.prefix;

/**
 * The language of a page's address: /hi and below are Hindi, everything else English. Remix's
 * single fetch asks for a page's data at its address + ".data": /hi's is /hi.data.
 */
export function languageOfPath(pathname: string): Language {
  return pathname === HINDI_PREFIX ||
    pathname === `${HINDI_PREFIX}.data` ||
    pathname.startsWith(`${HINDI_PREFIX}/`)
    ? "hi"
    : "en";
}

/** The address as English has it: "/hi/apply" -> "/apply", "/hi" -> "/". */
export function withoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  return pathname.slice(HINDI_PREFIX.length) || "/";
}

/** The same page in `language`: ("/apply", "hi") -> "/hi/apply"; ("/hi/apply", "en") -> "/apply". */
export function pathIn(language: Language, pathname: string): string {
  const english = withoutLanguage(pathname);
  const prefix = LANGUAGE_INFO[language].prefix;
  if (!prefix) return english;
  return english === "/" ? prefix : `${prefix}${english}`;
}

/**
 * An in-site link as the page's language has it: a path of the site is moved into the language,
 * anything else (another site, a hash, a file under /api) is left as it is.
 */
export function localHref(language: Language, href: string): string {
  if (language === "en" || !href.startsWith("/") || href.startsWith("//")) return href;
  if (
    UNTRANSLATED.some(
      (prefix) => href === prefix || href.startsWith(`${prefix}/`) || href.startsWith(`${prefix}.`),
    )
  )
    return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  return `${pathIn(language, path)}${cut === -1 ? "" : href.slice(cut)}`;
}

/** Addresses that are the same in every language: the API, the back office, files, receipts. */
const UNTRANSLATED = [
  "/api",
  "/admin",
  "/images",
  "/uploads",
  "/receipt",
  "/logout",
  "/favicon",
  "/build",
  "/fonts",
];
