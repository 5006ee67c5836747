import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LikeButton } from "~/components/courses/like-button";
import { useRouteFailure } from "~/components/site-error";
import { ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { Paragraphs } from "~/components/ui/paragraphs";
import { CONTENT_IMAGE, SchoolImage } from "~/components/ui/school-image";
import { SCHOOL } from "~/domain/brand";
import { coursePath, PUBLIC_PAGES } from "~/domain/public-pages";
import { shownIn, writtenLang } from "~/domain/staff-content";
import { COURSES_TEXTS } from "~/domain/texts/courses";
import { SITE_TEXTS } from "~/domain/texts/site";
import { translator } from "~/domain/translations";
import { notFoundMeta, useLanguage, useLocalHref, useTexts } from "~/utils/language";
import { foundOr404 } from "~/utils/not-found.server";
import { RECORD_ID } from "~/utils/route-input.server";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const course = await foundOr404(() =>
    context.services.courses.get(RECORD_ID.course(params.id), context.user?.id),
  );
  const path = coursePath(course.id);
  // The course in the page's language: its Hindi on a Hindi page when staff wrote one.
  const shown = shownIn(context.language, course);
  const t = translator(COURSES_TEXTS, context.language);
  const site = translator(SITE_TEXTS, context.language);
  const tags = await context.services.pageTags.page({
    language: context.language,
    path,
    title: t("meta.course", { title: shown.title, school: SCHOOL.name }),
    description: shown.description,
    image: { url: course.imageUrl, alt: shown.imageAlt },
    course: { name: shown.title, description: shown.description, language: shown.language },
    trail: [
      { name: site("nav.home"), path: PUBLIC_PAGES.home.path },
      { name: site("nav.courses"), path: PUBLIC_PAGES.courses.path },
      { name: shown.title, path },
    ],
  });
  // Only what the dialog shows: one language of the course, not both.
  const { id, imageUrl, isLiked, _count } = course;
  return { course: { id, imageUrl, isLiked, _count, ...shown }, tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["courses", "details"] } satisfies PublicDataHandle;

/** A course's dialog over the catalogue: an address of its own, so it opens without JavaScript. */
export default function CourseDialog() {
  const { course } = useLoaderData<typeof loader>();
  const language = useLanguage();
  const local = useLocalHref();
  // What staff wrote is marked with its language on a Hindi page: English, or the course's Hindi.
  const written = writtenLang(language, course.language);
  return (
    <Modal
      title={<span lang={written}>{course.title}</span>}
      closeTo={local(PUBLIC_PAGES.courses.path)}
      size="lg"
    >
      <SchoolImage
        src={course.imageUrl}
        alt={course.imageAlt}
        lang={writtenLang(language, course.imageAltLanguage)}
        {...CONTENT_IMAGE}
        priority
        sizes="(min-width: 640px) 36rem, 100vw"
        className="aspect-[3/2] w-full rounded-3xl bg-sky-50 object-cover"
      />
      <div className="mt-5">
        <LikeButton course={course} returnTo={local(coursePath(course.id))} />
      </div>
      <Paragraphs text={course.description} lang={written} className="mt-5 text-ink" />
    </Modal>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  if (data) return data.tags;
  return notFoundMeta(COURSES_TEXTS, location.pathname);
};

/** A course that is not there (or a mistyped address): a dialog over the catalogue that says so. */
export function ErrorBoundary() {
  const { notFound } = useRouteFailure();
  const t = useTexts(COURSES_TEXTS);
  const site = useTexts(SITE_TEXTS);
  const local = useLocalHref();
  const catalogue = local(PUBLIC_PAGES.courses.path);
  return (
    <Modal title={notFound ? t("notFound.title") : site("error.failedTitle")} closeTo={catalogue}>
      <p className="text-ink-soft">{notFound ? t("notFound.text") : t("failed.text")}</p>
      <ButtonLink to={catalogue} preventScrollReset className="mt-6">
        {t("seeAll")}
      </ButtonLink>
    </Modal>
  );
}
