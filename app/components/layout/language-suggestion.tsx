import { useLocation } from "@remix-run/react";
import { LANGUAGE_INFO } from "~/domain/languages";
import { hasHindi } from "~/domain/public-pages";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import { switchHref } from "./language-switch";

/**
 * Shown on an English page to a visitor whose browser prefers Hindi and who never chose a
 * language (decision 0047): written in Hindi, the page's Hindi one link away, and one link to stay
 * in English that is remembered. Never a redirect. Plain links, so it works without JavaScript.
 */
export function LanguageSuggestion() {
  const { pathname, search } = useLocation();
  if (!hasHindi(pathname)) return null;
  // In Hindi whatever the page's language: it speaks to a reader who prefers Hindi.
  const t = translator(SITE_TEXTS, "hi");
  const link = "font-bold text-navy underline underline-offset-4 hover:text-coral";
  return (
    <aside
      lang="hi"
      aria-label={t("language.label")}
      className="border-b border-sun-100 bg-sun-50 text-ink"
      data-language-suggestion
    >
      <p className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
        <span>{t("suggestion.text")}</span>
        <a href={switchHref("hi", pathname, search)} hrefLang={LANGUAGE_INFO.hi.tag} className={link}>
          {t("suggestion.switch")}
        </a>
        <a href={switchHref("en", pathname, search)} hrefLang={LANGUAGE_INFO.en.tag} className={link}>
          {t("suggestion.stay")}
        </a>
      </p>
    </aside>
  );
}
