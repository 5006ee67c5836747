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

export async function loader({ context }: LoaderFunctionArgs) {
  const courses = await context.services.courses.list(context.user?.id);
  return { courses: courses.map(courseCard) };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["courses"] } satisfies PublicDataHandle;

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

export const meta: MetaFunction = () => [
  { title: `Courses | ${SCHOOL.name}` },
  {
    name: "description",
    content: `The courses of ${SCHOOL.fullName}: English, maths, science, coding, art, music, yoga and story-telling, online from Nursery to Grade 8.`,
  },
];
