import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BLOG_ADMIN_PATH, BlogPostForm } from "~/components/admin/blog-post-form";
import { adminMeta } from "~/components/admin/meta";
import { ModalRouteError } from "~/components/admin/modal-error";
import { MESSAGES } from "~/domain/messages";
import { saveFromForm } from "~/utils/admin-content.server";
import { foundOr404 } from "~/utils/not-found.server";
import { requireAdmin } from "~/utils/auth.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return foundOr404(context.services.blog.get(params.id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireAdmin(request, context);
  return saveFromForm(request, context, {
    listPath: BLOG_ADMIN_PATH,
    save: (values, image) => context.services.blog.update(params.id, values, image),
    failed: MESSAGES.blog.saveFailed,
    saved: MESSAGES.blog.updated,
  });
}

export default function EditBlogPost() {
  const post = useLoaderData<typeof loader>();
  return <BlogPostForm post={post} />;
}

export const meta: MetaFunction = () => adminMeta("Edit blog post", "Change a post of the school's blog.");

export function ErrorBoundary() {
  return <ModalRouteError closeTo={BLOG_ADMIN_PATH} />;
}
