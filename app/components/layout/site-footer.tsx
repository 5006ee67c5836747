import { Link } from "@remix-run/react";
import { SCHOOL } from "~/domain/brand";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { SITE_TEXTS } from "~/domain/texts/site";
import type { CompanyDetails } from "~/services/details.server";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { BrandMark, BrandName } from "./brand-logo";
import { LanguageSwitch } from "./language-switch";
import { LinkList } from "./link-list";
import { FOOTER_LINKS } from "./nav-links";

/**
 * Contact details come from the database. If they could not be read, the footer keeps showing
 * 'Loading...' and no error (spec section 2): a footer is never worth an error message.
 */
export function SiteFooter({ details }: { details: CompanyDetails | null }) {
  const t = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  const language = useLanguage();
  const loading = t("footer.loading");
  return (
    <footer className="mt-auto bg-navy-dark text-white">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <Link
            to={local("/")}
            className="inline-flex items-center gap-2.5 rounded-xl"
            aria-label={t("homeLink")}
          >
            <BrandMark className="h-11 w-11" />
            <BrandName light />
          </Link>
          <p className="mt-4 max-w-xs text-sm text-white/85">
            {t("footer.about", { school: SCHOOL.fullName })}
          </p>
        </div>
        <nav aria-label={t("footer.quickLinks")}>
          <h2 className="text-lg text-sun">{t("footer.quickLinks")}</h2>
          <LinkList
            items={FOOTER_LINKS}
            className="mt-3 space-y-2"
            linkClassName="text-white/90 underline-offset-4 hover:text-white hover:underline"
          />
        </nav>
        <div>
          <h2 className="text-lg text-sun">{t("footer.contact")}</h2>
          <address className="mt-3 space-y-3 not-italic text-white/90">
            {/* The school's address as staff wrote it (not translated: decision 0047). */}
            <p className="whitespace-pre-line" lang={details && language === "hi" ? "en" : undefined}>
              {details?.address ?? loading}
            </p>
            <p>
              {details ? (
                <a
                  href={`mailto:${details.email}`}
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {details.email}
                </a>
              ) : (
                loading
              )}
            </p>
            <p>
              {details ? (
                <a
                  href={`tel:${details.phone.replace(/[^\d+]/g, "")}`}
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {details.phone}
                </a>
              ) : (
                loading
              )}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="container-page py-5 text-sm text-white/80">
          © {new Date().getFullYear()} <span translate="no">{SCHOOL.fullName}</span>. {t("tagline")}.{" "}
          <Link
            to={local(PUBLIC_PAGES.privacy.path)}
            className="underline underline-offset-4 hover:text-white"
          >
            {t("footer.privacy")}
          </Link>{" "}
          <LanguageSwitch className="ml-2 underline underline-offset-4 hover:text-white" />
        </p>
      </div>
    </footer>
  );
}
