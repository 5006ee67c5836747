import { Illustration } from "~/components/illustrations/illustration";
import { HOME_SAFETY } from "~/components/illustrations/pictures";
import { CheckList } from "~/components/ui/check-list";
import { SectionHeading } from "./section-heading";

const REASONS = [
  "No commute: no traffic, crowded buses or long waits at the school gate, and more time for sleep, play and family.",
  "No bullying in corridors or playgrounds: classes are guided by teachers in a kind, respectful space.",
  "Parents can monitor the time spent on each topic, page and module, and see exactly how the day went.",
  "Learning happens where you are, so you can always be close by.",
];

export function SafetyBanner() {
  return (
    <section aria-labelledby="safety-title" className="bg-navy py-16 text-white sm:py-20">
      <div className="container-page grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
        <Illustration
          picture={HOME_SAFETY}
          className="mx-auto h-auto w-full max-w-sm lg:order-last lg:max-w-md"
        />
        <div>
          <SectionHeading id="safety-title" eyebrow="Safe at home" title="Not just the safest school" light>
            <p>
              Online means your child learns from the safety of home, and you stay part of every school day.
            </p>
          </SectionHeading>
          <CheckList tone="sun" className="mt-6 text-white/90" items={REASONS} />
        </div>
      </div>
    </section>
  );
}
