import { Link } from "@remix-run/react";
import { FeeAccordion } from "~/components/enrollment/fee-accordion";
import { FEE_INCLUDE_KEYS } from "~/components/enrollment/fee-includes";
import { SCHOOL } from "~/domain/brand";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { HOME_TEXTS } from "~/domain/texts/home";
import type { GradeFee } from "~/services/grades.server";
import type { GradeAvailability } from "~/domain/seats";
import { CheckList } from "~/components/ui/check-list";
import { useLocalHref, useTexts } from "~/utils/language";
import { SectionHeading } from "./section-heading";

/** The fee-structure accordion: pick a grade, see its fee, enroll. `#fees` is linked from the hero. */
export function FeeSection({
  fees,
  seats,
}: {
  fees: readonly GradeFee[];
  seats: readonly GradeAvailability[];
}) {
  const t = useTexts(HOME_TEXTS);
  const enrollment = useTexts(ENROLLMENT_TEXTS);
  const local = useLocalHref();
  return (
    <section id="fees" aria-labelledby="fees-title" className="scroll-mt-24 bg-white py-16 sm:py-20">
      <div className="container-page grid gap-10 lg:grid-cols-[1fr_1.2fr]">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SectionHeading
            id="fees-title"
            eyebrow={t("fees.eyebrow", { session: SCHOOL.session })}
            title={t("fees.title")}
          >
            <p>{t("fees.intro")}</p>
          </SectionHeading>
          <CheckList
            className="mt-6 font-semibold"
            items={FEE_INCLUDE_KEYS.map((key) => enrollment(`includes.${key}.title`))}
          />
          <Link
            to={local("/fee-structure")}
            className="mt-8 inline-block font-bold text-navy underline decoration-sun decoration-4 underline-offset-4 hover:text-coral"
          >
            {t("fees.full")}
          </Link>
        </div>
        <FeeAccordion fees={fees} seats={seats} />
      </div>
    </section>
  );
}
