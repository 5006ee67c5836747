import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useLocalHref, useTexts } from "~/utils/language";

export function AdmissionsBanner() {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="admissions-banner-title" className="bg-navy text-white">
      <div className="container-page flex flex-col gap-5 py-8 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-4">
          <p
            className="flex h-16 w-16 flex-none flex-col items-center justify-center rounded-full bg-sun text-center font-black leading-none text-ink"
            aria-hidden="true"
          >
            <span className="text-[0.65rem] uppercase tracking-wider">{t("admissions.badgeOpen")}</span>
            <span className="text-lg">{t("admissions.badgeNow")}</span>
          </p>
          <div>
            <h2 id="admissions-banner-title" className="text-2xl text-white sm:text-3xl">
              {t("admissions.title", { session: SCHOOL.session })}
            </h2>
            <p className="mt-1 text-white/90">{t("admissions.text")}</p>
          </div>
        </div>
        <ButtonLink to={local("/admissions")} variant="sun" className="self-start md:self-auto">
          {t("admissions.link")}
        </ButtonLink>
      </div>
    </section>
  );
}
