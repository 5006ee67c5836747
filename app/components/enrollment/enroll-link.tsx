import { ButtonLink, type ButtonStyle } from "~/components/ui/button";
import { gradeSlug, type Grade } from "~/domain/grades";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { useTexts } from "~/utils/language";

/** 'Enroll Now for {grade}': opens the enrollment dialog of this page as a URL (`?enroll=grade-1`). */
export function EnrollLink({ grade, ...style }: { grade: Grade } & ButtonStyle) {
  const t = useTexts(ENROLLMENT_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  return (
    <ButtonLink to={{ search: `?enroll=${gradeSlug(grade)}` }} preventScrollReset {...style}>
      {t("enrollNow", { grade: grades(grade) })}
    </ButtonLink>
  );
}
