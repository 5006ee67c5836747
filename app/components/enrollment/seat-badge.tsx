import { useId } from "react";
import type { GradeAvailability, SeatAvailability } from "~/domain/seats";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { useTexts } from "~/utils/language";

/** Surface and dot of each availability; every text colour passes WCAG AA on its surface. */
const TONES: Record<SeatAvailability, { surface: string; dot: string }> = {
  AVAILABLE: { surface: "bg-leaf-50 text-teal ring-leaf", dot: "bg-leaf" },
  FEW: { surface: "bg-sun-100 text-ink ring-sun", dot: "bg-sun" },
  WAITLIST: { surface: "bg-coral-50 text-coral-dark ring-coral-light/60", dot: "bg-coral-light" },
};

/**
 * A grade's seats as a pill: "Seats available", "Few seats left" or "Waitlist only". The words
 * carry the meaning; the colour only repeats it. `wraps` lets its words take two lines on a phone
 * (in a table whose other columns need the width).
 */
export function SeatBadge({
  availability,
  wraps = false,
}: {
  availability: SeatAvailability;
  wraps?: boolean;
}) {
  const t = useTexts(SEATS_TEXTS);
  const tone = TONES[availability];
  const shape = wraps ? "rounded-2xl sm:whitespace-nowrap sm:rounded-full" : "whitespace-nowrap rounded-full";
  return (
    <span
      data-availability={availability}
      className={`inline-flex items-center gap-1.5 px-2.5 py-0.5 text-sm font-bold ring-1 ring-inset ${shape} ${tone.surface}`}
    >
      <span className={`h-2 w-2 flex-none rounded-full ${tone.dot}`} aria-hidden="true" />
      {t(`availability.${availability}`)}
    </span>
  );
}

/**
 * Every grade with its badge, under the application form's grade: readable without opening the
 * select. It takes the form's whole width (two of its columns from tablet width up).
 */
export function SeatList({ seats }: { seats: readonly GradeAvailability[] }) {
  const t = useTexts(SEATS_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl bg-sun-50 p-4 sm:col-span-2">
      <h3 id={titleId} className="text-sm font-bold text-ink">
        {t("byGrade")}
      </h3>
      <ul className="mt-2 grid gap-x-8 gap-y-2 sm:grid-cols-2">
        {seats.map(({ grade, availability }) => (
          <li key={grade} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-sm">
            <span className="font-semibold text-navy">{grades(grade)}</span>
            <SeatBadge availability={availability} />
          </li>
        ))}
      </ul>
    </section>
  );
}
