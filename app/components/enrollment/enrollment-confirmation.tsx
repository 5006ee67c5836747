import { ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { Flash } from "~/domain/flash";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { gradeLabel } from "~/domain/texts/grades";
import { useLanguage, useTexts } from "~/utils/language";
import { ConfirmedDetails } from "./payment-confirmed";

type Enrollment = NonNullable<Flash["enrollment"]>;

/** The white tick on the green disc of a confirmed payment. */
const TICK = {
  stroke: "#FFFFFF",
  strokeWidth: "5",
  strokeLinecap: "round",
  strokeLinejoin: "round",
  fill: "none",
} as const;

/** Shown once after a successful enrollment (it travels in the flash across the redirect). */
export function EnrollmentConfirmation({ enrollment, closeTo }: { enrollment: Enrollment; closeTo: string }) {
  const t = useTexts(ENROLLMENT_TEXTS);
  const language = useLanguage();
  return (
    <Modal title={t("confirmed.title")} closeTo={closeTo} describedBy="enrollment-thanks">
      <div className="flex flex-col items-center text-center">
        <svg viewBox="0 0 64 64" className="h-16 w-16" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="32" fill="#E6F6F4" />
          <circle cx="32" cy="32" r="22" fill="#0F766E" />
          <path d="m22 33 7 7 14-15" {...TICK} />
        </svg>
        <ConfirmedDetails
          thanksId="enrollment-thanks"
          parentName={enrollment.parentName}
          grade={gradeLabel(enrollment.grade, language)}
          transactionId={enrollment.transactionId}
          className="mt-4 w-full"
        />
        <ButtonLink to={closeTo} preventScrollReset className="mt-6 w-full sm:w-auto">
          {t("confirmed.done")}
        </ButtonLink>
      </div>
    </Modal>
  );
}
