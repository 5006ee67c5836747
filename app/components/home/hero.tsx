import { Illustration } from "~/components/illustrations/illustration";
import { HOME_HERO } from "~/components/illustrations/pictures";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { HOME_TEXTS } from "~/domain/texts/home";
import { CheckList } from "~/components/ui/check-list";
import { useLocalHref, useTexts } from "~/utils/language";

/** The first screen: the page's one h1 beside the hero drawing (preloaded by the home route's `links`). */
export function HomeHero() {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="home-title" className="overflow-hidden bg-gradient-to-b from-sun-100 to-sun-50">
      <div className="container-page grid items-center gap-8 py-10 sm:py-14 lg:grid-cols-[1.25fr_1fr] lg:py-20">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-coral">{t("hero.tagline")}</p>
          <h1 id="home-title" className="mt-3 text-4xl leading-tight sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-ink-soft sm:text-xl">{t("hero.intro")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={local("/book-demo")} size="lg">
              {t("hero.bookDemo")}
            </ButtonLink>
            <ButtonLink to="#fees" variant="outline" size="lg">
              {t("hero.seeFees")}
            </ButtonLink>
          </div>
          <CheckList
            className="mt-8 gap-x-6 font-semibold text-ink sm:grid-cols-2"
            items={[
              t("hero.point.admissions", { session: SCHOOL.session }),
              t("hero.point.accredited"),
              t("hero.point.affordable"),
              t("hero.point.progress"),
            ]}
          />
        </div>
        <Illustration picture={HOME_HERO} priority className="mx-auto h-auto w-full max-w-md lg:max-w-none" />
      </div>
    </section>
  );
}
