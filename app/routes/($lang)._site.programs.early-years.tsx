import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ApplyBand, useContentActions } from "~/components/content/apply-band";
import { Banner } from "~/components/content/banner";
import {
  FriendsIcon,
  JumpingChildIcon,
  LeafIcon,
  MusicNoteIcon,
  ShapesIcon,
  SpeechBubbleIcon,
} from "~/components/content/icons";
import { ProgramPage } from "~/components/content/program-page";
import { ContentSection } from "~/components/content/section";
import { TileGrid } from "~/components/content/tile-grid";
import { CHILD_LEARNING_AT_HOME } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { PROGRAMS } from "~/domain/programs";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { PROGRAM_TEXTS } from "~/domain/texts/programs";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { useTexts } from "~/utils/language";
import { programPageHead } from "~/utils/page-head.server";

const PROGRAM = PROGRAMS.earlyYears;

/** Howard Gardner's multiple intelligences, as young children meet them in our classes. */
const INTELLIGENCES = [
  { key: "linguistic", icon: <SpeechBubbleIcon /> },
  { key: "logical", icon: <ShapesIcon /> },
  { key: "musical", icon: <MusicNoteIcon /> },
  { key: "bodily", icon: <JumpingChildIcon /> },
  { key: "naturalist", icon: <LeafIcon /> },
  { key: "interpersonal", icon: <FriendsIcon /> },
] as const;

const FOCUS_AREAS = ["language", "numbers", "motor", "social", "creativity", "curiosity"] as const;

const LETTER_PARAGRAPHS = [1, 2, 3, 4] as const;

export default function EarlyYearsPage() {
  const t = useTexts(PROGRAM_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  const actions = useContentActions();
  const monitoring = content("claim.parentMonitoring");
  return (
    <ProgramPage
      program={PROGRAM}
      hero={{
        title: t("earlyYears.hero.title"),
        picture: CHILD_LEARNING_AT_HOME,
        intro: (
          <p>
            {t("earlyYears.hero.intro", {
              grades: content("program.earlyYears.grades"),
              school: SCHOOL.name,
            })}
          </p>
        ),
      }}
      beforeLetter={
        <ApplyBand tone="coral" title={t("admissionsOpen", { session: SCHOOL.session })}>
          <p>
            {t("earlyYears.admissions.text", {
              nursery: grades("age.Nursery"),
              kindergarten: grades("age.Kindergarten"),
            })}
          </p>
        </ApplyBand>
      }
      letter={{
        title: t("earlyYears.letter.title"),
        paragraphs: LETTER_PARAGRAPHS.map((paragraph) => t(`earlyYears.letter.${paragraph}`, { monitoring })),
        signOff: t("earlyYears.letter.signOff"),
      }}
    >
      <ContentSection
        id="intelligences"
        tone="white"
        eyebrow={t("earlyYears.intelligences.eyebrow")}
        title={t("earlyYears.intelligences.title")}
        intro={<p>{t("earlyYears.intelligences.intro")}</p>}
      >
        <TileGrid
          tiles={INTELLIGENCES.map(({ key, icon }) => ({
            label: t(`earlyYears.intelligence.${key}.label`),
            title: t(`earlyYears.intelligence.${key}.title`),
            text: t(`earlyYears.intelligence.${key}.text`),
            icon,
          }))}
        />
      </ContentSection>

      <Banner
        id="focus"
        tone="sun"
        eyebrow={t("earlyYears.focus.eyebrow")}
        title={t("earlyYears.focus.title")}
        aside={
          <ul className="grid gap-3 sm:grid-cols-2">
            {FOCUS_AREAS.map((area) => (
              <li
                key={area}
                className="flex items-center gap-3 rounded-2xl bg-white/80 px-4 py-3 font-semibold text-ink"
              >
                <span className="h-3 w-3 flex-none rounded-full bg-coral" aria-hidden="true" />
                {t(`earlyYears.focus.${area}`)}
              </li>
            ))}
          </ul>
        }
      >
        <p>{t("earlyYears.focus.text")}</p>
      </Banner>

      <Banner
        id="closing"
        tone="teal"
        eyebrow={content("tagline")}
        title={t("earlyYears.closing.title")}
        action={actions.demo}
      >
        <p>{t("earlyYears.closing.text")}</p>
      </Banner>
    </ProgramPage>
  );
}

/** The page's head (page-tags.server.ts): built on the server, in the address's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(PROGRAM_TEXTS, context.language);
  return programPageHead(context, PROGRAM, ({ grades, ages }) => ({
    title: t("earlyYears.meta.title", { grades, ages, school: SCHOOL.fullName }),
    description: t("earlyYears.meta.description", {
      title: t("earlyYears.hero.title"),
      grades,
      school: SCHOOL.fullName,
      session: SCHOOL.session,
    }),
  }));
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
