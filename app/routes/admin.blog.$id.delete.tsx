import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BLOG_POST_SCREENS } from "~/components/admin/blog-post-form";
import { CONTENT_ADMIN } from "~/utils/admin-content.server";

export const loader = (args: LoaderFunctionArgs) => CONTENT_ADMIN.blog.deleteLoader(args);

export const action = (args: ActionFunctionArgs) => CONTENT_ADMIN.blog.deleteAction(args);

export default BLOG_POST_SCREENS.Delete;

export const meta = BLOG_POST_SCREENS.deleteMeta;

export const ErrorBoundary = BLOG_POST_SCREENS.ErrorBoundary;
