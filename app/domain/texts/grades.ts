import { AGE_ELIGIBILITY, AGE_RANGES, GRADES, type Grade } from "../grades";
import type { Language } from "../languages";
import { defineTexts, translator } from "../translations";

/**
 * The grades as a family reads them, and each grade's age band in words. The grade itself stays
 * the English enum wherever it is stored or posted (forms, orders, the API); only what a page or
 * a mail shows goes through here. Keys are the enum's values ("Grade 2"), and `age.{grade}`.
 */

type GradeKeys = Record<Grade | `age.${Grade}`, string>;

const HINDI_GRADES: Record<Grade, string> = {
  Nursery: "नर्सरी",
  Kindergarten: "केजी",
  "Grade 1": "कक्षा 1",
  "Grade 2": "कक्षा 2",
  "Grade 3": "कक्षा 3",
  "Grade 4": "कक्षा 4",
  "Grade 5": "कक्षा 5",
  "Grade 6": "कक्षा 6",
  "Grade 7": "कक्षा 7",
  "Grade 8": "कक्षा 8",
};

/** "5 years to under 7 years" as a parent says it in Hindi, from the same numbers (AGE_RANGES). */
function hindiAgeBand(grade: Grade): string {
  const { from, under } = AGE_RANGES[grade];
  return under === undefined ? `${from} साल या उससे ज़्यादा` : `${from} साल या उससे ज़्यादा, ${under} साल से कम`;
}

const textsOf = (name: (grade: Grade) => string, age: (grade: Grade) => string) =>
  Object.fromEntries(
    GRADES.flatMap((grade) => [
      [grade, name(grade)],
      [`age.${grade}`, age(grade)],
    ]),
  ) as GradeKeys;

export const GRADE_TEXTS = defineTexts("grades", {
  en: textsOf(
    (grade) => grade,
    (grade) => AGE_ELIGIBILITY[grade],
  ),
  hi: textsOf((grade) => HINDI_GRADES[grade], hindiAgeBand),
});

const isGrade = (value: string): value is Grade => (GRADES as readonly string[]).includes(value);

/**
 * A grade as a page or mail in `language` names it ("Grade 2" is "कक्षा 2" in Hindi). Takes what
 * a record stores; a value that is not one of the grades is shown as it is.
 */
export function gradeLabel(grade: string, language: Language): string {
  return isGrade(grade) ? translator(GRADE_TEXTS, language)(grade) : grade;
}
