import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BLOG_ADMIN_PATH, BlogPostForm } from "~/components/admin/blog-post-form";
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
    listPath: BLOG_ADMIN_PATH,
    save: (values, image) => context.services.blog.create(values, image),
    failed: MESSAGES.blog.saveFailed,
    saved: MESSAGES.blog.created,
  });
}

export default function NewBlogPost() {
  return <BlogPostForm />;
}

export const meta: MetaFunction = () => adminMeta("New blog post", "Write a new post for the school's blog.");

export function ErrorBoundary() {
  return <ModalRouteError closeTo={BLOG_ADMIN_PATH} />;
}
