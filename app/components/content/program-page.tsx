import type { ReactNode } from "react";
import { Illustration } from "~/components/illustrations/illustration";
import type { Picture } from "~/components/illustrations/pictures";
import { SCHOOL } from "~/domain/brand";
import type { Program } from "~/domain/programs";
import { CONTENT_TEXTS } from "~/domain/texts/content";
import { PROGRAM_TEXTS } from "~/domain/texts/programs";
import { useTexts } from "~/utils/language";
import { LetterCard, type Letter } from "./letter";
import { ProgramHero } from "./program-hero";

/** The top of a program page: its title, drawing and opening paragraph. */
export type ProgramHeroContent = { title: ReactNode; picture: Picture; intro: ReactNode };

/**
 * What every program page has, in the same order: the hero (grades, ages, apply and demo buttons,
 * the page's drawing loaded first) and a letter to parents, signed by the program's team. Each page
 * passes its own words in the page's language and adds its own sections after the letter.
 */
export function ProgramPage({
  program,
  hero,
  letter,
  beforeLetter,
  children,
}: {
  program: Program;
  hero: ProgramHeroContent;
  letter: Letter;
  /** A band between the hero and the letter (the early years' admissions). */
  beforeLetter?: ReactNode;
  /** The program's own sections. */
  children: ReactNode;
}) {
  const t = useTexts(PROGRAM_TEXTS);
  const content = useTexts(CONTENT_TEXTS);
  return (
    <>
      <ProgramHero
        program={program}
        title={hero.title}
        illustration={<Illustration picture={hero.picture} priority />}
      >
        {hero.intro}
      </ProgramHero>
      {beforeLetter}
      <LetterCard
        id="letter"
        eyebrow={t("letter.eyebrow")}
        greeting={t("letter.greeting")}
        signature={t("letter.signature", {
          program: content(`program.${program.key}.name`),
          school: SCHOOL.fullName,
        })}
        {...letter}
      />
      {children}
    </>
  );
}
