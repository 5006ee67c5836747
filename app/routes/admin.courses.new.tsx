import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { COURSES_ADMIN_PATH, CourseForm } from "~/components/admin/course-form";
import { adminMeta } from "~/components/admin/meta";
import { ModalRouteError } from "~/components/admin/modal-error";
import { MESSAGES } from "~/domain/messages";
import { saveFromForm } from "~/utils/admin-content.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(request, context);
  return saveFromForm(request, context, {
    listPath: COURSES_ADMIN_PATH,
    save: (values, image) => context.services.courses.create(values, image),
    failed: MESSAGES.courses.saveFailed,
    saved: MESSAGES.courses.created,
  });
}

export default function NewCourse() {
  return <CourseForm />;
}

export const meta: MetaFunction = () => adminMeta("New course", "Add a course to the school's catalogue.");

export function ErrorBoundary() {
  return <ModalRouteError closeTo={COURSES_ADMIN_PATH} />;
}
