import { Link } from "@remix-run/react";
import { ArrowIcon } from "~/components/ui/arrow-icon";
import { CARD, CARD_LINK, CardImage } from "~/components/ui/card-grid";
import type { Language } from "~/domain/languages";
import { coursePath, PUBLIC_PAGES } from "~/domain/public-pages";
import { writtenLang } from "~/domain/staff-content";
import { COURSES_TEXTS } from "~/domain/texts/courses";
import { useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { LikeButton, type Likeable } from "./like-button";

/** What a card shows of a course: the preview is cut on the server (`courseCard`), the description stays there. */
export type CourseSummary = Likeable & {
  preview: string;
  /** The language of the title and the preview: Hindi on a Hindi page when staff wrote it (`shownIn`). */
  language: Language;
  imageUrl: string;
  /** The image's alt: its description, or the title (`shownIn`). */
  imageAlt: string;
  imageAltLanguage: Language;
};

/** Spec: a card previews the first 120 characters of the description. */
const PREVIEW_CHARACTERS = 120;

export function coursePreview(description: string): string {
  if (description.length <= PREVIEW_CHARACTERS) return description;
  return `${description.slice(0, PREVIEW_CHARACTERS).trimEnd()}…`;
}

/** The card's own address in the grid, so a like without JavaScript comes back to it. */
const courseAnchor = (id: number) => `course-${id}`;

/** A course in the catalogue grid: the card opens the course's dialog, the like control is its own target. */
export function CourseCard({ course, priority = false }: { course: CourseSummary; priority?: boolean }) {
  const t = useTexts(COURSES_TEXTS);
  const language = useLanguage();
  const local = useLocalHref();
  // What staff wrote is marked with its language on a Hindi page: English, or the course's Hindi.
  const written = writtenLang(language, course.language);
  return (
    // scroll-mt: a like without JavaScript comes back to this card, clear of the sticky header.
    <article id={courseAnchor(course.id)} className={`${CARD} scroll-mt-28`}>
      <CardImage
        src={course.imageUrl}
        alt={course.imageAlt}
        lang={writtenLang(language, course.imageAltLanguage)}
        priority={priority}
      />
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl" lang={written}>
          <Link to={local(coursePath(course.id))} preventScrollReset className={CARD_LINK}>
            {course.title}
          </Link>
        </h2>
        <p className="mt-3 flex-1 text-ink-soft" lang={written}>
          {course.preview}
        </p>
        <div className="pointer-events-none relative z-10 mt-5 flex items-center justify-between gap-3">
          <div className="pointer-events-auto">
            <LikeButton
              course={course}
              returnTo={local(`${PUBLIC_PAGES.courses.path}#${courseAnchor(course.id)}`)}
            />
          </div>
          <span className="inline-flex items-center gap-1 font-bold text-navy" aria-hidden="true">
            {t("readMore")}
            <ArrowIcon direction="right" />
          </span>
        </div>
      </div>
    </article>
  );
}
