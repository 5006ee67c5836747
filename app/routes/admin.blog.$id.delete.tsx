import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BLOG_ADMIN_PATH } from "~/components/admin/blog-post-form";
import { DeleteConfirmModal } from "~/components/admin/content-actions";
import { adminMeta } from "~/components/admin/meta";
import { ModalRouteError } from "~/components/admin/modal-error";
import { MESSAGES } from "~/domain/messages";
import { deleteAndReturn } from "~/utils/admin-content.server";
import { foundOr404 } from "~/utils/not-found.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const post = await foundOr404(context.services.blog.get(params.id));
  return { title: post.title };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireAdmin(request, context);
  return deleteAndReturn(context, {
    listPath: BLOG_ADMIN_PATH,
    remove: () => context.services.blog.remove(params.id),
    failed: MESSAGES.blog.deleteFailed,
    deleted: MESSAGES.blog.deleted,
  });
}

/** The confirmation step for browsers without JavaScript (with it, the list asks with confirm()). */
export default function DeleteBlogPost() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmModal
      title="Delete blog post?"
      closeTo={BLOG_ADMIN_PATH}
      question={MESSAGES.blog.deleteConfirm}
      name={title}
    />
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Delete blog post", "Confirm deleting a post of the school's blog.");

export function ErrorBoundary() {
  return <ModalRouteError closeTo={BLOG_ADMIN_PATH} />;
}
