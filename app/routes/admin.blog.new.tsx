import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BLOG_POST_SCREENS } from "~/components/admin/blog-post-form";
import { CONTENT_ADMIN } from "~/utils/admin-content.server";

export const loader = (args: LoaderFunctionArgs) => CONTENT_ADMIN.blog.newLoader(args);

export const action = (args: ActionFunctionArgs) => CONTENT_ADMIN.blog.newAction(args);

export default BLOG_POST_SCREENS.New;

export const meta = BLOG_POST_SCREENS.newMeta;

export const links = BLOG_POST_SCREENS.formLinks;

export const ErrorBoundary = BLOG_POST_SCREENS.ErrorBoundary;
