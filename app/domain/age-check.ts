import { SCHOOL } from "./brand";
import { formatLongDay } from "./format";
import { AGE_RANGES, GRADES, type Grade } from "./grades";
import type { Language } from "./languages";
import { AGE_CHECK_TEXTS } from "./texts/age-check";
import { gradeLabel } from "./texts/grades";
import { translator } from "./translations";

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

const textsIn = (language: Language) => translator(AGE_CHECK_TEXTS, language);

/** The check's messages in English, as the server answers them (app/domain/texts/age-check.ts has them). */
export const AGE_CHECK_MESSAGES = {
  future: AGE_CHECK_TEXTS.en.future,
  tooYoung: (start: string) => textsIn("en")("tooYoung", { years: YOUNGEST_AGE, day: formatLongDay(start) }),
  confirm: AGE_CHECK_TEXTS.en.confirm,
  confirmNeeded: AGE_CHECK_TEXTS.en.confirmNeeded,
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
export function dobProblem(
  dob: string,
  start: string,
  today: string,
  language: Language = "en",
): string | undefined {
  const t = textsIn(language);
  if (dob >= today) return t("future");
  const age = ageOn(dob, start);
  if (!age || age.years < YOUNGEST_AGE)
    return t("tooYoung", { years: YOUNGEST_AGE, day: formatLongDay(start, language) });
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

/** "7 years", "6 years and 11 months" ("7 साल", "6 साल 11 महीने"). */
function ageInWords({ years, months }: Age, language: Language = "en"): string {
  const t = textsIn(language);
  const inYears = t("years", { count: years });
  return months === 0
    ? inYears
    : t("yearsAndMonths", { years: inYears, months: t("months", { count: months }) });
}

/** "Nursery", "Grade 2 or Grade 3", "Nursery, Grade 2 or Grade 3". */
function either(grades: readonly Grade[], language: Language = "en"): string {
  const names = grades.map((grade) => gradeLabel(grade, language));
  if (names.length <= 1) return names[0] ?? "";
  return textsIn(language)("or", { list: names.slice(0, -1).join(", "), last: names.at(-1)! });
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
  language = "en",
}: {
  check: AgeCheck;
  grade: Grade;
  studentName: string;
  start: string;
  today: string;
  language?: Language;
}): string {
  const t = textsIn(language);
  const youngest = GRADES[0];
  const fitting =
    check.grades.length === 0
      ? t("warning.fitsNone", { first: gradeLabel(youngest, language), from: AGE_RANGES[youngest].from })
      : t("warning.fits", { grades: either(check.grades, language), grade: gradeLabel(grade, language) });
  return t(start >= today ? "warning.willBe" : "warning.was", {
    day: formatLongDay(start, language),
    child: studentName.trim().split(/\s+/)[0] || t("warning.yourChild"),
    age: ageInWords(check.ageOnStart, language),
    fitting,
  });
}

/**
 * What the check answers a form's values, in `language`: the date of birth's problem, or for a
 * grade that does not fit, the warning (on `ageConfirmed`) and the form's message asking to
 * confirm. Nothing for values it cannot read (the field rules answer those). A page in another
 * language tells by these which of the server's English answers it got (app/utils/forms.server.ts).
 */
export function ageCheckAnswers(
  values: Partial<Record<"dob" | "grade" | "studentName", string>>,
  { start, today, language }: { start: string; today: string; language: Language },
): { dob?: string; ageConfirmed?: string; form?: string } {
  const { grade = "", studentName = "" } = values;
  const dob = values.dob?.trim() ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || !(GRADES as readonly string[]).includes(grade)) return {};
  const problem = dobProblem(dob, start, today, language);
  if (problem) return { dob: problem };
  const check = checkAge(dob, grade as Grade, start);
  if (check.fits) return {};
  return {
    ageConfirmed: ageWarning({ check, grade: grade as Grade, studentName, start, today, language }),
    form: textsIn(language)("confirmNeeded"),
  };
}

/** For staff: "7 years and 1 month when the year starts: fits Nursery, Grade 2 or Grade 3". */
export function ageCheckSummary(check: AgeCheck): string {
  const age = `${ageInWords(check.ageOnStart)} when the year starts`;
  return check.grades.length === 0
    ? `${age}: too young for every grade`
    : `${age}: fits ${either(check.grades)}`;
}
