import type { ReactNode } from "react";
import { DecorativeCircle } from "~/components/illustrations/decorative-circle";
import { ButtonLink, type ButtonStyle } from "~/components/ui/button";
import { useLocalHref } from "~/utils/language";

/** Each tone pairs its background with text and a button that pass AA on it. */
const TONES: Record<
  "coral" | "navy" | "teal" | "sun",
  { box: string; heading: string; body: string; button: ButtonStyle["variant"]; glow: string }
> = {
  coral: {
    box: "bg-coral",
    heading: "text-white",
    body: "text-white",
    button: "sun",
    glow: "text-ink/10",
  },
  navy: { box: "bg-navy", heading: "text-white", body: "text-white", button: "sun", glow: "text-sky/15" },
  teal: {
    box: "bg-teal",
    heading: "text-white",
    body: "text-white",
    button: "sun",
    glow: "text-ink/10",
  },
  sun: {
    box: "bg-sun",
    heading: "text-navy-dark",
    body: "text-ink",
    button: "secondary",
    glow: "text-white/40",
  },
};

export type BannerTone = keyof typeof TONES;

/** A banner's button: an in-site address (shown in the page's language) and its label. */
export type BannerAction = { to: string; label: string };

/** A bright rounded band with one message and (usually) one call to action. */
export function Banner({
  id,
  tone,
  eyebrow,
  title,
  children,
  action,
  aside,
}: {
  id: string;
  tone: BannerTone;
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: BannerAction;
  /** Shown beside the text on wide screens, below it on phones (a list, an illustration). */
  aside?: ReactNode;
}) {
  const colours = TONES[tone];
  const local = useLocalHref();
  const headingId = `${id}-title`;
  const button = action ? (
    <ButtonLink to={local(action.to)} variant={colours.button} size="lg" className="justify-self-start">
      {action.label}
    </ButtonLink>
  ) : null;
  return (
    <section id={id} aria-labelledby={headingId} className="container-page py-8 sm:py-10">
      <div className={`relative overflow-hidden rounded-4xl px-6 py-10 sm:px-12 sm:py-12 ${colours.box}`}>
        <DecorativeCircle className={`-bottom-20 -right-20 h-64 w-64 ${colours.glow}`} />
        <div
          className={`relative grid items-center gap-8 ${aside ? "lg:grid-cols-2" : "md:grid-cols-[minmax(0,1fr)_auto]"}`}
        >
          <div>
            {eyebrow ? (
              <p className={`text-sm font-bold uppercase tracking-widest ${colours.body}`}>{eyebrow}</p>
            ) : null}
            <h2 id={headingId} className={`mt-2 text-3xl sm:text-4xl ${colours.heading}`}>
              {title}
            </h2>
            {children ? (
              <div className={`mt-4 max-w-2xl space-y-3 text-lg ${colours.body}`}>{children}</div>
            ) : null}
            {aside && button ? <div className="mt-8">{button}</div> : null}
          </div>
          {aside ?? button}
        </div>
      </div>
    </section>
  );
}
