import { Link } from "@remix-run/react";
import { Illustration } from "~/components/illustrations/illustration";
import {
  HOME_EARLY_YEARS,
  HOME_MIDDLE,
  HOME_PRIMARY,
  type Picture,
} from "~/components/illustrations/pictures";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useLocalHref, useTexts } from "~/utils/language";
import { SectionHeading } from "./section-heading";

const PROGRAMS: { key: "earlyYears" | "primary" | "middle"; to: string; tone: string; art: Picture }[] = [
  { key: "earlyYears", to: "/programs/early-years", tone: "bg-sun-100", art: HOME_EARLY_YEARS },
  { key: "primary", to: "/programs/primary", tone: "bg-teal-50", art: HOME_PRIMARY },
  { key: "middle", to: "/programs/middle", tone: "bg-coral-50", art: HOME_MIDDLE },
];

export function ProgramTiles() {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="programs-title" className="bg-sky-50 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading
          id="programs-title"
          eyebrow={t("programs.eyebrow")}
          title={t("programs.title")}
          className="max-w-2xl"
        >
          <p>{t("programs.intro")}</p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PROGRAMS.map(({ key, to, tone, art }) => (
            <li
              key={key}
              className="group relative flex flex-col overflow-hidden rounded-4xl bg-white shadow-soft transition-shadow hover:shadow-lift"
            >
              <div className={`flex justify-center px-6 pt-6 ${tone}`}>
                <Illustration picture={art} className="h-32 w-auto" />
              </div>
              <div className="flex flex-1 flex-col p-6">
                <p className="text-sm font-bold uppercase tracking-wider text-coral">
                  {t(`programs.${key}.stage`)}
                </p>
                <h3 className="mt-1 text-2xl">
                  <Link
                    to={local(to)}
                    className="after:absolute after:inset-0 after:rounded-4xl hover:underline"
                  >
                    {t(`programs.${key}.grades`)}
                  </Link>
                </h3>
                <p className="mt-2 inline-flex self-start rounded-full bg-navy-50 px-3 py-1 text-sm font-bold text-navy">
                  {t(`programs.${key}.ages`)}
                </p>
                <p className="mt-3 flex-1 text-ink-soft">{t(`programs.${key}.summary`)}</p>
                <p className="mt-4 font-bold text-navy" aria-hidden="true">
                  {t("programs.explore")}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
