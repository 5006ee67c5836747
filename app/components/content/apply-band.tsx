import type { ReactNode } from "react";
import { SCHOOL } from "~/domain/brand";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { useTexts } from "~/utils/language";
import { Banner, type BannerAction, type BannerTone } from "./banner";

/**
 * The two calls to action of the content pages, worded the same everywhere, in the page's
 * language (the banner and the buttons put the address in the page's language).
 */
export function useContentActions(): { apply: BannerAction; demo: BannerAction } {
  const t = useTexts(CONTENT_TEXTS);
  return {
    apply: { to: "/apply", label: t("action.apply") },
    demo: { to: "/book-demo", label: t("action.demo") },
  };
}

/** The closing call to action of a content page: admissions are open, apply at /apply. */
export function ApplyBand({
  title,
  tone = "navy",
  children,
}: {
  title?: ReactNode;
  tone?: BannerTone;
  children?: ReactNode;
}) {
  const t = useTexts(CONTENT_TEXTS);
  const { apply } = useContentActions();
  return (
    <Banner
      id="apply"
      tone={tone}
      eyebrow={t("tagline")}
      title={title ?? t("applyBand.title", { session: SCHOOL.session })}
      action={apply}
    >
      {children ?? <p>{t("applyBand.text", { grades: t("allGrades") })}</p>}
    </Banner>
  );
}
