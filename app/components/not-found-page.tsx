import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { SITE_TEXTS } from "~/domain/texts/site";
import { useLocalHref, useTexts } from "~/utils/language";

/** An unknown address inside the site's own navigation, with the good places to start. */
export function NotFoundPage() {
  const t = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <p className="text-7xl font-black text-coral" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl sm:text-4xl">{t("error.notFoundTitle")}</h1>
      <p className="mt-3 max-w-md text-ink-soft">
        {t("error.notFoundText")} {t("error.startHere")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={local("/")}>{t("nav.home")}</ButtonLink>
        <ButtonLink to={local("/admissions")} variant="outline">
          {t("nav.admissionsGroup")}
        </ButtonLink>
        <ButtonLink to={local("/blog")} variant="outline">
          {t("nav.blog")}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The head of that page (English: a page that does not exist has no language of its own). */
export const NOT_FOUND_META = [
  { title: `Page not found | ${SCHOOL.name}` },
  {
    name: "description",
    content: `This page of ${SCHOOL.fullName} does not exist. Start from the home page, admissions or the blog.`,
  },
];
