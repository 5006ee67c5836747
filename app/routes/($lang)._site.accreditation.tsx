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
import { ACCREDITATION, ACCREDITATION_SUMMARY } from "~/domain/claims";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { PublicDataHandle } from "~/services/public-data.server";
import { pageHead } from "~/utils/page-head.server";

/** Generic seals standing for the accrediting consortium (no real trademark is drawn). */
const SEALS = [
  {
    ringText: "ACCREDITED SCHOOL · 100% ONLINE ·",
    emblem: "star",
    tone: "navy",
    caption: "Accredited school",
    detail: "Recognised by the accrediting consortium as a 100% online school.",
  },
  {
    ringText: `${ACCREDITATION.schools} SCHOOLS · ${ACCREDITATION.countries} COUNTRIES ·`,
    emblem: "globe",
    tone: "teal",
    caption: "A worldwide network",
    detail: `Part of a community of over ${ACCREDITATION.schools} schools in ${ACCREDITATION.countries} countries.`,
  },
  {
    ringText: "INTERNATIONAL STANDARDS · QUALITY ·",
    emblem: "book",
    tone: "coral",
    caption: "International standards",
    detail: "Teaching, leadership and resources reviewed against international standards.",
  },
] as const;

const WHY_IT_MATTERS = [
  {
    title: "Learning that is recognised",
    text: "Accreditation tells other schools and universities that your child's learning meets international standards, in India and abroad.",
    icon: <GlobeIcon />,
  },
  {
    title: "Quality that is checked",
    text: "Independent reviewers look at how we teach, lead and plan, so our promises are checked rather than simply made.",
    icon: <ShieldCheckIcon />,
  },
  {
    title: "A school that keeps improving",
    text: "Accreditation is not a certificate on a wall: it commits us to review our work regularly and to act on what we find.",
    icon: <ChartIcon />,
  },
  {
    title: "Peace of mind for parents",
    text: "Choosing an online school is a big step. Accreditation means you are choosing one that answers to a global standard.",
    icon: <HeartIcon />,
  },
];

const CAPACITY_AREAS = [
  {
    title: "Leadership capacity",
    text: "Our leaders set a clear purpose, plan with care and involve teachers and parents in decisions, so the whole school pulls in the same direction.",
    icon: <CompassIcon />,
  },
  {
    title: "Learning capacity",
    text: "Live classes, thoughtful lessons and regular feedback help each child make real progress, and parents can see that progress for themselves.",
    icon: <PeopleGroupIcon />,
  },
  {
    title: "Resource capacity",
    text: "Qualified teachers, a dependable online classroom and well-planned learning materials, looked after so they keep serving children well.",
    icon: <BooksIcon />,
  },
];

export default function AccreditationPage() {
  return (
    <>
      <ContentHero
        eyebrow="Accreditation"
        title="An accredited school, 100% online"
        illustration={
          <AccreditationSeal
            ringText="ACCREDITED · 100% ONLINE SCHOOL ·"
            emblem="star"
            className="mx-auto h-auto w-3/4"
          />
        }
      >
        <p>
          {SCHOOL.fullName} is the only accredited 100% online school. We are accredited by{" "}
          {ACCREDITATION_SUMMARY}.
        </p>
      </ContentHero>

      <ContentSection
        id="seals"
        eyebrow="Our accreditation"
        title="Accredited by the largest accrediting community in the world"
        intro={
          <p>
            The consortium that accredits us is based in the United States and works with over{" "}
            {ACCREDITATION.schools} schools in {ACCREDITATION.countries} countries. These seals stand for what
            that membership means.
          </p>
        }
      >
        <ul className="grid gap-6 sm:grid-cols-3">
          {SEALS.map((seal) => (
            <li
              key={seal.caption}
              className="flex flex-col items-center rounded-4xl bg-white p-6 text-center shadow-soft"
            >
              <AccreditationSeal
                ringText={seal.ringText}
                emblem={seal.emblem}
                tone={seal.tone}
                className="h-auto w-36"
              />
              <h3 className="mt-4 text-xl">{seal.caption}</h3>
              <p className="mt-1 text-ink-soft">{seal.detail}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection
        id="why"
        tone="white"
        eyebrow="Why it matters"
        title="Why accreditation matters for your child"
        intro={
          <p>
            Anyone can open a website and call it a school. Accreditation is how you can tell a real one: an
            independent body has looked closely at how the school is run and how children learn there.
          </p>
        }
      >
        <TileGrid tiles={WHY_IT_MATTERS} columns={4} />
      </ContentSection>

      <ContentSection
        id="capacity"
        eyebrow="What is reviewed"
        title="Three capacity areas"
        intro={
          <p>
            Accreditation looks at a school through three areas. Here is what each one means at {SCHOOL.name}.
          </p>
        }
      >
        <TileGrid tiles={CAPACITY_AREAS} />
      </ContentSection>

      <ApplyBand />
    </>
  );
}

/** The page's head (page-tags.server.ts): built on the server, so its texts ship to no browser. */
export async function loader({ context }: LoaderFunctionArgs) {
  return pageHead(context, {
    path: PUBLIC_PAGES.accreditation.path,
    title: `Accreditation | ${SCHOOL.fullName}`,
    description: `${SCHOOL.fullName} is accredited by ${ACCREDITATION_SUMMARY}. Why it matters, and the three capacity areas it reviews.`,
  });
}

/** Its head names the school's contact details: a stored copy goes when they change. */
export const handle = { publicData: ["details"] } satisfies PublicDataHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
