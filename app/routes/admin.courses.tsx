import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { postExcerpt } from "~/domain/format";
import { RowActions } from "~/components/admin/content-actions";
import { ContentThumb } from "~/components/admin/content-thumb";
import { COURSES } from "~/components/admin/course-form";
import { DataTable } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { ButtonLink } from "~/components/ui/button";
import { MESSAGES } from "~/domain/messages";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return { courses: await context.services.courses.list() };
}

/** The course catalogue with each course's likes; the add, edit and delete dialogs open over it. */
export default function AdminCoursesPage() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeading
        title="Courses"
        description={
          courses.length > 0
            ? `${courses.length.toLocaleString("en-IN")} ${courses.length === 1 ? "course" : "courses"} in the catalogue, in the order parents see them.`
            : undefined
        }
        actions={
          <ButtonLink to={`${COURSES.listPath}/new`} preventScrollReset>
            Add course
          </ButtonLink>
        }
      />
      <DataTable
        caption="Courses"
        rows={courses}
        rowKey={(course) => course.id}
        empty={
          <EmptyState title={MESSAGES.courses.empty}>
            Courses you add here appear on the courses page, where parents can like them.
          </EmptyState>
        }
        columns={[
          { header: "Image", cell: (course) => <ContentThumb src={course.imageUrl} /> },
          {
            header: "Course",
            cell: (course) => (
              <span className="block max-w-md">
                <span className="block font-bold text-ink">{course.title}</span>
                <span className="hidden text-sm text-ink-soft sm:block">
                  {postExcerpt(course.description, 90)}
                </span>
              </span>
            ),
          },
          {
            header: "Likes",
            className: "whitespace-nowrap",
            cell: (course) => (
              <span className="font-bold text-ink">
                {course._count.likes.toLocaleString("en-IN")}
                <span className="sr-only"> {course._count.likes === 1 ? "like" : "likes"}</span>
              </span>
            ),
          },
          {
            header: "Actions",
            cell: (course) => (
              <RowActions
                name={course.title}
                editTo={`${COURSES.listPath}/${course.id}/edit`}
                deleteTo={`${COURSES.listPath}/${course.id}/delete`}
                question={MESSAGES.courses.deleteConfirm}
              />
            ),
          },
        ]}
      />
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Courses", "Add, edit and delete the school's courses and see their likes.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
