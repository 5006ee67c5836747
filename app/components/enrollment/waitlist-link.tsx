import { ButtonLink } from "~/components/ui/button";
import { gradeSlug, type Grade } from "~/domain/grades";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { SEATS_TEXTS } from "~/domain/texts/seats";
import { useLocalHref, useTexts } from "~/utils/language";

/** A full grade takes no enrollment: its link opens the application with the grade chosen. */
export function WaitlistLink({ grade, className }: { grade: Grade; className?: string }) {
  const t = useTexts(SEATS_TEXTS);
  const grades = useTexts(GRADE_TEXTS);
  const local = useLocalHref();
  return (
    <ButtonLink
      to={local(`${PUBLIC_PAGES.apply.path}?grade=${gradeSlug(grade)}`)}
      variant="outline"
      size="sm"
      className={className}
      // Named with its grade, as each "Enroll Now for …" is; the words shown begin the name.
      aria-label={t("joinWaitlistFor", { grade: grades(grade) })}
    >
      {t("joinWaitlist")}
    </ButtonLink>
  );
}
