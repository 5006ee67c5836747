import { useLocation } from "@remix-run/react";
import { LANGUAGE_INFO, pathIn, type Language } from "~/domain/languages";
import { hasHindi } from "~/domain/public-pages";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useLanguage, useTexts } from "~/utils/language";

/** Where the switch goes: the language route remembers the choice, then opens the page (decision 0047). */
export const switchHref = (language: Language, pathname: string, search = "") =>
  `/language?${new URLSearchParams({ to: `${pathIn(language, pathname)}${search}` }).toString()}`;

/**
 * The same page in the other language: a plain link (it works without JavaScript) named in its
 * own language and script. Not shown on a page that has no Hindi yet.
 */
export function LanguageSwitch({ className }: { className: string }) {
  const language = useLanguage();
  const t = useTexts(SITE_TEXTS);
  const { pathname, search } = useLocation();
  if (!hasHindi(pathname)) return null;
  const other: Language = language === "en" ? "hi" : "en";
  return (
    <a
      href={switchHref(other, pathname, search)}
      hrefLang={LANGUAGE_INFO[other].tag}
      className={className}
      data-language-switch
    >
      <span className="sr-only">{t("language.label")}: </span>
      <span lang={other}>{LANGUAGE_INFO[other].name}</span>
    </a>
  );
}
