import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useContentActions } from "~/components/content/apply-band";
import { CourseCard } from "~/components/courses/course-card";
import { NoCoursesPicture } from "~/components/courses/no-courses-picture";
import { ButtonLink } from "~/components/ui/button";
import { CardGrid } from "~/components/ui/card-grid";
import { EmptyNotice } from "~/components/ui/empty-notice";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { PUBLIC_PAGES } from "~/domain/public-pages";
import { COURSES_TEXTS } from "~/domain/texts/courses";
import { translator } from "~/domain/translations";
import { courseCard } from "~/utils/card-summaries.server";
import { useLocalHref, useTexts } from "~/utils/language";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const t = translator(COURSES_TEXTS, context.language);
  const [courses, tags] = await Promise.all([
    context.services.courses.list(context.user?.id),
    context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.courses.path,
      title: t("meta.title", { school: SCHOOL.name }),
      description: t("meta.description", { fullName: SCHOOL.fullName }),
    }),
  ]);
  return { courses: courses.map(courseCard(context.language)), tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["courses", "details"] } satisfies PublicDataHandle;

/** The catalogue; a course's dialog (`/courses/:id`) renders over it through the outlet. */
export default function CoursesPage() {
  const { courses } = useLoaderData<typeof loader>();
  const t = useTexts(COURSES_TEXTS);
  const { demo } = useContentActions();
  const local = useLocalHref();
  return (
    <>
      <PageHeader eyebrow={t("eyebrow")} title={t("title")}>
        {t("intro")}
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        {courses.length > 0 ? (
          <CardGrid items={courses}>
            {(course, first) => <CourseCard course={course} priority={first} />}
          </CardGrid>
        ) : (
          <EmptyNotice title={t("empty.title")} picture={<NoCoursesPicture />}>
            <p>{t("empty.text")}</p>
            <ButtonLink to={local(demo.to)} variant="outline" className="mt-6">
              {demo.label}
            </ButtonLink>
          </EmptyNotice>
        )}
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
