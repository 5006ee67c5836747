import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { programFromAge, type Program } from "~/domain/programs";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { useLocalHref, useTexts } from "~/utils/language";
import { useContentActions } from "./apply-band";
import { ContentHero } from "./hero";

/** The hero of a program page: its grades and ages above the title, apply and demo buttons below. */
export function ProgramHero({
  program,
  title,
  children,
  illustration,
}: {
  program: Program;
  title: ReactNode;
  children: ReactNode;
  illustration: ReactNode;
}) {
  const t = useTexts(CONTENT_TEXTS);
  const local = useLocalHref();
  const { apply, demo } = useContentActions();
  return (
    <ContentHero
      eyebrow={`${t(`program.${program.key}.grades`)} · ${t("program.ages", { from: programFromAge(program) })}`}
      title={title}
      illustration={illustration}
      actions={
        <>
          <ButtonLink to={local(apply.to)} size="lg">
            {apply.label}
          </ButtonLink>
          <ButtonLink to={local(demo.to)} variant="outline" size="lg">
            {demo.label}
          </ButtonLink>
        </>
      }
    >
      {children}
    </ContentHero>
  );
}
