import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ApplyBand } from "~/components/content/apply-band";
import { ContentHero } from "~/components/content/hero";
import { NumberedList } from "~/components/content/numbered-list";
import { ContentSection } from "~/components/content/section";
import { Illustration } from "~/components/illustrations/illustration";
import { GLOBE_OF_FRIENDS } from "~/components/illustrations/pictures";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { ACCREDITATION } from "~/domain/claims";
import { CAREERS_EXPLORED } from "~/domain/programs";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { ABOUT_TEXTS, MISSION_POINTS } from "~/domain/texts/about";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { useLocalHref, useTexts } from "~/utils/language";
import { pageHead } from "~/utils/page-head.server";

const HIGHLIGHTS = [
  { figure: "100%", key: "online" },
  { figure: `${ACCREDITATION.schools}+`, key: "schools" },
  { figure: String(ACCREDITATION.countries), key: "countries" },
  { figure: CAREERS_EXPLORED, key: "careers" },
] as const;

export default function AboutPage() {
  const t = useTexts(ABOUT_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  const local = useLocalHref();
  const claims = {
    accreditation: content("claim.accreditation"),
    extracurriculars: content("claim.extracurriculars"),
    monitoring: content("claim.parentMonitoring"),
    careers: CAREERS_EXPLORED,
  };
  return (
    <>
      <ContentHero
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title", { school: SCHOOL.fullName })}
        illustration={<Illustration picture={GLOBE_OF_FRIENDS} priority />}
      >
        <p>{t("hero.intro", { tagline: content("tagline"), grades: content("allGrades") })}</p>
      </ContentHero>

      <ContentSection id="about" eyebrow={t("about.eyebrow")} title={t("about.title")}>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="prose-school text-lg">
            <p>{t("about.builtFor", { school: SCHOOL.name })}</p>
            <p>{t("about.accredited", claims)}</p>
            <p>{t("about.affordable", claims)}</p>
            <p>{t("about.beyond", claims)}</p>
            <div className="!mt-8 flex flex-wrap items-center gap-4">
              <ButtonLink to={local("/book-demo")} size="lg">
                {t("about.bookDemo")}
              </ButtonLink>
              <p className="text-base text-ink-soft">{t("about.demoNote")}</p>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-4 self-start">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight.key} className="rounded-3xl bg-white p-5 shadow-soft">
                <p className="text-3xl font-black text-coral-dark">{highlight.figure}</p>
                <p className="mt-1 text-sm font-semibold text-ink-soft">{t(`highlight.${highlight.key}`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </ContentSection>

      <ContentSection
        id="vision-mission"
        tone="white"
        eyebrow={t("vision.eyebrow")}
        title={t("vision.title")}
      >
        <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="self-start rounded-4xl bg-navy p-8 text-white">
            <h3 className="text-2xl text-white">{t("vision.heading")}</h3>
            <p className="mt-3 text-lg">{t("vision.text", { tagline: content("tagline") })}</p>
          </div>
          <div>
            <h3 className="text-2xl">{t("mission.heading")}</h3>
            <div className="mt-5">
              <NumberedList
                items={MISSION_POINTS.map((point) => ({ text: t(`mission.${point}`, claims) }))}
              />
            </div>
          </div>
        </div>
      </ContentSection>

      <ApplyBand />
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, in the address's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(ABOUT_TEXTS, context.language);
  const content = translator(CONTENT_TEXTS, context.language);
  return pageHead(context, {
    path: PUBLIC_PAGES.about.path,
    title: t("meta.title", { school: SCHOOL.fullName }),
    description: t("meta.description", { school: SCHOOL.fullName, grades: content("allGrades") }),
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
