import { Link } from "@remix-run/react";
import { FeeAccordion } from "~/components/enrollment/fee-accordion";
import { FEE_INCLUDES } from "~/components/enrollment/fee-includes";
import { SCHOOL } from "~/domain/brand";
import type { GradeFee } from "~/services/grades.server";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "./section-heading";

/** The fee-structure accordion: pick a grade, see its fee, enroll. `#fees` is linked from the hero. */
export function FeeSection({ fees }: { fees: readonly GradeFee[] }) {
  return (
    <section id="fees" aria-labelledby="fees-title" className="scroll-mt-24 bg-white py-16 sm:py-20">
      <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.2fr]">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SectionHeading
            id="fees-title"
            eyebrow={`Fee structure ${SCHOOL.session}`}
            title="One simple yearly fee"
          >
            <p>
              Choose your child&apos;s grade to see the fee and enroll online in a few minutes. Every fee
              includes:
            </p>
          </SectionHeading>
          <CheckList className="mt-6 font-semibold" items={FEE_INCLUDES.map((item) => item.title)} />
          <Link
            to="/fee-structure"
            className="mt-8 inline-block font-bold text-navy underline decoration-sun decoration-4 underline-offset-4 hover:text-coral"
          >
            See the full fee structure
          </Link>
        </div>
        <FeeAccordion fees={fees} />
      </div>
    </section>
  );
}
