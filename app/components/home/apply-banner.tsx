import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useLocalHref, useTexts } from "~/utils/language";

export function ApplyBanner() {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="apply-title" className="container-page pb-20">
      <div className="rounded-4xl bg-sun px-6 py-12 text-center sm:px-12">
        <h2 id="apply-title" className="text-3xl text-ink sm:text-4xl">
          {t("apply.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-ink">
          {t("apply.text", { session: SCHOOL.session })}
        </p>
        <ButtonLink to={local("/apply")} variant="secondary" size="lg" className="mt-8">
          {t("apply.button")}
        </ButtonLink>
      </div>
    </section>
  );
}
