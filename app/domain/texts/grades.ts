import { GRADES, type Grade } from "../grades";
import type { Language } from "../languages";
import { defineTexts, translator } from "../translations";

/**
 * The grades as a family reads them (issue 37): keyed by the grade enum of app/domain/grades.ts,
 * which forms post and the API and the records keep in English whatever the page's language.
 * English shows the enum value itself; Hindi follows docs/hindi-glossary.md ("Grade 2" is
 * कक्षा 2; Nursery and KG stay as parents say them).
 */
const english = Object.fromEntries(GRADES.map((grade) => [grade, grade])) as { [G in Grade]: G };

export const GRADE_TEXTS = defineTexts("grades", {
  en: english,
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

/** A grade's name as a family reads it in `language` ("Grade 2" -> "कक्षा 2"). */
export function gradeLabel(grade: Grade, language: Language): string {
  return translator(GRADE_TEXTS, language)(grade);
}
