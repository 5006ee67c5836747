import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BLOG_POSTS } from "~/components/admin/blog-post-form";
import { RowActions } from "~/components/admin/content-actions";
import { ContentThumb } from "~/components/admin/content-thumb";
import { DataTable } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeading } from "~/components/admin/page-heading";
import { Pagination } from "~/components/admin/pagination";
import { AdminRouteError } from "~/components/admin/route-error";
import { EmptyState } from "~/components/admin/states";
import { ButtonLink } from "~/components/ui/button";
import { MESSAGES } from "~/domain/messages";
import { requestedPage } from "~/utils/admin.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate } from "~/domain/format";

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return context.services.blog.listPage({ page: requestedPage(request) });
}

/** The blog's posts, newest first; the add, edit and delete dialogs open over it (nested routes). */
export default function AdminBlogPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeading
        title="Blog posts"
        description={
          list.total > 0
            ? `${list.total.toLocaleString("en-IN")} ${list.total === 1 ? "post" : "posts"} on the school's blog, newest first.`
            : undefined
        }
        actions={
          <ButtonLink to={`${BLOG_POSTS.listPath}/new`} preventScrollReset>
            Add blog post
          </ButtonLink>
        }
      />
      <DataTable
        caption="Blog posts"
        rows={list.rows}
        rowKey={(post) => post.id}
        empty={
          <EmptyState title={MESSAGES.blog.empty}>
            Posts you add here appear on the blog and in the home page&apos;s latest posts.
          </EmptyState>
        }
        columns={[
          { header: "Image", cell: (post) => <ContentThumb src={post.imageUrl} /> },
          { header: "Title", cell: (post) => <span className="font-bold text-ink">{post.title}</span> },
          { header: "Category", cell: (post) => post.category },
          {
            header: "Created",
            className: "whitespace-nowrap",
            cell: (post) => (
              <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
            ),
          },
          {
            header: "Actions",
            cell: (post) => (
              <RowActions
                name={post.title}
                editTo={`${BLOG_POSTS.listPath}/${post.id}/edit`}
                deleteTo={`${BLOG_POSTS.listPath}/${post.id}/delete`}
                question={MESSAGES.blog.deleteConfirm}
              />
            ),
          },
        ]}
      />
      <Pagination currentPage={list.currentPage} totalPages={list.totalPages} />
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () =>
  adminMeta("Blog posts", "Add, edit and delete the posts of the school's blog.");

export function ErrorBoundary() {
  return <AdminRouteError />;
}
