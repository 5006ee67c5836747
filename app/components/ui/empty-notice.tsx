import type { ReactNode } from "react";

/** An empty list or a record that is not there: a friendly picture, the message as a heading, a next step. */
export function EmptyNotice({
  title,
  picture,
  heading = "h2",
  children,
}: {
  title: string;
  /** "h1" where the notice is all the page has (a not-found page). */
  heading?: "h1" | "h2";
  /** A decorative SVG drawn for this list (aria-hidden). */
  picture: ReactNode;
  children?: ReactNode;
}) {
  const Heading = heading;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-4xl bg-white px-6 py-12 text-center shadow-soft sm:px-10">
      <div className="h-28 w-28">{picture}</div>
      <Heading className="mt-6 text-2xl sm:text-3xl">{title}</Heading>
      {children ? <div className="mt-3 text-ink-soft">{children}</div> : null}
    </section>
  );
}
