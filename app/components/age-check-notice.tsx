import { useState } from "react";
import { WarningIcon } from "~/components/ui/field";
import { ageWarning, checkAge, dobProblem } from "~/domain/age-check";
import { inputProps } from "~/domain/field-spec";
import { FORMS } from "~/domain/forms";
import { GRADES, type Grade } from "~/domain/grades";
import { isoDateInIndia } from "~/domain/format";
import { AGE_CHECK_TEXTS } from "~/domain/texts/age-check";
import type { useFormState } from "~/utils/forms";
import { useLanguage, useTexts } from "~/utils/language";

type FormState = ReturnType<typeof useFormState>;

/** What the age check needs from the form as the parent fills it in. */
export type AgeCheckInput = { studentName: string; dob: string; grade: string };

/**
 * The application form's values the age check reads, kept as they change: they start from what
 * the server echoed after a failed submission, so without JavaScript the check shows on the
 * re-rendered form, and with JavaScript as soon as a date of birth and a grade are chosen.
 */
export function useAgeCheckInput(form: FormState, defaults: AgeCheckInput) {
  const [input, setInput] = useState<AgeCheckInput>(() => ({
    studentName: form.valueOf("studentName", defaults.studentName),
    dob: form.valueOf("dob", defaults.dob),
    grade: form.valueOf("grade", defaults.grade),
  }));
  const track = (field: keyof AgeCheckInput) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setInput((current) => ({ ...current, [field]: value }));
  };
  return { input, track };
}

const isGrade = (value: string): value is Grade => (GRADES as readonly string[]).includes(value);

/**
 * The age check's result beside the form (app/domain/age-check.ts, the rule the server applies):
 * nothing while the grade fits, the date of birth's problem when it cannot be right, and for a
 * grade that does not fit a warning naming the grades that do with the box that sends it anyway.
 * Always rendered as a polite live region, so a screen reader hears the warning appear.
 */
export function AgeCheckNotice({
  form,
  input,
  start,
}: {
  form: FormState;
  input: AgeCheckInput;
  /** The academic year's first day (ACADEMIC_YEAR_START). */
  start: string;
}) {
  const language = useLanguage();
  const t = useTexts(AGE_CHECK_TEXTS);
  const today = isoDateInIndia();
  const { dob, grade, studentName } = input;
  const complete = /^\d{4}-\d{2}-\d{2}$/.test(dob) && isGrade(grade);
  const problem = complete ? dobProblem(dob, start, today, language) : undefined;
  const check = complete && !problem ? checkAge(dob, grade, start) : undefined;
  const invalid = Boolean(form.errorsFor(FORMS.application.ageConfirmed.name)?.length);

  return (
    <div aria-live="polite" className="sm:col-span-2">
      {problem && !form.errorsFor("dob")?.length ? (
        <p className="rounded-2xl border-2 border-coral/30 bg-coral-50 px-4 py-3 text-sm font-semibold text-coral-dark">
          {problem}
        </p>
      ) : null}
      {check && !check.fits && isGrade(grade) ? (
        <div
          data-testid="age-check"
          className={`rounded-2xl border-2 bg-sun-50 px-4 py-3 text-sm text-ink ${
            invalid ? "border-coral" : "border-sun"
          }`}
        >
          <p id="age-check-warning" className="flex items-start gap-3 font-semibold">
            <WarningIcon />
            <span>
              <span className="block">{t("heading")}</span>
              <span className="block font-normal">
                {ageWarning({ check, grade, studentName, start, today, language })}
              </span>
            </span>
          </p>
          <label className="mt-3 flex items-start gap-3 font-semibold">
            <input
              {...inputProps(FORMS.application.ageConfirmed)}
              value="on"
              defaultChecked={form.valueOf(FORMS.application.ageConfirmed.name) === "on"}
              aria-invalid={invalid ? true : undefined}
              aria-describedby="age-check-warning"
              className="mt-0.5 h-5 w-5 flex-none rounded border-2 border-navy/40 accent-navy"
            />
            <span>{t("confirm")}</span>
          </label>
        </div>
      ) : null}
    </div>
  );
}
