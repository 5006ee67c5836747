import { GRADES, type Grade } from "../grades";
import type { Language } from "../languages";
import { defineTexts, translator } from "../translations";

/**
 * The grades' names as a family reads them, keyed by the grade as it is stored (GRADES): English
 * is the stored name itself; Hindi says कक्षा for a grade (docs/hindi-glossary.md).
 */
export const GRADE_TEXTS = defineTexts("grades", {
  en: Object.fromEntries(GRADES.map((grade) => [grade, grade])) as Record<Grade, string>,
  hi: {
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
  },
});

const isGrade = (value: string): value is Grade => (GRADES as readonly string[]).includes(value);

/** A stored grade in `language`; anything that is not one of GRADES is shown as it was stored. */
export function gradeLabel(grade: string, language: Language): string {
  return isGrade(grade) ? translator(GRADE_TEXTS, language)(grade) : grade;
}
