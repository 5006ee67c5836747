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
import type { Letter } from "~/components/content/letter";
import { ProgramPage, type ProgramHeroContent } from "~/components/content/program-page";
import { ContentSection } from "~/components/content/section";
import { TileGrid } from "~/components/content/tile-grid";
import { CHILD_LEARNING_AT_HOME } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import { PARENT_MONITORING } from "~/domain/claims";
import { AGE_ELIGIBILITY } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { PROGRAMS, programAges } from "~/domain/programs";
import type { PublicDataHandle } from "~/services/public-data.server";
import { programPageHead } from "~/utils/page-head.server";

const PROGRAM = PROGRAMS.earlyYears;

/** Howard Gardner's multiple intelligences, as young children meet them in our classes. */
const INTELLIGENCES = [
  {
    label: "Linguistic",
    title: "Word smart",
    text: "Stories, rhymes and show-and-tell build a love of words, and the confidence to speak up in class.",
    icon: <SpeechBubbleIcon />,
  },
  {
    label: "Logical-mathematical",
    title: "Number smart",
    text: "Sorting, counting, patterns and puzzles with things from around the house turn maths into a game.",
    icon: <ShapesIcon />,
  },
  {
    label: "Musical",
    title: "Music smart",
    text: "Songs, rhythm and clapping games train the ear, the memory and a sense of joy in learning.",
    icon: <MusicNoteIcon />,
  },
  {
    label: "Bodily-kinesthetic",
    title: "Body smart",
    text: "Yoga, dance and action songs get little bodies moving, and build balance and coordination.",
    icon: <JumpingChildIcon />,
  },
  {
    label: "Naturalist",
    title: "Nature smart",
    text: "Plants on the windowsill, birds on the balcony, the weather outside: the world at home becomes a science lab.",
    icon: <LeafIcon />,
  },
  {
    label: "Interpersonal",
    title: "People smart",
    text: "Circle time with classmates from many backgrounds teaches sharing, taking turns and making friends.",
    icon: <FriendsIcon />,
  },
];

const FOCUS_AREAS = [
  "Language and early literacy",
  "Numbers and early maths",
  "Fine and gross motor skills",
  "Social and emotional growth",
  "Creativity through art, music and dance",
  "Curiosity about the world",
];

const HERO: ProgramHeroContent = {
  title: MESSAGES.content.earlyYearsHero,
  picture: CHILD_LEARNING_AT_HOME,
  intro: (
    <p>
      Playful live classes, caring teachers and plenty of songs, stories and movement: {PROGRAM.grades} at{" "}
      {SCHOOL.name}, from the comfort and safety of your home.
    </p>
  ),
};

const LETTER: Letter = {
  title: "Your child's first school, with you close by",
  paragraphs: [
    "The first school is where a child learns that learning is fun. We take that job seriously, and we do it playfully.",
    "Our Nursery and K.G. classes are short, live and lively. Your child sings, listens to stories, counts, draws, moves and chats with a teacher who knows them by name and with classmates from many backgrounds. Between classes, gentle activities use things you already have at home.",
    `You are never left wondering how things are going. You can see the ${PARENT_MONITORING}, and our teachers are happy to talk whenever you have a question.`,
    "Most of all, we want your child to look forward to school every day. Happy students make happy parents, and that is how we measure ourselves.",
  ],
  signOff: "With warmth,",
  signature: `The Early Years team, ${SCHOOL.fullName}`,
};

export default function EarlyYearsPage() {
  const actions = useContentActions();
  return (
    <ProgramPage
      program={PROGRAM}
      hero={HERO}
      beforeLetter={
        <ApplyBand tone="coral" title={`Admissions open for ${SCHOOL.session}`}>
          <p>
            Seats are available in both grades. Nursery welcomes children aged {AGE_ELIGIBILITY.Nursery}, and
            K.G. children aged {AGE_ELIGIBILITY.Kindergarten}.
          </p>
        </ApplyBand>
      }
      letter={LETTER}
    >
      <ContentSection
        id="intelligences"
        tone="white"
        eyebrow="Multiple intelligences"
        title="Six ways to be clever"
        intro={
          <p>
            Every child is clever in their own way. Our early years classes give each of these six
            intelligences room to grow, so your child discovers what they love and builds on it.
          </p>
        }
      >
        <TileGrid tiles={INTELLIGENCES} />
      </ContentSection>

      <Banner
        id="focus"
        tone="sun"
        eyebrow="Areas of focus"
        title="What we nurture in the early years"
        aside={
          <ul className="grid gap-3 sm:grid-cols-2">
            {FOCUS_AREAS.map((area) => (
              <li
                key={area}
                className="flex items-center gap-3 rounded-2xl bg-white/80 px-4 py-3 font-semibold text-ink"
              >
                <span className="h-3 w-3 flex-none rounded-full bg-coral" aria-hidden="true" />
                {area}
              </li>
            ))}
          </ul>
        }
      >
        <p>
          A balanced start that prepares your child for Grade 1 and, more importantly, for a lifetime of
          learning.
        </p>
      </Banner>

      <Banner
        id="closing"
        tone="teal"
        eyebrow={SCHOOL.tagline}
        title="Give your little one a joyful start"
        action={actions.demo}
      >
        <p>
          Join a free live class together and see your child light up. No commute, no crowded classroom: just
          learning and laughter at home.
        </p>
      </Banner>
    </ProgramPage>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return programPageHead(context, PROGRAM, {
    title: `${PROGRAM.grades} (${programAges(PROGRAM)}) | ${SCHOOL.fullName}`,
    description: `${MESSAGES.content.earlyYearsHero}: live, playful ${PROGRAM.grades} classes at ${SCHOOL.fullName}. Admissions open for ${SCHOOL.session}.`,
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
