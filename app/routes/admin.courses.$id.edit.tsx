import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { COURSES_ADMIN_PATH, CourseForm } from "~/components/admin/course-form";
import { adminMeta } from "~/components/admin/meta";
import { ModalRouteError } from "~/components/admin/modal-error";
import { MESSAGES } from "~/domain/messages";
import { saveFromForm } from "~/utils/admin-content.server";
import { foundOr404 } from "~/utils/not-found.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return foundOr404(context.services.courses.get(params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireAdmin(request, context);
  return saveFromForm(request, context, {
    listPath: COURSES_ADMIN_PATH,
    save: (values, image) => context.services.courses.update(params.id, values, image),
    failed: MESSAGES.courses.saveFailed,
    saved: MESSAGES.courses.updated,
  });
}

export default function EditCourse() {
  const course = useLoaderData<typeof loader>();
  return <CourseForm course={course} />;
}

export const meta: MetaFunction = () =>
  adminMeta("Edit course", "Change a course of the school's catalogue.");

export function ErrorBoundary() {
  return <ModalRouteError closeTo={COURSES_ADMIN_PATH} />;
}
