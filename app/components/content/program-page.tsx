import type { ReactNode } from "react";
import { Illustration } from "~/components/illustrations/illustration";
import type { Picture } from "~/components/illustrations/pictures";
import type { Program } from "~/domain/programs";
import { LetterCard, type Letter } from "./letter";
import { ProgramHero } from "./program-hero";

/** The top of a program page: its title, drawing and opening paragraph. */
export type ProgramHeroContent = { title: ReactNode; picture: Picture; intro: ReactNode };

/**
 * What every program page has, in the same order: the hero (grades, ages, apply and demo buttons,
 * the page's drawing loaded first) and a letter to parents. Each page passes its own words and
 * adds its own sections after the letter.
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
      <LetterCard id="letter" {...letter} />
      {children}
    </>
  );
}
