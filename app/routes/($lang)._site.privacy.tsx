import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { DEFAULT_RETENTION_MONTHS } from "~/domain/personal-data";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy-version.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { formatLongDay } from "~/domain/format";
import { PRIVACY_TEXTS } from "~/domain/texts/privacy";
import { translator } from "~/domain/translations";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";
import type { loader as siteLoader } from "./($lang)._site";

/**
 * The privacy notice (issue 20, decision 0036) under India's Digital Personal Data Protection Act
 * 2023. Its version is PRIVACY_NOTICE_VERSION: every form that takes personal data posts it with
 * the parent's consent, and the record keeps it. Change the version whenever this text changes.
 * Its words, in English and in Hindi, are app/domain/texts/privacy.ts: the law asks that it can be
 * read in either.
 */

/** The page's head (page-tags.server.ts), in the address's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(PRIVACY_TEXTS, context.language);
  return {
    // From the loader, not imported by the page: the consent box's bundle keeps the version alone.
    version: PRIVACY_NOTICE_VERSION,
    tags: await context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.privacy.path,
      title: t("meta.title", { school: SCHOOL.fullName }),
      description: t("meta.description", { school: SCHOOL.fullName }),
    }),
  };
}

/** What each form asks for and why (`collected.{form}.…`): the forms of app/domain/forms.ts, in a parent's words. */
const COLLECTED = ["application", "demo", "enrollment", "teacher", "account"] as const;

export default function PrivacyPage() {
  const { version } = useLoaderData<typeof loader>();
  const details = useRouteLoaderData<typeof siteLoader>("routes/($lang)._site")?.details ?? null;
  const t = useTexts(PRIVACY_TEXTS);
  const language = useLanguage();
  const local = useLocalHref();
  const loading = t("loading");
  return (
    <>
      <PageHeader eyebrow={t("header.eyebrow")} title={t("header.title")}>
        {t("header.intro")}
      </PageHeader>
      <div className="container-page max-w-3xl space-y-10 py-12 sm:py-16">
        <p className="rounded-2xl bg-sky-50 px-4 py-3 text-ink" data-testid="notice-version">
          {t("version.before")}
          <strong>{version}</strong>
          {t("version.after", { date: formatLongDay(version, language) })}
        </p>

        <NoticeSection id="who" title={t("who.title")}>
          <p>{t("who.text", { school: SCHOOL.fullName })}</p>
          <address className="rounded-2xl border-2 border-navy/10 px-4 py-3 not-italic">
            <span className="block font-semibold" translate="no">
              {SCHOOL.fullName}
            </span>
            {/* The address is as staff keep it, in English on every page. */}
            <span
              className="block whitespace-pre-line"
              lang={details && language !== "en" ? "en" : undefined}
            >
              {details?.address ?? loading}
            </span>
            <span className="block">
              {t("who.email")}{" "}
              {details ? (
                <a className="text-navy underline" href={`mailto:${details.email}`}>
                  {details.email}
                </a>
              ) : (
                loading
              )}
            </span>
            <span className="block">
              {t("who.phone")} {details?.phone ?? loading}
            </span>
          </address>
        </NoticeSection>

        <NoticeSection id="collected" title={t("collected.title")}>
          <p>{t("collected.intro")}</p>
          <dl className="space-y-4">
            {COLLECTED.map((form) => (
              <div key={form} className="rounded-2xl bg-white p-4 shadow-soft">
                <dt className="font-bold text-ink">{t(`collected.${form}.form`)}</dt>
                <dd className="mt-1">
                  <span className="font-semibold">{t("collected.what")}</span>
                  {t(`collected.${form}.what`)}
                </dd>
                <dd className="mt-1">
                  <span className="font-semibold">{t("collected.why")}</span>
                  {t(`collected.${form}.why`)}
                </dd>
              </div>
            ))}
          </dl>
          <p>{t("collected.recorded")}</p>
        </NoticeSection>

        <NoticeSection id="consent" title={t("consent.title")}>
          <p>{t("consent.text")}</p>
          <p>{t("consent.withdraw")}</p>
        </NoticeSection>

        <NoticeSection id="shared" title={t("shared.title")}>
          <ul className="list-disc space-y-2 pl-6">
            <li>{t("shared.staff")}</li>
            <li>{t("shared.payments")}</li>
            <li>{t("shared.mail")}</li>
            <li>{t("shared.authorities")}</li>
          </ul>
        </NoticeSection>

        <NoticeSection id="kept" title={t("kept.title")}>
          <ul className="list-disc space-y-2 pl-6">
            <li>{t("kept.unfinished", { months: DEFAULT_RETENTION_MONTHS })}</li>
            <li>{t("kept.payments")}</li>
            <li>{t("kept.accounts")}</li>
            <li>{t("kept.teachers")}</li>
          </ul>
        </NoticeSection>

        <NoticeSection id="rights" title={t("rights.title")}>
          <p>{t("rights.intro")}</p>
          <ul className="list-disc space-y-2 pl-6">
            <li>{t("rights.see")}</li>
            <li>{t("rights.correct")}</li>
            <li>{t("rights.erase")}</li>
            <li>{t("rights.nominate")}</li>
            <li>{t("rights.complain")}</li>
          </ul>
          <p>
            {t("rights.profileBefore")}
            <Link to={local("/profile")}>{t("rights.profileLink")}</Link>
            {t("rights.profileHas")}
            <strong>{t("rights.download")}</strong>
            {t("rights.downloadWhat")}
            <strong>{t("rights.delete")}</strong>
            {t("rights.profileAfter")}
          </p>
          <p>
            <strong>{t("rights.grievanceTitle")}</strong>{" "}
            {t("rights.grievance", {
              email: details?.email ?? t("rights.grievanceEmailUnknown"),
              call: details
                ? t("rights.grievanceCallPhone", { phone: details.phone })
                : t("rights.grievanceCallUs"),
            })}
          </p>
        </NoticeSection>

        <NoticeSection id="changes" title={t("changes.title")}>
          <p>{t("changes.text")}</p>
        </NoticeSection>
      </div>
    </>
  );
}

function NoticeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 text-ink [&_a]:text-navy [&_a]:underline">
      <h2 id={`${id}-title`} className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
