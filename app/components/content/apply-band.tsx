import type { ReactNode } from "react";
import { SCHOOL } from "~/domain/brand";
import { ALL_GRADES } from "~/domain/programs";
import { Banner, type BannerTone } from "./banner";

/** The two calls to action of the content pages, worded the same everywhere. */
export const APPLY_ACTION = { to: "/apply", label: "Apply for admission" };
export const DEMO_ACTION = { to: "/book-demo", label: "Book a free demo" };

/** The closing call to action of a content page: admissions are open, apply at /apply. */
export function ApplyBand({
  title = `Admissions are open for ${SCHOOL.session}`,
  tone = "navy",
  children,
}: {
  title?: ReactNode;
  tone?: BannerTone;
  children?: ReactNode;
}) {
  return (
    <Banner id="apply" tone={tone} eyebrow={SCHOOL.tagline} title={title} action={APPLY_ACTION}>
      {children ?? (
        <p>
          Seats are available in every grade from {ALL_GRADES}. The application form takes about two minutes,
          and our admissions team will guide you through the rest.
        </p>
      )}
    </Banner>
  );
}
