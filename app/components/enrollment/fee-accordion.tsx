import { Glyph } from "~/components/ui/glyph";
import type { GradeFee } from "~/services/grades.server";
import type { GradeAvailability } from "~/domain/seats";
import { formatRupees } from "~/domain/format";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { useLanguage, useTexts } from "~/utils/language";
import { EnrollLink } from "./enroll-link";
import { SeatBadge } from "./seat-badge";
import { WaitlistLink } from "./waitlist-link";

/**
 * One panel per grade, one open at a time: `<details>` sharing a `name` is an exclusive
 * accordion in the browser itself, so it needs no script and clicking the open one closes it.
 * The first grade starts open to show what a panel holds.
 */
export function FeeAccordion({
  fees,
  seats,
}: {
  fees: readonly GradeFee[];
  seats: readonly GradeAvailability[];
}) {
  const language = useLanguage();
  const t = useTexts(ENROLLMENT_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  const seatTexts = useTexts(SEATS_TEXTS);
  return (
    <div className="space-y-3">
      {fees.map(({ grade, fee }, index) => {
        const availability = seats.find((row) => row.grade === grade)?.availability ?? "AVAILABLE";
        return (
          <details
            key={grade}
            name="fee-grade"
            open={index === 0}
            className="group rounded-3xl border-2 border-navy/10 bg-white shadow-soft open:border-sun"
          >
            <summary className="flex items-center gap-4 rounded-3xl px-5 py-4">
              <span className="flex-1 text-lg font-extrabold text-navy">{grades(grade)}</span>
              <span className="text-sm font-semibold text-ink-soft group-open:hidden">{t("viewFee")}</span>
              <Glyph
                className="h-6 w-6 flex-none text-navy transition-transform group-open:rotate-180"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m6 9 6 6 6-6" />
              </Glyph>
            </summary>
            <div className="flex flex-col gap-4 border-t-2 border-sun-100 px-5 pb-5 pt-4 sm:flex-row sm:items-end sm:justify-between">
              <dl className="space-y-1">
                <div>
                  <dt className="text-sm font-semibold text-ink-soft">{t("yearlyFee")}</dt>
                  <dd className="text-3xl font-black text-navy">{formatRupees(fee, language)}</dd>
                </div>
                <div className="flex flex-wrap gap-x-1 text-sm text-ink-soft">
                  <dt>{t("age")}</dt>
                  <dd>{grades(`age.${grade}`)}</dd>
                </div>
                <div className="pt-1">
                  <dt className="sr-only">{seatTexts("column")}</dt>
                  <dd>
                    <SeatBadge availability={availability} />
                  </dd>
                </div>
              </dl>
              {availability === "WAITLIST" ? (
                <WaitlistLink grade={grade} className="w-full sm:w-auto" />
              ) : (
                <EnrollLink grade={grade} className="w-full sm:w-auto" />
              )}
            </div>
          </details>
        );
      })}
    </div>
  );
}
