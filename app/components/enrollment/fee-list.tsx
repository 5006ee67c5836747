import type { GradeFee } from "~/services/grades.server";
import { formatRupees } from "~/domain/format";
import type { Grade } from "~/domain/grades";
import type { GradeAvailability } from "~/domain/seats";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { useLanguage, useTexts } from "~/utils/language";
import { EnrollLink } from "./enroll-link";
import { SeatBadge } from "./seat-badge";
import { WaitlistLink } from "./waitlist-link";

/**
 * Every grade's yearly fee, age band and seats with its 'Enroll Now' link (for a full grade, the
 * way onto its waitlist): one card per grade, stacked on a phone and laid out as a row from
 * tablet width up.
 */
export function FeeList({
  fees,
  seats,
  label,
}: {
  fees: readonly GradeFee[];
  seats: readonly GradeAvailability[];
  label: string;
}) {
  const language = useLanguage();
  const t = useTexts(ENROLLMENT_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  const availabilityOf = (grade: Grade) =>
    seats.find((row) => row.grade === grade)?.availability ?? "AVAILABLE";
  return (
    <ul aria-label={label} className="space-y-3">
      {fees.map(({ grade, fee }) => (
        <li
          key={grade}
          className="grid gap-4 rounded-3xl bg-white p-5 shadow-soft sm:grid-cols-[minmax(0,1fr)_7rem_15rem] sm:items-center sm:gap-6 sm:px-6"
        >
          <div>
            <h3 className="text-xl">{grades(grade)}</h3>
            <p className="text-sm text-ink-soft">
              {t("age")} {grades(`age.${grade}`)}
            </p>
            <p className="mt-2">
              <SeatBadge availability={availabilityOf(grade)} />
            </p>
          </div>
          <dl className="flex items-baseline gap-2 sm:block sm:text-right">
            <dt className="text-sm font-semibold text-ink-soft">{t("yearlyFee")}</dt>
            <dd className="text-2xl font-black text-ink">{formatRupees(fee, language)}</dd>
          </dl>
          {availabilityOf(grade) === "WAITLIST" ? (
            <WaitlistLink grade={grade} className="w-full whitespace-nowrap sm:w-auto sm:justify-self-end" />
          ) : (
            <EnrollLink
              grade={grade}
              size="sm"
              className="w-full whitespace-nowrap sm:w-auto sm:justify-self-end"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
