import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LikeButton } from "~/components/courses/like-button";
import { useRouteFailure } from "~/components/site-error";
import { ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { Paragraphs } from "~/components/ui/paragraphs";
import { CONTENT_IMAGE, SchoolImage } from "~/components/ui/school-image";
import { SCHOOL } from "~/domain/brand";
import { imageAltOf } from "~/domain/image-description";
import { MESSAGES } from "~/domain/messages";
import { coursePath, PUBLIC_PAGES } from "~/domain/public-pages";
import { foundOr404 } from "~/utils/not-found.server";
import { RECORD_ID } from "~/utils/route-input.server";
import type { PublicDataHandle } from "~/services/public-data.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const course = await foundOr404(() =>
    context.services.courses.get(RECORD_ID.course(params.id), context.user?.id),
  );
  const path = coursePath(course.id);
  const tags = await context.services.pageTags.page({
    language: context.language,
    path,
    title: `${course.title} | Courses | ${SCHOOL.name}`,
    description: course.description,
    image: { url: course.imageUrl, alt: imageAltOf(course) },
    course: { name: course.title, description: course.description },
    trail: [
      { name: "Home", path: PUBLIC_PAGES.home.path },
      { name: "Courses", path: PUBLIC_PAGES.courses.path },
      { name: course.title, path },
    ],
  });
  return { course, tags };
}

/** What this page shows of the public data: a stored copy goes when one of these changes. */
export const handle = { publicData: ["courses", "details"] } satisfies PublicDataHandle;

/** A course's dialog over the catalogue: an address of its own, so it opens without JavaScript. */
export default function CourseDialog() {
  const { course } = useLoaderData<typeof loader>();
  return (
    <Modal title={course.title} closeTo="/courses" size="lg">
      <SchoolImage
        src={course.imageUrl}
        alt={imageAltOf(course)}
        {...CONTENT_IMAGE}
        priority
        sizes="(min-width: 640px) 36rem, 100vw"
        className="aspect-[3/2] w-full rounded-3xl bg-sky-50 object-cover"
      />
      <div className="mt-5">
        <LikeButton course={course} returnTo={`/courses/${course.id}`} />
      </div>
      <Paragraphs text={course.description} className="mt-5 text-ink" />
    </Modal>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? data.tags
    : [
        { title: `Course not found | ${SCHOOL.name}` },
        { name: "description", content: `This course is not in the ${SCHOOL.fullName} catalogue.` },
      ];

/** A course that is not there (or a mistyped address): a dialog over the catalogue that says so. */
export function ErrorBoundary() {
  const { notFound, serviceMessage } = useRouteFailure();
  const title = serviceMessage ?? MESSAGES.errorPage.failedTitle;
  return (
    <Modal title={title} closeTo="/courses">
      <p className="text-ink-soft">
        {notFound
          ? "It may have been removed, or the link may be mistyped. Every course we teach is listed here."
          : MESSAGES.generic.serverError}
      </p>
      <ButtonLink to="/courses" preventScrollReset className="mt-6">
        See all courses
      </ButtonLink>
    </Modal>
  );
}
