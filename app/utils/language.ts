import { useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { languageOfPath, type Language } from "~/domain/languages";
import { pageHref } from "~/domain/public-pages";
import { translator, type Texts, type Translate } from "~/domain/translations";

/** The language of the page being shown: its address decides (decision 0047). */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
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
