import { STATUS_TONE } from "~/domain/record-kinds";
import { statusLabel, type OfferStatus, type StatusTone, type WaitlistStatus } from "~/domain/statuses";

export type Tone = StatusTone | "gray";

/** Background, text and ring of each tone; every pairing passes WCAG AA (the dot carries the bright colour). */
const TONE_CLASSES: Record<Tone, { surface: string; dot: string }> = {
  yellow: { surface: "bg-sun-100 text-ink ring-sun", dot: "bg-sun" },
  blue: { surface: "bg-sky-50 text-navy ring-sky", dot: "bg-navy" },
  green: { surface: "bg-leaf-50 text-teal ring-leaf", dot: "bg-leaf" },
  red: { surface: "bg-coral-50 text-coral-dark ring-coral-light/60", dot: "bg-coral-light" },
  gray: { surface: "bg-navy-50 text-ink-soft ring-navy/20", dot: "bg-ink-soft" },
};

/** Tailwind classes that colour a surface (badge, select) in a tone. */
export const toneSurface = (tone: Tone) => TONE_CLASSES[tone].surface;

/**
 * A seat offer's status and a waitlist place's (issue 38), on the record page, in its history and
 * on the profile: waiting for the family yellow, a seat taken green, a seat let go red.
 */
const SEAT_TONE: Partial<Record<OfferStatus | WaitlistStatus, Tone>> = {
  OFFERED: "yellow",
  ACCEPTED: "green",
  DECLINED: "red",
  EXPIRED: "red",
  WITHDRAWN: "red",
  WAITING: "blue",
  PROMOTED: "green",
};

/** The tone of a record's status (spec section 4) or a seat offer's, gray for anything else. */
export function toneOf(status: string): Tone {
  return STATUS_TONE[status] ?? SEAT_TONE[status as OfferStatus] ?? "gray";
}

/** A coloured pill with a dot: a status (tone from STATUS_TONE) or any short label with a given tone. */
export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: Tone }) {
  const shown = tone ?? toneOf(status);
  return (
    <span
      data-tone={shown}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-sm font-bold ring-1 ring-inset ${toneSurface(shown)}`}
    >
      <span className={`h-2 w-2 rounded-full ${TONE_CLASSES[shown].dot}`} aria-hidden="true" />
      {label ?? statusLabel(status)}
    </span>
  );
}
