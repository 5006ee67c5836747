import { ButtonLink } from "~/components/ui/button";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useLocalHref, useTexts } from "~/utils/language";

export function DemoBanner() {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="demo-banner-title" className="container-page py-16 sm:py-20">
      <div className="relative overflow-hidden rounded-4xl bg-teal px-6 py-10 text-white sm:px-12 sm:py-14">
        <div className="absolute -right-10 -top-10 h-48 w-48 rounded-full bg-white/10" aria-hidden="true" />
        <div
          className="absolute -bottom-16 right-1/4 h-40 w-40 rounded-full bg-white/10"
          aria-hidden="true"
        />
        <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-bold uppercase tracking-widest text-sun-100">{t("demo.eyebrow")}</p>
            <h2 id="demo-banner-title" className="mt-2 text-3xl text-white sm:text-4xl">
              {t("demo.title")}
            </h2>
            <p className="mt-3 text-lg text-white/90">{t("demo.text")}</p>
          </div>
          <ButtonLink
            to={local("/book-demo")}
            variant="sun"
            size="lg"
            className="flex-none self-start md:self-auto"
          >
            {t("demo.button")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
