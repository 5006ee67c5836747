import { ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { Flash } from "~/domain/flash";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";

type Enrollment = NonNullable<Flash["enrollment"]>;

/** Shown once after a successful enrollment (it travels in the flash across the redirect). */
/** The white tick on the green disc of a confirmed payment. */
const TICK = {
  stroke: "#FFFFFF",
  strokeWidth: "5",
  strokeLinecap: "round",
  strokeLinejoin: "round",
  fill: "none",
} as const;

export function EnrollmentConfirmation({ enrollment, closeTo }: { enrollment: Enrollment; closeTo: string }) {
  return (
    <Modal title={MESSAGES.enrollment.confirmedTitle} closeTo={closeTo} describedBy="enrollment-thanks">
      <div className="flex flex-col items-center text-center">
        <svg viewBox="0 0 64 64" className="h-16 w-16" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="32" fill="#E6F6F4" />
          <circle cx="32" cy="32" r="22" fill="#0F766E" />
          <path d="m22 33 7 7 14-15" {...TICK} />
        </svg>
        <p id="enrollment-thanks" className="mt-4 text-lg">
          Thank you, <strong className="text-navy">{enrollment.parentName}</strong>! Your child&apos;s place
          in {enrollment.grade} for {SCHOOL.session} is confirmed and the fee has been paid.
        </p>
        <p className="mt-3 text-ink-soft">A confirmation e-mail with these details will follow shortly.</p>
        <dl className="mt-6 w-full rounded-3xl bg-sun-50 px-5 py-4">
          <dt className="text-sm font-semibold text-ink-soft">Transaction ID</dt>
          <dd className="mt-1 break-all font-mono text-lg font-bold text-ink">{enrollment.transactionId}</dd>
        </dl>
        <p className="mt-3 text-sm text-ink-soft">
          Please keep this ID in case you contact the school about the payment.
        </p>
        <ButtonLink to={closeTo} preventScrollReset className="mt-6 w-full sm:w-auto">
          Done
        </ButtonLink>
      </div>
    </Modal>
  );
}
