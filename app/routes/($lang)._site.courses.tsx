import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { CourseCard } from "~/components/courses/course-card";
import { NoCoursesPicture } from "~/components/courses/no-courses-picture";
import { ButtonLink } from "~/components/ui/button";
import { CardGrid } from "~/components/ui/card-grid";
import { EmptyNotice } from "~/components/ui/empty-notice";
import { PageHeader } from "~/components/ui/page-header";
import { SCHOOL } from "~/domain/brand";
import { MESSAGES } from "~/domain/messages";
import { courseCard } from "~/utils/card-summaries.server";
import type { PublicDataHandle } from "~/services/public-data.server";
import { PUBLIC_PAGES } from "~/domain/public-pages";

export async function loader({ context }: LoaderFunctionArgs) {
  const [courses, tags] = await Promise.all([
    context.services.courses.list(context.user?.id),
    context.services.pageTags.page({
      language: context.language,
      path: PUBLIC_PAGES.courses.path,
      title: `Courses | ${SCHOOL.name}`,
      description: `The courses of ${SCHOOL.fullName}: English, maths, science, coding, art, music, yoga and story-telling, online from Nursery to Grade 8.`,
    }),
  ]);
  return { courses: courses.map(courseCard), tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["courses", "details"] } satisfies PublicDataHandle;

/** The catalogue; a course's dialog (`/courses/:id`) renders over it through the outlet. */
export default function CoursesPage() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader eyebrow="Courses" title="Learning that children look forward to">
        Strong foundations in language, maths and science, with yoga, music, art, coding and story-telling
        alongside. Open a course to read more, and like the ones your family loves.
      </PageHeader>
      <div className="container-page py-12 sm:py-16">
        {courses.length > 0 ? (
          <CardGrid items={courses}>
            {(course, first) => <CourseCard course={course} priority={first} />}
          </CardGrid>
        ) : (
          <EmptyNotice title={MESSAGES.courses.empty} picture={<NoCoursesPicture />}>
            <p>New courses are being prepared. Meanwhile, see what a class looks like in a free demo.</p>
            <ButtonLink to="/book-demo" variant="outline" className="mt-6">
              Book a free demo
            </ButtonLink>
          </EmptyNotice>
        )}
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.tags ?? [];
