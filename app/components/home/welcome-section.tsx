import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { SCHOOL } from "~/domain/brand";
import { HOME_TEXTS } from "~/domain/texts/home";
import { useLocalHref, useTexts } from "~/utils/language";
import { SectionHeading } from "./section-heading";

const iconProps = {
  viewBox: "0 0 24 24",
  className: "h-7 w-7",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
  focusable: false,
} as const;

const REASONS: { key: "accredited" | "affordable" | "progress" | "beyond"; tone: string; icon: ReactNode }[] =
  [
    {
      key: "accredited",
      tone: "bg-sun-100 text-coral-dark",
      icon: (
        <svg {...iconProps}>
          <circle cx="12" cy="9" r="6" />
          <path d="m8.5 14-1.5 7 5-3 5 3-1.5-7" />
        </svg>
      ),
    },
    {
      key: "affordable",
      tone: "bg-teal-50 text-teal",
      icon: (
        <svg {...iconProps}>
          <path d="M7 5h10M7 9h10M9 5c4 0 6 2 6 4s-2 4-6 4H7l7 6" />
        </svg>
      ),
    },
    {
      key: "progress",
      tone: "bg-sky-50 text-navy",
      icon: (
        <svg {...iconProps}>
          <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
        </svg>
      ),
    },
    {
      key: "beyond",
      tone: "bg-coral-50 text-coral-dark",
      icon: (
        <svg {...iconProps}>
          <path d="M9 18V5l12-2v13" />
          <circle cx="6" cy="18" r="3" />
          <circle cx="18" cy="16" r="3" />
        </svg>
      ),
    },
  ];

export function WelcomeSection() {
  const t = useTexts(HOME_TEXTS);
  const local = useLocalHref();
  return (
    <section aria-labelledby="welcome-title" className="container-page py-16 sm:py-20">
      <div className="grid gap-10 lg:grid-cols-[1fr_1.15fr] lg:items-center">
        <div>
          <SectionHeading
            id="welcome-title"
            eyebrow={t("welcome.eyebrow", { school: SCHOOL.name })}
            title={t("welcome.title")}
          >
            <div className="space-y-4">
              <p>{t("welcome.intro", { school: SCHOOL.fullName })}</p>
              <p>{t("welcome.wholeChild")}</p>
            </div>
          </SectionHeading>
          <ButtonLink to={local("/about-us-zipat")} variant="outline" className="mt-8">
            {t("welcome.more", { school: SCHOOL.name })}
          </ButtonLink>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {REASONS.map((reason) => (
            <li key={reason.key} className="rounded-4xl bg-white p-6 shadow-soft">
              <span className={`flex h-12 w-12 items-center justify-center rounded-2xl ${reason.tone}`}>
                {reason.icon}
              </span>
              <h3 className="mt-4 text-xl">{t(`welcome.${reason.key}.title`)}</h3>
              <p className="mt-2 text-ink-soft">{t(`welcome.${reason.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
