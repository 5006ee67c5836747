import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useContentActions } from "~/components/content/apply-band";
import { Banner } from "~/components/content/banner";
import { BooksIcon, ChartIcon, GlobeIcon, SparkIcon } from "~/components/content/icons";
import { ProgramPage } from "~/components/content/program-page";
import { ProgramHighlights } from "~/components/content/program-highlights";
import { ONLINE_CLASSROOM } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { PROGRAMS } from "~/domain/programs";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { PROGRAM_TEXTS } from "~/domain/texts/programs";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { useTexts } from "~/utils/language";
import { programPageHead } from "~/utils/page-head.server";

const PROGRAM = PROGRAMS.primary;

const HIGHLIGHTS = [
  { key: "live", icon: <BooksIcon /> },
  { key: "pace", icon: <SparkIcon /> },
  { key: "progress", icon: <ChartIcon /> },
  { key: "beyond", icon: <GlobeIcon /> },
] as const;

const LETTER_PARAGRAPHS = [1, 2, 3, 4] as const;

export default function PrimaryPage() {
  const t = useTexts(PROGRAM_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  const actions = useContentActions();
  const values = {
    grades: content("program.primary.grades"),
    school: SCHOOL.name,
    monitoring: content("claim.parentMonitoring"),
    extracurriculars: content("claim.extracurriculars"),
  };
  return (
    <ProgramPage
      program={PROGRAM}
      hero={{
        title: t("primary.hero.title"),
        picture: ONLINE_CLASSROOM,
        intro: <p>{t("primary.hero.intro", values)}</p>,
      }}
      letter={{
        title: t("primary.letter.title"),
        paragraphs: LETTER_PARAGRAPHS.map((paragraph) => t(`primary.letter.${paragraph}`, values)),
        signOff: t("primary.letter.signOff"),
      }}
    >
      <ProgramHighlights
        program={PROGRAM}
        title={t("primary.highlights.title")}
        tiles={HIGHLIGHTS.map(({ key, icon }) => ({
          title: t(`primary.highlight.${key}.title`),
          text: t(`primary.highlight.${key}.text`, values),
          icon,
        }))}
      />

      <Banner
        id="tagline"
        tone="coral"
        eyebrow={t("admissionsOpen", { session: SCHOOL.session })}
        title={content("tagline")}
        action={actions.apply}
      >
        <p>{t("primary.tagline.text", values)}</p>
      </Banner>
    </ProgramPage>
  );
}

/** The page's head (page-tags.server.ts): built on the server, in the address's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(PROGRAM_TEXTS, context.language);
  return programPageHead(context, PROGRAM, ({ grades, ages }) => ({
    title: t("primary.meta.title", { grades, ages, school: SCHOOL.fullName }),
    description: t("primary.meta.description", { grades, school: SCHOOL.fullName }),
  }));
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
