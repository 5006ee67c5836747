import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useContentActions } from "~/components/content/apply-band";
import { Banner } from "~/components/content/banner";
import { CompassIcon, FriendsIcon, HeartIcon, LaptopIcon } from "~/components/content/icons";
import type { Letter } from "~/components/content/letter";
import { ProgramPage, type ProgramHeroContent } from "~/components/content/program-page";
import { ProgramHighlights } from "~/components/content/program-highlights";
import { CAREER_COMPASS } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { PARENT_MONITORING } from "~/domain/claims";
import { CAREERS_EXPLORED, PROGRAMS, programAges } from "~/domain/programs";
import type { PublicDataHandle } from "~/services/public-data.server";
import { programPageHead } from "~/utils/page-head.server";

const PROGRAM = PROGRAMS.middle;

const HIGHLIGHTS = [
  {
    title: "Deeper subjects",
    text: "Science, mathematics and languages taught in depth by subject teachers, in live classes that leave room for debate.",
    icon: <LaptopIcon />,
  },
  {
    title: "Careers, up close",
    text: `Exposure to ${CAREERS_EXPLORED} careers helps students connect what they learn today with the work they might love tomorrow.`,
    icon: <CompassIcon />,
  },
  {
    title: "Friends across cultures",
    text: "Multicultural classrooms and cultural exchanges teach students to listen, collaborate and see the world from other points of view.",
    icon: <FriendsIcon />,
  },
  {
    title: "Support that listens",
    text: "Counselling, yoga and the arts help young teens handle growing up with confidence and calm.",
    icon: <HeartIcon />,
  },
];

const HERO: ProgramHeroContent = {
  title: "Middle school: find what you love",
  picture: CAREER_COMPASS,
  intro: (
    <p>
      In {PROGRAM.grades}, students go deeper into every subject, take charge of their own learning and
      explore {CAREERS_EXPLORED} careers along the way.
    </p>
  ),
};

const LETTER: Letter = {
  title: "Growing up, and growing in confidence",
  paragraphs: [
    "The middle years are full of change. Your child is becoming more independent, asking bigger questions and starting to wonder what they want to do with their life.",
    `At ${SCHOOL.name}, we meet them there. Subjects go deeper, projects get more ambitious, and students learn to plan their time and own their progress, with teachers who guide rather than simply instruct.`,
    `Students are introduced to ${CAREERS_EXPLORED} careers, so the question "why are we learning this?" always has an answer. You stay in the picture too: you can see the ${PARENT_MONITORING}.`,
    "And because growing up is not only about marks, counselling, yoga, the arts and cultural exchanges are part of every week.",
  ],
  signOff: "With best wishes,",
  signature: `The Middle School team, ${SCHOOL.fullName}`,
};

export default function MiddlePage() {
  const actions = useContentActions();
  return (
    <ProgramPage program={PROGRAM} hero={HERO} letter={LETTER}>
      <ProgramHighlights program={PROGRAM} title="Ready for what comes next" tiles={HIGHLIGHTS} />

      <Banner
        id="careers"
        tone="navy"
        eyebrow="Career exposure"
        title={`Exposure to ${CAREERS_EXPLORED} careers`}
        action={actions.apply}
      >
        <p>
          Engineering and medicine, design and coding, science, the arts and business: our middle school
          students explore the work behind {CAREERS_EXPLORED} careers, and find out what excites them.
        </p>
      </Banner>
    </ProgramPage>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return programPageHead(context, PROGRAM, {
    title: `Middle school, ${PROGRAM.grades} (${programAges(PROGRAM)}) | ${SCHOOL.fullName}`,
    description: `${PROGRAM.grades} at ${SCHOOL.fullName}: deeper subjects, multicultural classrooms and exposure to ${CAREERS_EXPLORED} careers.`,
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
