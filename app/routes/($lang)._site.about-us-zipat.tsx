import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ApplyBand } from "~/components/content/apply-band";
import { ContentHero } from "~/components/content/hero";
import { NumberedList } from "~/components/content/numbered-list";
import { ContentSection } from "~/components/content/section";
import { Illustration } from "~/components/illustrations/illustration";
import { GLOBE_OF_FRIENDS } from "~/components/illustrations/pictures";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import {
  ACCREDITATION,
  ACCREDITATION_SUMMARY,
  EXTRACURRICULARS_PHRASE,
  PARENT_MONITORING,
} from "~/domain/claims";
import { MESSAGES } from "~/domain/messages";
import { ALL_GRADES, CAREERS_EXPLORED } from "~/domain/programs";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";
import { pageHead } from "~/utils/page-head.server";

const HIGHLIGHTS = [
  { figure: "100%", text: "online: live classes and lessons at home" },
  { figure: `${ACCREDITATION.schools}+`, text: "schools in our accrediting network" },
  { figure: String(ACCREDITATION.countries), text: "countries where that network teaches" },
  { figure: CAREERS_EXPLORED, text: "careers explored in the middle years" },
];

const MISSION = [
  "Give every child an accredited, world-class education at home, at a fee families can truly afford.",
  "Teach in live classes where every child is seen, heard and encouraged by a teacher who knows them.",
  `Nurture the whole child, not just the report card, with ${EXTRACURRICULARS_PHRASE}.`,
  "Build multicultural classrooms where children learn with, and from, classmates of many backgrounds.",
  `Keep parents close to their child's learning, down to the ${PARENT_MONITORING}.`,
  `Open young minds to the world of work, with exposure to ${CAREERS_EXPLORED} careers in the middle years.`,
  "Hold ourselves to international standards through our accreditation, and keep improving our teaching, leadership and resources.",
];

export default function AboutPage() {
  return (
    <>
      <ContentHero
        eyebrow="About us"
        title={`Welcome to ${SCHOOL.fullName}`}
        illustration={<Illustration picture={GLOBE_OF_FRIENDS} priority />}
      >
        <p>
          {SCHOOL.tagline}. We are the only accredited 100% online school for {ALL_GRADES}: a real school,
          with real teachers and real classmates, that your child attends from home.
        </p>
      </ContentHero>

      <ContentSection id="about" eyebrow="Who we are" title="A whole school, wherever your family lives">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="prose-school text-lg">
            <p>
              {SCHOOL.name} was built for families who want the care and structure of a good school without
              the daily commute. Children join live lessons with their teachers and classmates, practise at
              their own pace in between, and grow up in multicultural classrooms that bring together children
              from many backgrounds.
            </p>
            <p>
              We are accredited by {ACCREDITATION_SUMMARY}. Our teaching, our leadership and our resources are
              reviewed against international standards, so your child&apos;s learning is recognised wherever
              life takes your family.
            </p>
            <p>
              Because there is no campus to run, we are also the most affordable accredited school you will
              find: one clear yearly fee per grade. And you never have to guess how school is going: you can
              see the {PARENT_MONITORING}.
            </p>
            <p>Beyond the timetable there is room to grow: {EXTRACURRICULARS_PHRASE}.</p>
            <div className="!mt-8 flex flex-wrap items-center gap-4">
              <ButtonLink to="/book-demo" size="lg">
                {MESSAGES.content.bookDemo}
              </ButtonLink>
              <p className="text-base text-ink-soft">A free live class, so you can see for yourself.</p>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-4 self-start">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight.text} className="rounded-3xl bg-white p-5 shadow-soft">
                <p className="text-3xl font-black text-coral-dark">{highlight.figure}</p>
                <p className="mt-1 text-sm font-semibold text-ink-soft">{highlight.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </ContentSection>

      <ContentSection
        id="vision-mission"
        tone="white"
        eyebrow="Vision and mission"
        title="What we are here to do"
      >
        <div className="grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="self-start rounded-4xl bg-navy p-8 text-white">
            <h3 className="text-2xl text-white">Our vision</h3>
            <p className="mt-3 text-lg">
              {SCHOOL.tagline}: every child, wherever they live, learning joyfully in a school that knows them
              by name and prepares them for a world without borders.
            </p>
          </div>
          <div>
            <h3 className="text-2xl">Our mission</h3>
            <div className="mt-5">
              <NumberedList items={MISSION.map((text) => ({ text }))} />
            </div>
          </div>
        </div>
      </ContentSection>

      <ApplyBand />
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return pageHead(context, {
    path: PUBLIC_PAGES.about.path,
    title: `About us | ${SCHOOL.fullName}`,
    description: `${SCHOOL.fullName} is the only accredited 100% online school for ${ALL_GRADES}. Our vision, our mission and how we teach.`,
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
