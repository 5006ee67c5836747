import type { ReactNode } from "react";
import { DecorativeCircle } from "~/components/illustrations/decorative-circle";

/**
 * The top of a content page: a warm band with the page's one h1, a short introduction, its
 * main actions, and an illustration beside the text (above it on phones, kept small there so the
 * heading stays in the first screen).
 */
export function ContentHero({
  eyebrow,
  title,
  children,
  actions,
  illustration,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  illustration: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-br from-sun-100 via-sun-50 to-sky-50">
      <DecorativeCircle className="-left-24 -top-24 h-72 w-72 text-sky/50" />
      <div className="container-page relative grid items-center gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-12 lg:py-20">
        <div className="order-2 lg:order-1">
          {eyebrow ? (
            <p className="text-sm font-bold uppercase tracking-widest text-coral-dark">{eyebrow}</p>
          ) : null}
          <h1 className="mt-3 text-4xl sm:text-5xl">{title}</h1>
          {children ? <div className="mt-5 max-w-2xl space-y-3 text-lg text-ink-soft">{children}</div> : null}
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        <div className="order-1 mx-auto w-full max-w-[16rem] sm:max-w-sm lg:order-2 lg:max-w-none">
          {illustration}
        </div>
      </div>
    </div>
  );
}
