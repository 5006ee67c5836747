import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { programAges, type Program } from "~/domain/programs";
import { APPLY_ACTION, DEMO_ACTION } from "./apply-band";
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
  return (
    <ContentHero
      eyebrow={`${program.grades} · ${programAges(program)}`}
      title={title}
      illustration={illustration}
      actions={
        <>
          <ButtonLink to={APPLY_ACTION.to} size="lg">
            {APPLY_ACTION.label}
          </ButtonLink>
          <ButtonLink to={DEMO_ACTION.to} variant="outline" size="lg">
            {DEMO_ACTION.label}
          </ButtonLink>
        </>
      }
    >
      {children}
    </ContentHero>
  );
}
