import { ButtonLink, type ButtonStyle } from "~/components/ui/button";
import { gradeSlug, type Grade } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";

/** 'Enroll Now for {grade}': opens the enrollment dialog of this page as a URL (`?enroll=grade-1`). */
export function EnrollLink({ grade, ...style }: { grade: Grade } & ButtonStyle) {
  return (
    <ButtonLink to={{ search: `?enroll=${gradeSlug(grade)}` }} preventScrollReset {...style}>
      {MESSAGES.enrollment.enrollNow(grade)}
    </ButtonLink>
  );
}
