import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { COURSES_ADMIN_PATH } from "~/components/admin/course-form";
import { DeleteConfirmModal } from "~/components/admin/content-actions";
import { adminMeta } from "~/components/admin/meta";
import { ModalRouteError } from "~/components/admin/modal-error";
import { MESSAGES } from "~/domain/messages";
import { deleteAndReturn } from "~/utils/admin-content.server";
import { foundOr404 } from "~/utils/not-found.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const course = await foundOr404(context.services.courses.get(params.id));
  return { title: course.title };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireAdmin(request, context);
  return deleteAndReturn(context, {
    listPath: COURSES_ADMIN_PATH,
    remove: () => context.services.courses.remove(params.id),
    failed: MESSAGES.courses.deleteFailed,
    deleted: MESSAGES.courses.deleted,
  });
}

/** The confirmation step for browsers without JavaScript (with it, the list asks with confirm()). */
export default function DeleteCourse() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmModal
      title="Delete course?"
      closeTo={COURSES_ADMIN_PATH}
      question={MESSAGES.courses.deleteConfirm}
      name={title}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Delete course", "Confirm deleting a course of the school's catalogue.");

export function ErrorBoundary() {
  return <ModalRouteError closeTo={COURSES_ADMIN_PATH} />;
}
