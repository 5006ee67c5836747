import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { COURSE_SCREENS } from "~/components/admin/course-form";
import { CONTENT_ADMIN } from "~/utils/admin-content.server";

export const loader = (args: LoaderFunctionArgs) => CONTENT_ADMIN.courses.deleteLoader(args);

export const action = (args: ActionFunctionArgs) => CONTENT_ADMIN.courses.deleteAction(args);

export default COURSE_SCREENS.Delete;

export const meta = COURSE_SCREENS.deleteMeta;

export const ErrorBoundary = COURSE_SCREENS.ErrorBoundary;
