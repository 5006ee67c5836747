import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ApplyBand } from "~/components/content/apply-band";
import { ContentHero } from "~/components/content/hero";
import {
  ChartIcon,
  GlobeIcon,
  HeartIcon,
  PeopleGroupIcon,
  ShieldCheckIcon,
  BooksIcon,
  CompassIcon,
} from "~/components/content/icons";
import { ContentSection } from "~/components/content/section";
import { TileGrid } from "~/components/content/tile-grid";
import { AccreditationSeal } from "~/components/illustrations/accreditation-seal";
import { SCHOOL } from "~/domain/brand";
import { ACCREDITATION } from "~/domain/claims";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { ACCREDITATION_TEXTS } from "~/domain/texts/accreditation";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { useTexts } from "~/utils/language";
import { pageHead } from "~/utils/page-head.server";

/** The accrediting network's figures, as the texts put them in. */
const NETWORK = { schools: ACCREDITATION.schools, countries: ACCREDITATION.countries };

/** Generic seals standing for the accrediting consortium (no real trademark is drawn). */
const SEALS = [
  { key: "accredited", emblem: "star", tone: "navy" },
  { key: "network", emblem: "globe", tone: "teal" },
  { key: "standards", emblem: "book", tone: "coral" },
] as const;

const WHY_IT_MATTERS = [
  { key: "recognised", icon: <GlobeIcon /> },
  { key: "checked", icon: <ShieldCheckIcon /> },
  { key: "improving", icon: <ChartIcon /> },
  { key: "peaceOfMind", icon: <HeartIcon /> },
] as const;

const CAPACITY_AREAS = [
  { key: "leadership", icon: <CompassIcon /> },
  { key: "learning", icon: <PeopleGroupIcon /> },
  { key: "resources", icon: <BooksIcon /> },
] as const;

export default function AccreditationPage() {
  const t = useTexts(ACCREDITATION_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  return (
    <>
      <ContentHero
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        illustration={
          <AccreditationSeal ringText={t("hero.ring")} emblem="star" className="mx-auto h-auto w-3/4" />
        }
      >
        <p>{t("hero.intro", { school: SCHOOL.fullName, accreditation: content("claim.accreditation") })}</p>
      </ContentHero>

      <ContentSection
        id="seals"
        eyebrow={t("seals.eyebrow")}
        title={t("seals.title")}
        intro={<p>{t("seals.intro", NETWORK)}</p>}
      >
        <ul className="grid gap-6 sm:grid-cols-3">
          {SEALS.map((seal) => (
            <li
              key={seal.key}
              className="flex flex-col items-center rounded-4xl bg-white p-6 text-center shadow-soft"
            >
              <AccreditationSeal
                ringText={t(`seal.${seal.key}.ring`, NETWORK)}
                emblem={seal.emblem}
                tone={seal.tone}
                className="h-auto w-36"
              />
              <h3 className="mt-4 text-xl">{t(`seal.${seal.key}.caption`)}</h3>
              <p className="mt-1 text-ink-soft">{t(`seal.${seal.key}.detail`, NETWORK)}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection
        id="why"
        tone="white"
        eyebrow={t("why.eyebrow")}
        title={t("why.title")}
        intro={<p>{t("why.intro")}</p>}
      >
        <TileGrid
          tiles={WHY_IT_MATTERS.map(({ key, icon }) => ({
            title: t(`why.${key}.title`),
            text: t(`why.${key}.text`),
            icon,
          }))}
          columns={4}
        />
      </ContentSection>

      <ContentSection
        id="capacity"
        eyebrow={t("capacity.eyebrow")}
        title={t("capacity.title")}
        intro={<p>{t("capacity.intro", { school: SCHOOL.name })}</p>}
      >
        <TileGrid
          tiles={CAPACITY_AREAS.map(({ key, icon }) => ({
            title: t(`capacity.${key}.title`),
            text: t(`capacity.${key}.text`),
            icon,
          }))}
        />
      </ContentSection>

      <ApplyBand />
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, in the address's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(ACCREDITATION_TEXTS, context.language);
  const content = translator(CONTENT_TEXTS, context.language);
  return pageHead(context, {
    path: PUBLIC_PAGES.accreditation.path,
    title: t("meta.title", { school: SCHOOL.fullName }),
    description: t("meta.description", {
      school: SCHOOL.fullName,
      accreditation: content("claim.accreditation"),
    }),
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
