import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useContentActions } from "~/components/content/apply-band";
import { Banner } from "~/components/content/banner";
import { BooksIcon, ChartIcon, GlobeIcon, SparkIcon } from "~/components/content/icons";
import type { Letter } from "~/components/content/letter";
import { ProgramPage, type ProgramHeroContent } from "~/components/content/program-page";
import { ProgramHighlights } from "~/components/content/program-highlights";
import { ONLINE_CLASSROOM } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { EXTRACURRICULARS_PHRASE, PARENT_MONITORING } from "~/domain/claims";
import { PROGRAMS, programAges } from "~/domain/programs";
import type { PublicDataHandle } from "~/services/public-data.server";
import { programPageHead } from "~/utils/page-head.server";

const PROGRAM = PROGRAMS.primary;

const HIGHLIGHTS = [
  {
    title: "Live classes with real teachers",
    text: "Your child learns with a teacher and classmates in real time: asking questions, answering them and working together.",
    icon: <BooksIcon />,
  },
  {
    title: "Practice at their own pace",
    text: "Between classes, lessons and activities let your child go over what is tricky and race ahead with what they love.",
    icon: <SparkIcon />,
  },
  {
    title: "Progress you can see",
    text: `You can follow the ${PARENT_MONITORING}, so you always know where your child is and where to help.`,
    icon: <ChartIcon />,
  },
  {
    title: "More than the timetable",
    text: `A world beyond the textbook: ${EXTRACURRICULARS_PHRASE}, with classmates from many backgrounds.`,
    icon: <GlobeIcon />,
  },
];

const HERO: ProgramHeroContent = {
  title: "Primary years: strong roots, joyful learning",
  picture: ONLINE_CLASSROOM,
  intro: (
    <p>
      From {PROGRAM.grades}, children build confident reading, writing and number skills, and the curiosity to
      keep asking why, in live online classes that feel like a real classroom.
    </p>
  ),
};

const LETTER: Letter = {
  title: "The years that shape a learner",
  paragraphs: [
    "The primary years are when children learn how to learn. Reading becomes a pleasure, numbers start to make sense, and a child discovers that effort pays off.",
    `At ${SCHOOL.name}, your child spends these years in live classes with a teacher who knows them well and classmates from many backgrounds. Lessons are clear, active and full of questions, and practice in between lets each child move at the pace that suits them.`,
    `You will always know how things are going: you can see the ${PARENT_MONITORING}. When something needs attention, you will know early, and so will we.`,
    "We also make room for the things that make childhood rich: music, art, dance, yoga, story-telling and coding, and a counsellor who listens. A happy child learns better, and we never forget it.",
  ],
  signOff: "Warm regards,",
  signature: `The Primary team, ${SCHOOL.fullName}`,
};

export default function PrimaryPage() {
  const actions = useContentActions();
  return (
    <ProgramPage program={PROGRAM} hero={HERO} letter={LETTER}>
      <ProgramHighlights program={PROGRAM} title="How your child learns with us" tiles={HIGHLIGHTS} />

      <Banner
        id="tagline"
        tone="coral"
        eyebrow={`Admissions open for ${SCHOOL.session}`}
        title={SCHOOL.tagline}
        action={actions.apply}
      >
        <p>
          Children who love learning, and parents who can see it happen. That is the promise of our primary
          years, and seats are open in every grade from {PROGRAM.grades}.
        </p>
      </Banner>
    </ProgramPage>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return programPageHead(context, PROGRAM, {
    title: `Primary, ${PROGRAM.grades} (${programAges(PROGRAM)}) | ${SCHOOL.fullName}`,
    description: `Live online classes for ${PROGRAM.grades} at ${SCHOOL.fullName}: strong foundations, progress parents can see, and a joyful school day at home.`,
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
