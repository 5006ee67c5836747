import type { ReactNode } from "react";
import { MESSAGES } from "~/domain/messages";

/** The tray's outline: one navy stroke, drawn with rounded corners. */
const TRAY_EDGE = { fill: "none", stroke: "#2E4A7D", strokeWidth: "3", strokeLinejoin: "round" } as const;

/** A friendly "nothing here yet" panel: a drawn empty tray, a title (h2) and an optional line or action. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="flex flex-col items-center rounded-4xl border-2 border-dashed border-navy/15 bg-white px-6 py-12 text-center">
      <svg viewBox="0 0 120 90" className="h-24 w-32" aria-hidden="true">
        <ellipse cx="60" cy="80" rx="44" ry="6" fill="#EEF3FA" />
        <path d="M22 44 34 18h52l12 26v26a6 6 0 0 1-6 6H28a6 6 0 0 1-6-6V44Z" fill="#FFF7E6" />
        <path d="M22 44 34 18h52l12 26M22 44v26a6 6 0 0 0 6 6h64a6 6 0 0 0 6-6V44" {...TRAY_EDGE} />
        <path d="M22 44h22a16 16 0 0 0 32 0h22" {...TRAY_EDGE} />
        <circle cx="92" cy="14" r="7" fill="#FFC93C" />
        <circle cx="24" cy="12" r="4" fill="#7BC950" />
      </svg>
      <h2 className="mt-4 text-xl">{title}</h2>
      {children ? <div className="mt-2 max-w-md text-ink-soft">{children}</div> : null}
    </section>
  );
}

/**
 * A list or page that could not load: heading (default 'An Error Occurred') and the message, in
 * role=alert so it is announced; the admin frame around it keeps working.
 */
export function ErrorState({
  message,
  heading = MESSAGES.users.errorHeading,
  children,
}: {
  message: string;
  heading?: string;
  children?: ReactNode;
}) {
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-4xl border-2 border-coral/30 bg-coral-50 px-6 py-12 text-center"
    >
      <svg viewBox="0 0 64 64" className="h-16 w-16" aria-hidden="true">
        <circle cx="32" cy="32" r="28" fill="#FF6F59" />
        <path d="M32 18v18" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
        <circle cx="32" cy="46" r="3.5" fill="#fff" />
      </svg>
      <h2 className="mt-4 text-xl text-coral-dark">{heading}</h2>
      <p className="mt-2 max-w-md font-semibold text-coral-dark">{message}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </section>
  );
}
