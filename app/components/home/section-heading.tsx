import type { ReactNode } from "react";

/** A home section's small label, its h2 (id for aria-labelledby) and an optional intro. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  light = false,
  className = "",
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
  /** For the navy bands: white title, sun label. */
  light?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      {eyebrow ? (
        <p className={`text-sm font-bold uppercase tracking-widest ${light ? "text-sun" : "text-coral"}`}>
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className={`mt-2 text-3xl sm:text-4xl ${light ? "text-white" : ""}`}>
        {title}
      </h2>
      {children ? (
        <div className={`mt-4 text-lg ${light ? "text-white/90" : "text-ink-soft"}`}>{children}</div>
      ) : null}
    </div>
  );
}
