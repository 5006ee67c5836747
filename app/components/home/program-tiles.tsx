import { Link } from "@remix-run/react";
import { Illustration } from "~/components/illustrations/illustration";
import {
  HOME_EARLY_YEARS,
  HOME_MIDDLE,
  HOME_PRIMARY,
  type Picture,
} from "~/components/illustrations/pictures";
import { SectionHeading } from "./section-heading";

const PROGRAMS: {
  to: string;
  stage: string;
  grades: string;
  ages: string;
  summary: string;
  tone: string;
  art: Picture;
}[] = [
  {
    to: "/programs/early-years",
    stage: "Early Years",
    grades: "Nursery & K.G.",
    ages: "3+ years",
    summary: "Play, stories and songs that grow curiosity, language and a love of numbers.",
    tone: "bg-sun-100",
    art: HOME_EARLY_YEARS,
  },
  {
    to: "/programs/primary",
    stage: "Primary",
    grades: "Grade 1 to 5",
    ages: "5+ years",
    summary: "Strong foundations in reading, writing, mathematics and science, taught live.",
    tone: "bg-teal-50",
    art: HOME_PRIMARY,
  },
  {
    to: "/programs/middle",
    stage: "Middle",
    grades: "Grade 6 to 8",
    ages: "10+ years",
    summary: "Deeper subjects and exposure to 100+ careers, to find what they love.",
    tone: "bg-coral-50",
    art: HOME_MIDDLE,
  },
];

export function ProgramTiles() {
  return (
    <section aria-labelledby="programs-title" className="bg-sky-50 py-16 sm:py-20">
      <div className="container-page">
        <SectionHeading
          id="programs-title"
          eyebrow="Our programs"
          title="A program for every stage"
          className="max-w-2xl"
        >
          <p>
            From a first day of school at three to the doorstep of high school, one school grows with your
            child.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {PROGRAMS.map(({ art, ...program }) => (
            <li
              key={program.to}
              className="group relative flex flex-col overflow-hidden rounded-4xl bg-white shadow-soft transition-shadow hover:shadow-lift"
            >
              <div className={`flex justify-center px-6 pt-6 ${program.tone}`}>
                <Illustration picture={art} className="h-32 w-auto" />
              </div>
              <div className="flex flex-1 flex-col p-6">
                <p className="text-sm font-bold uppercase tracking-wider text-coral">{program.stage}</p>
                <h3 className="mt-1 text-2xl">
                  <Link
                    to={program.to}
                    className="after:absolute after:inset-0 after:rounded-4xl hover:underline"
                  >
                    {program.grades}
                  </Link>
                </h3>
                <p className="mt-2 inline-flex self-start rounded-full bg-navy-50 px-3 py-1 text-sm font-bold text-navy">
                  {program.ages}
                </p>
                <p className="mt-3 flex-1 text-ink-soft">{program.summary}</p>
                <p className="mt-4 font-bold text-navy" aria-hidden="true">
                  Explore the program →
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
