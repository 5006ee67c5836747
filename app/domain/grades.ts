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

/** The grade a link names by its name ("Grade 2") or its slug ("grade-2"); anything else is none. */
export function gradeNamed(text: string | null | undefined): Grade | undefined {
  if (!text) return undefined;
  return GRADES.find((grade) => grade === text) ?? gradeFromSlug(text);
}

/**
 * Age eligibility by grade (spec section 3), as numbers: the age in whole years a child has
 * reached (`from`) and, except for Nursery, the age the child must still be under (`under`).
 * The one place the rule lives: the admissions table's wording below and the age check of the
 * application form and the API (app/domain/age-check.ts) both read it. `joined` is how the spec
 * words the range.
 */
export const AGE_RANGES: Record<Grade, { from: number; under?: number; joined?: string }> = {
  Nursery: { from: 3 },
  Kindergarten: { from: 4, under: 6, joined: "or more and under" },
  "Grade 1": { from: 5, under: 7 },
  "Grade 2": { from: 6, under: 8 },
  "Grade 3": { from: 7, under: 9 },
  "Grade 4": { from: 8, under: 10 },
  "Grade 5": { from: 9, under: 11 },
  "Grade 6": { from: 10, under: 12 },
  "Grade 7": { from: 11, under: 13 },
  "Grade 8": { from: 12, under: 14 },
};

/** The age range of each grade in words, e.g. "5 years to under 7 years" (spec section 3). */
export const AGE_ELIGIBILITY = Object.fromEntries(
  GRADES.map((grade) => {
    const { from, under, joined = "to under" } = AGE_RANGES[grade];
    return [
      grade,
      under === undefined ? `${from} years and above` : `${from} years ${joined} ${under} years`,
    ];
  }),
) as Record<Grade, string>;

/** Evaluation test marks (spec section 9): Kindergarten to Grade 8. */
export const EVALUATION_TEST = {
  grades: GRADES.filter((grade) => grade !== "Nursery"),
  marks: { English: 10, Mathematics: 10, Science: 10 },
  total: 30,
} as const;
