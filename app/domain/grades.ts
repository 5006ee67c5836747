/** The nine grades the school teaches, in teaching order. Forms default to the first. */
export const GRADES = [
  "Nursery",
  "Kindergarten",
  "Grade 1",
  "Grade 2",
  "Grade 3",
  "Grade 4",
  "Grade 5",
  "Grade 6",
  "Grade 7",
  "Grade 8",
] as const;

export type Grade = (typeof GRADES)[number];

export const DEFAULT_GRADE: Grade = "Nursery";

/** The fee a grade has until an administrator changes it (rupees, per year). */
export const DEFAULT_FEE_RUPEES = 15000;

/** URL-friendly name of a grade, e.g. "Grade 1" -> "grade-1". */
export function gradeSlug(grade: Grade): string {
  return grade.toLowerCase().replace(/\s+/g, "-");
}

export function gradeFromSlug(slug: string): Grade | undefined {
  return GRADES.find((grade) => gradeSlug(grade) === slug);
}

/** Age eligibility by grade (spec section 3). */
export const AGE_ELIGIBILITY: Record<Grade, string> = {
  Nursery: "3 years and above",
  Kindergarten: "4 years or more and under 6 years",
  "Grade 1": "5 years to under 7 years",
  "Grade 2": "6 years to under 8 years",
  "Grade 3": "7 years to under 9 years",
  "Grade 4": "8 years to under 10 years",
  "Grade 5": "9 years to under 11 years",
  "Grade 6": "10 years to under 12 years",
  "Grade 7": "11 years to under 13 years",
  "Grade 8": "12 years to under 14 years",
};

/** Evaluation test marks (spec section 9): Kindergarten to Grade 8. */
export const EVALUATION_TEST = {
  grades: GRADES.filter((grade) => grade !== "Nursery"),
  marks: { English: 10, Mathematics: 10, Science: 10 },
  total: 30,
} as const;
