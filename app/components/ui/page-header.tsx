import type { ReactNode } from "react";

/** A soft circle of light behind the header's text (decorative, drawn inline: no request). */
function Glow({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 100 100" aria-hidden="true">
      <circle cx="50" cy="50" r="50" fill="currentColor" />
    </svg>
  );
}

/** The coloured band at the top of an inner page: a small label, the title, one line of intro. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden bg-navy text-white">
      <Glow className="absolute -right-16 -top-16 h-64 w-64 text-white/5" />
      <Glow className="absolute -bottom-24 left-1/3 h-48 w-48 text-sky/15" />
      <div className="container-page relative py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-bold uppercase tracking-widest text-sun">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl text-white sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg text-white/90">{children}</div> : null}
      </div>
    </div>
  );
}

/** A white rounded card that holds a form. */
export function FormCard({
  id,
  title,
  description,
  children,
}: {
  /** For a link (or a form's action) to come back to this card. */
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby="form-title"
      className="scroll-mt-24 rounded-4xl bg-white p-6 shadow-soft sm:p-10"
    >
      <h2 id="form-title" className="text-2xl sm:text-3xl">
        {title}
      </h2>
      {description ? <p className="mt-2 text-ink-soft">{description}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** A form page's body: the form card beside a short aside (below it on phones). */
export function FormPageBody({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <div className="container-page grid gap-10 py-12 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {children}
      {aside}
    </div>
  );
}
