import type { ReactNode } from "react";

const TONES = {
  plain: "",
  white: "bg-white",
  sky: "bg-sky-50",
  cream: "bg-sun-100/60",
} as const;

/** A titled part of a content page (an h2 that names the section for screen readers). */
export function ContentSection({
  id,
  eyebrow,
  title,
  intro,
  tone = "plain",
  children,
}: {
  /** Anchor for links to this section; also names its heading. */
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  tone?: keyof typeof TONES;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`py-14 sm:py-20 ${TONES[tone]}`}>
      <div className="container-page">
        <div className="max-w-3xl">
          {eyebrow ? (
            <p className="text-sm font-bold uppercase tracking-widest text-coral-dark">{eyebrow}</p>
          ) : null}
          <h2 id={headingId} className="mt-2 text-3xl sm:text-4xl">
            {title}
          </h2>
          {intro ? <div className="mt-4 space-y-3 text-lg text-ink-soft">{intro}</div> : null}
        </div>
        <div className="mt-8 sm:mt-10">{children}</div>
      </div>
    </section>
  );
}
