import { Illustration } from "~/components/illustrations/illustration";
import { HOME_SAFETY } from "~/components/illustrations/pictures";
import { CheckList } from "~/components/ui/check-list";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useTexts } from "~/utils/language";
import { SectionHeading } from "./section-heading";

const REASONS = ["safety.commute", "safety.bullying", "safety.monitor", "safety.nearby"] as const;

export function SafetyBanner() {
  const t = useTexts(HOME_TEXTS);
  return (
    <section aria-labelledby="safety-title" className="bg-navy py-16 text-white sm:py-20">
      <div className="container-page grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
        <Illustration
          picture={HOME_SAFETY}
          className="mx-auto h-auto w-full max-w-sm lg:order-last lg:max-w-md"
        />
        <div>
          <SectionHeading id="safety-title" eyebrow={t("safety.eyebrow")} title={t("safety.title")} light>
            <p>{t("safety.intro")}</p>
          </SectionHeading>
          <CheckList tone="sun" className="mt-6 text-white/90" items={REASONS.map((reason) => t(reason))} />
        </div>
      </div>
    </section>
  );
}
