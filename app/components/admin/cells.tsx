import type { ReactNode } from "react";
import { formatDate, formatDateTime, formatMobile } from "~/domain/format";

/** A person's name in bold, with an optional small line under it (a grade, a birthday). */
export function PersonCell({ name, detail }: { name: string; detail?: ReactNode }) {
  return (
    <span className="flex flex-col">
      <span className="font-bold text-ink">{name}</span>
      {detail ? <span className="text-sm text-ink-soft">{detail}</span> : null}
    </span>
  );
}

/** A parent's mobile and e-mail, each a link that calls or writes. */
export function ContactCell({ mobile, email }: { mobile: string; email: string }) {
  return (
    <>
      <a
        href={`tel:${mobile}`}
        className="block whitespace-nowrap font-semibold text-navy underline-offset-2 hover:underline"
      >
        {formatMobile(mobile)}
      </a>
      <a href={`mailto:${email}`} className="block break-words text-navy underline-offset-2 hover:underline">
        {email}
      </a>
    </>
  );
}

/** When something arrived: date and time in India (wrapping between the two), machine-readable too. */
export function WhenCell({ at }: { at: Date | string }) {
  const text = formatDateTime(at);
  const cut = text.lastIndexOf(", ");
  return (
    <time dateTime={new Date(at).toISOString()}>
      {cut < 0 ? (
        text
      ) : (
        <>
          <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{" "}
          <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
        </>
      )}
    </time>
  );
}

/** A calendar date: a birthday ("2018-07-21") or the day of a moment. */
export function DateCell({ at }: { at: Date | string }) {
  const machine = typeof at === "string" && /^\d{4}-\d{2}-\d{2}$/.test(at) ? at : new Date(at).toISOString();
  return (
    <time dateTime={machine} className="whitespace-nowrap">
      {formatDate(at)}
    </time>
  );
}
