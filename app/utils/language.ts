import { useLocation, useMatches } from "@remix-run/react";
import { useMemo } from "react";
import { SCHOOL } from "~/domain/brand";
import { languageOfPath, type Language } from "~/domain/languages";
import { pageHref } from "~/domain/public-pages";
import { translator, type Texts, type Translate } from "~/domain/translations";

/**
 * A route's `handle` for a page that has one address in every language and shows itself in its
 * record's (the receipt: its loader's data names the order's language). Only for such pages:
 * everywhere else the address decides.
 */
export type RecordLanguageHandle = { recordLanguage: (data: unknown) => Language | undefined };

/**
 * The language of the page being shown: its address decides (decision 0047), except on a page
 * whose route says its record's language decides (`RecordLanguageHandle`).
 */
export function useLanguage(): Language {
  const { pathname } = useLocation();
  const matches = useMatches();
  for (const { handle, data } of matches) {
    const recorded = (handle as Partial<RecordLanguageHandle> | undefined)?.recordLanguage?.(data);
    if (recorded) return recorded;
  }
  return languageOfPath(pathname);
}

/** A namespace's texts in the page's language, typed by its English keys. */
export function useTexts<English extends Record<string, string>>(texts: Texts<English>): Translate<English> {
  const language = useLanguage();
  return useMemo(() => translator(texts, language), [texts, language]);
}

/**
 * In-site addresses in the page's language ("/apply" on a Hindi page is "/hi/apply" once that page
 * has its Hindi, "/apply" until then).
 */
export function useLocalHref(): (href: string) => string {
  const language = useLanguage();
  return useMemo(() => (href: string) => pageHref(language, href), [language]);
}

/** The texts a record's page needs for its not-found answer's head. */
type NotFoundTexts = Texts<{ "meta.notFoundTitle": string; "meta.notFoundDescription": string }>;

/**
 * The head of a post's or a course's page when there is no such record (its `meta` gets no data):
 * the title and description in the address's language.
 */
export function notFoundMeta(texts: NotFoundTexts, pathname: string) {
  const t = translator(texts, languageOfPath(pathname));
  return [
    { title: t("meta.notFoundTitle", { school: SCHOOL.name }) },
    { name: "description", content: t("meta.notFoundDescription", { fullName: SCHOOL.fullName }) },
  ];
}
