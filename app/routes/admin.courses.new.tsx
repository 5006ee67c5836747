import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { COURSE_SCREENS } from "~/components/admin/course-form";
import { CONTENT_ADMIN } from "~/utils/admin-content.server";

export const loader = (args: LoaderFunctionArgs) => CONTENT_ADMIN.courses.newLoader(args);

export const action = (args: ActionFunctionArgs) => CONTENT_ADMIN.courses.newAction(args);

export default COURSE_SCREENS.New;

export const meta = COURSE_SCREENS.newMeta;

export const links = COURSE_SCREENS.formLinks;

export const ErrorBoundary = COURSE_SCREENS.ErrorBoundary;
