import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { COURSE_SCREENS } from "~/components/admin/course-form";
import { CONTENT_ADMIN } from "~/utils/admin-content.server";

export const loader = (args: LoaderFunctionArgs) => CONTENT_ADMIN.courses.editLoader(args);

export const action = (args: ActionFunctionArgs) => CONTENT_ADMIN.courses.editAction(args);

export default COURSE_SCREENS.Edit;

export const meta = COURSE_SCREENS.editMeta;

export const links = COURSE_SCREENS.formLinks;

export const ErrorBoundary = COURSE_SCREENS.ErrorBoundary;
