import { SCHOOL } from "./brand";
import { formatLongDay } from "./format";
import { AGE_RANGES, GRADES, type Grade } from "./grades";

/**
 * The age check of an admission application (issue 18): the child's age on the first day of the
 * academic year, against the age-eligibility table (AGE_RANGES in ./grades). One rule for the
 * form in the browser, the page's action and POST /api/applications. Dates are YYYY-MM-DD
 * calendar days; no time zone enters the sums.
 */

/** A child's age in whole years and the whole months after the last birthday. */
export type Age = { years: number; months: number };

/** What the check says: whether the grade fits, which grades do, and the age it went by. */
export type AgeCheck = { fits: boolean; grades: Grade[]; ageOnStart: Age };

/** Below this age on the start date a date of birth is a mistake, not a mismatch. */
const YOUNGEST_AGE = 2;

export const AGE_CHECK_MESSAGES = {
  future: "The date of birth must be in the past.",
  tooYoung: (start: string) =>
    `Please check the date of birth: the child would be younger than ${YOUNGEST_AGE} on ${formatLongDay(start)}, when the school year starts.`,
  confirm: "I have checked the date of birth and the grade: send the application anyway",
  confirmNeeded:
    "Please check the date of birth and the grade, or tick the box to send the application anyway.",
} as const;

/** The admission year's start when no date is set: 1 June of the session's first year ("2025-26" -> 2025-06-01). */
export function defaultAcademicYearStart(session: string = SCHOOL.session): string {
  return `${session.slice(0, 4)}-06-01`;
}

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

/**
 * The age on `day` of a child born on `dob`, or null when the child is not born yet. A birthday
 * comes on the same month and day; one born on 29 February has it on 1 March in common years.
 */
export function ageOn(dob: string, day: string): Age | null {
  if (dob > day) return null;
  const [birthYear, birthMonth, birthDay] = parts(dob);
  const [year, month, date] = parts(day);
  let months = (year - birthYear) * 12 + (month - birthMonth);
  if (date < birthDay) months -= 1;
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** Whether a child of this age may join the grade (spec section 3: from `from`, under `under`). */
export function gradeFits(grade: Grade, age: Age): boolean {
  const { from, under } = AGE_RANGES[grade];
  return age.years >= from && (under === undefined || age.years < under);
}

/**
 * What is wrong with a date of birth whatever the grade (a field error, never a mismatch): a day
 * not before `today`, or a child younger than YOUNGEST_AGE on the start date.
 */
export function dobProblem(dob: string, start: string, today: string): string | undefined {
  if (dob >= today) return AGE_CHECK_MESSAGES.future;
  const age = ageOn(dob, start);
  if (!age || age.years < YOUNGEST_AGE) return AGE_CHECK_MESSAGES.tooYoung(start);
  return undefined;
}

/** The check of a date of birth (without a `dobProblem`) against the grade applied for. */
export function checkAge(dob: string, grade: Grade, start: string): AgeCheck {
  const ageOnStart = ageOn(dob, start) ?? { years: 0, months: 0 };
  return {
    fits: gradeFits(grade, ageOnStart),
    grades: GRADES.filter((each) => gradeFits(each, ageOnStart)),
    ageOnStart,
  };
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** "7 years", "6 years and 11 months". */
function ageInWords({ years, months }: Age): string {
  return months === 0 ? plural(years, "year") : `${plural(years, "year")} and ${plural(months, "month")}`;
}

/** "Nursery", "Grade 2 or Grade 3", "Nursery, Grade 2 or Grade 3". */
function either(grades: readonly string[]): string {
  return grades.length <= 1 ? (grades[0] ?? "") : `${grades.slice(0, -1).join(", ")} or ${grades.at(-1)}`;
}

/**
 * The warning a mismatch shows the parent, e.g. "On 1 June 2025 Asha will be 7 years old: that
 * fits Nursery, Grade 2 or Grade 3, not Grade 5." `today` picks "will be" or "was".
 */
export function ageWarning({
  check,
  grade,
  studentName,
  start,
  today,
}: {
  check: AgeCheck;
  grade: Grade;
  studentName: string;
  start: string;
  today: string;
}): string {
  const child = studentName.trim().split(/\s+/)[0] || "your child";
  const verb = start >= today ? "will be" : "was";
  const fitting =
    check.grades.length === 0
      ? `too young for every grade (${GRADES[0]} takes children from ${AGE_RANGES[GRADES[0]].from} years)`
      : `that fits ${either(check.grades)}, not ${grade}`;
  return `On ${formatLongDay(start)} ${child} ${verb} ${ageInWords(check.ageOnStart)} old: ${fitting}.`;
}

/** For staff: "7 years and 1 month when the year starts: fits Nursery, Grade 2 or Grade 3". */
export function ageCheckSummary(check: AgeCheck): string {
  const age = `${ageInWords(check.ageOnStart)} when the year starts`;
  return check.grades.length === 0
    ? `${age}: too young for every grade`
    : `${age}: fits ${either(check.grades)}`;
}
