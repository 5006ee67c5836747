import type { ReactNode } from "react";
import { Line } from "~/components/illustrations/parts";

/** What a letter says: a page passes its own words (see `ProgramPage`). */
export type Letter = {
  title: ReactNode;
  paragraphs: readonly ReactNode[];
  signOff: string;
};

/** The letter's frame, in the page's language: the line above its title, the greeting, who signs. */
type LetterFrame = { eyebrow: string; greeting: string; signature: string };

/** The stamp in the letter's corner: a rounded card with a dashed edge. */
const STAMP = { x: "2", y: "2", width: "52", height: "64", rx: "4" } as const;

/** A letter from the school to parents, set as a sheet of paper with a stamp in its corner. */
export function LetterCard({
  id,
  eyebrow,
  title,
  greeting,
  paragraphs,
  signOff,
  signature,
}: Letter & LetterFrame & { id: string }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="container-page py-14 sm:py-20">
      <article className="relative mx-auto max-w-3xl overflow-hidden rounded-4xl border-t-8 border-coral-light bg-white px-6 py-10 shadow-soft sm:px-14 sm:py-14">
        <svg
          className="absolute right-5 top-5 h-16 w-14 rotate-6 sm:right-8 sm:top-8 sm:h-20 sm:w-16"
          viewBox="0 0 56 68"
          aria-hidden="true"
        >
          <rect {...STAMP} className="fill-sun-100 stroke-sun" strokeWidth="3" strokeDasharray="4 3" />
          <circle cx="28" cy="28" r="12" className="fill-coral-light" />
          <Line d="M10 54c6-8 12-8 18 0s12 8 18 0" className="stroke-teal-light" width={3} />
        </svg>
        <p className="text-sm font-bold uppercase tracking-widest text-coral-dark">{eyebrow}</p>
        <h2 id={headingId} className="mt-2 max-w-[80%] text-3xl sm:text-4xl">
          {title}
        </h2>
        <div className="prose-school mt-8 text-lg text-ink">
          <p className="font-semibold text-navy">{greeting}</p>
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <p className="mt-10 text-lg text-ink">
          {signOff}
          <span className="mt-1 block font-bold text-navy">{signature}</span>
        </p>
      </article>
    </section>
  );
}
