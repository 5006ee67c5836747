import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { SectionHeading } from "./section-heading";

const iconProps = {
  viewBox: "0 0 24 24",
  className: "h-7 w-7",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

const REASONS: { title: string; text: string; tone: string; icon: ReactNode }[] = [
  {
    title: "Accredited worldwide",
    text: "Accredited by a US-based consortium, the largest in the world, with over 40,000 schools in 85 countries.",
    tone: "bg-sun-100 text-coral-dark",
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="9" r="6" />
        <path d="m8.5 14-1.5 7 5-3 5 3-1.5-7" />
      </svg>
    ),
  },
  {
    title: "Most affordable",
    text: "Quality schooling for a simple yearly fee, with no daily commute or school bus to pay for.",
    tone: "bg-teal-50 text-teal",
    icon: (
      <svg {...iconProps}>
        <path d="M7 5h10M7 9h10M9 5c4 0 6 2 6 4s-2 4-6 4H7l7 6" />
      </svg>
    ),
  },
  {
    title: "Parents see progress",
    text: "Follow the time your child spends on every topic, page and module, from your own phone.",
    tone: "bg-sky-50 text-navy",
    icon: (
      <svg {...iconProps}>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </svg>
    ),
  },
  {
    title: "More than lessons",
    text: "Counselling, yoga, music, art, dance, story-telling, coding and cultural exchanges.",
    tone: "bg-coral-50 text-coral-dark",
    icon: (
      <svg {...iconProps}>
        <path d="M9 18V5l12-2v13" />
        <circle cx="6" cy="18" r="3" />
        <circle cx="18" cy="16" r="3" />
      </svg>
    ),
  },
];

export function WelcomeSection() {
  return (
    <section aria-labelledby="welcome-title" className="container-page py-16 sm:py-20">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.15fr] lg:items-center">
        <div>
          <SectionHeading
            id="welcome-title"
            eyebrow={`Welcome to ${SCHOOL.name}`}
            title="A real school that comes to your home"
          >
            <div className="space-y-4">
              <p>
                {SCHOOL.fullName} is a complete school for children from Nursery to Grade 8, taught entirely
                online. Children join live classes, make friends from many cultures, and grow at their own
                pace in a joyful learning environment.
              </p>
              <p>
                We focus on the whole child: strong academics, confidence, creativity and kindness, so every
                day ends with happy students and happy parents.
              </p>
            </div>
          </SectionHeading>
          <ButtonLink to="/about-us-zipat" variant="outline" className="mt-8">
            More about {SCHOOL.name}
          </ButtonLink>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {REASONS.map((reason) => (
            <li key={reason.title} className="rounded-4xl bg-white p-6 shadow-soft">
              <span className={`flex h-12 w-12 items-center justify-center rounded-2xl ${reason.tone}`}>
                {reason.icon}
              </span>
              <h3 className="mt-4 text-xl">{reason.title}</h3>
              <p className="mt-2 text-ink-soft">{reason.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
