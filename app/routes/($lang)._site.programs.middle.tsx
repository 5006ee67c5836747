import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useContentActions } from "~/components/content/apply-band";
import { Banner } from "~/components/content/banner";
import { CompassIcon, FriendsIcon, HeartIcon, LaptopIcon } from "~/components/content/icons";
import { ProgramPage } from "~/components/content/program-page";
import { ProgramHighlights } from "~/components/content/program-highlights";
import { CAREER_COMPASS } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { CAREERS_EXPLORED, PROGRAMS } from "~/domain/programs";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { PROGRAM_TEXTS } from "~/domain/texts/programs";
import { translator } from "~/domain/translations";
import type { PublicDataHandle } from "~/services/public-data.server";
import { useTexts } from "~/utils/language";
import { programPageHead } from "~/utils/page-head.server";

const PROGRAM = PROGRAMS.middle;

const HIGHLIGHTS = [
  { key: "subjects", icon: <LaptopIcon /> },
  { key: "careers", icon: <CompassIcon /> },
  { key: "cultures", icon: <FriendsIcon /> },
  { key: "support", icon: <HeartIcon /> },
] as const;

const LETTER_PARAGRAPHS = [1, 2, 3, 4] as const;

export default function MiddlePage() {
  const t = useTexts(PROGRAM_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  const actions = useContentActions();
  const values = {
    grades: content("program.middle.grades"),
    school: SCHOOL.name,
    careers: CAREERS_EXPLORED,
    monitoring: content("claim.parentMonitoring"),
  };
  return (
    <ProgramPage
      program={PROGRAM}
      hero={{
        title: t("middle.hero.title"),
        picture: CAREER_COMPASS,
        intro: <p>{t("middle.hero.intro", values)}</p>,
      }}
      letter={{
        title: t("middle.letter.title"),
        paragraphs: LETTER_PARAGRAPHS.map((paragraph) => t(`middle.letter.${paragraph}`, values)),
        signOff: t("middle.letter.signOff"),
      }}
    >
      <ProgramHighlights
        program={PROGRAM}
        title={t("middle.highlights.title")}
        tiles={HIGHLIGHTS.map(({ key, icon }) => ({
          title: t(`middle.highlight.${key}.title`),
          text: t(`middle.highlight.${key}.text`, values),
          icon,
        }))}
      />

      <Banner
        id="careers"
        tone="navy"
        eyebrow={t("middle.careers.eyebrow")}
        title={t("middle.careers.title", values)}
        action={actions.apply}
      >
        <p>{t("middle.careers.text", values)}</p>
      </Banner>
    </ProgramPage>
  );
}

/** The page's head (page-tags.server.ts): built on the server, in the address's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(PROGRAM_TEXTS, context.language);
  return programPageHead(context, PROGRAM, ({ grades, ages }) => ({
    title: t("middle.meta.title", { grades, ages, school: SCHOOL.fullName }),
    description: t("middle.meta.description", { grades, school: SCHOOL.fullName, careers: CAREERS_EXPLORED }),
  }));
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
