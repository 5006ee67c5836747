import { Glyph } from "~/components/ui/glyph";
import { STUDENT_CITIES } from "~/domain/student-cities";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useTexts } from "~/utils/language";
import { SectionHeading } from "./section-heading";

function CityList({ hidden = false }: { hidden?: boolean }) {
  const t = useTexts(HOME_TEXTS);
  return (
    <ul
      aria-label={hidden ? undefined : t("cities.list")}
      aria-hidden={hidden || undefined}
      className={`flex flex-none py-3 ${hidden ? "motion-reduce:hidden" : "motion-reduce:w-full motion-reduce:flex-auto motion-reduce:flex-wrap motion-reduce:justify-center motion-reduce:gap-y-3 motion-reduce:px-2"}`}
    >
      {STUDENT_CITIES.map((city) => (
        <li
          key={city}
          className="mx-1.5 flex items-center gap-2 whitespace-nowrap rounded-full bg-white px-4 py-2 font-bold text-navy shadow-soft sm:mx-2 sm:px-5 sm:py-3 sm:text-lg"
        >
          <Glyph className="h-5 w-5 text-coral">
            <path d="M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12Z" fill="currentColor" />
            <circle cx="12" cy="10" r="2.6" fill="#FFFFFF" />
          </Glyph>
          {t(`city.${city}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The cities scroll past in a 30-second CSS loop: the list is drawn twice and the track slides
 * by half its width, so the seam never shows. The copy is hidden from screen readers, the loop
 * pauses on hover, on focus or with the Pause switch (WCAG 2.2.2), and a visitor who prefers
 * reduced motion sees one still, wrapped list instead.
 */
export function CityCarousel() {
  const t = useTexts(HOME_TEXTS);
  return (
    <section aria-labelledby="cities-title" className="group/cities py-16 sm:py-20">
      <div className="container-page flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading
          id="cities-title"
          eyebrow={t("cities.eyebrow")}
          title={t("cities.title")}
          className="max-w-2xl"
        >
          <p>{t("cities.intro")}</p>
        </SectionHeading>
        <div className="flex-none motion-reduce:hidden">
          <input id="pause-cities" type="checkbox" className="peer sr-only" />
          <label
            htmlFor="pause-cities"
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border-2 border-navy px-4 py-2 text-sm font-bold text-navy hover:bg-navy-50 peer-checked:bg-navy peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-[3px] peer-focus-visible:outline-offset-2 peer-focus-visible:outline-coral"
          >
            <Glyph className="h-4 w-4" fill="currentColor">
              <path d="M7 5h3v14H7zM14 5h3v14h-3z" />
            </Glyph>
            {t("cities.pause")}
          </label>
        </div>
      </div>
      <div className="mt-8 overflow-hidden">
        <div className="flex w-max animate-marquee hover:[animation-play-state:paused] group-has-[:checked]/cities:[animation-play-state:paused] motion-reduce:mx-auto motion-reduce:w-auto motion-reduce:max-w-6xl motion-reduce:animate-none">
          <CityList />
          <CityList hidden />
        </div>
      </div>
    </section>
  );
}
