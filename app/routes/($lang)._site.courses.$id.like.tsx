import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import type { LikeAnswer } from "~/components/courses/like-button";
import { pageHref, PUBLIC_PAGES } from "~/domain/public-pages";
import type { Language } from "~/domain/languages";
import { isAppError } from "~/services/errors";
import { formValues } from "~/utils/forms.server";
import { likeForm, RECORD_ID } from "~/utils/route-input.server";
import { safeRedirect } from "~/utils/redirect";

/**
 * POST /courses/:id/like toggles the signed-in visitor's like (the page twin of the API's
 * POST /api/courses/:id/like). Its form schema is in ~/utils/route-input.server.
 */

/**
 * Spec: a visitor who is not logged in goes to the login page, which brings them back to the
 * catalogue; both in the language of the page the like was sent from.
 */
function loginToLike(language: Language): string {
  const catalogue = pageHref(language, PUBLIC_PAGES.courses.path);
  return `${pageHref(language, "/login")}?redirectTo=${encodeURIComponent(catalogue)}`;
}

/** Nothing to show at this address: a visit lands on the course itself. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return redirect(pageHref(context.language, `/courses/${encodeURIComponent(params.id ?? "")}`));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!context.user) throw redirect(loginToLike(context.language));
  const { redirectTo } = likeForm.parse(formValues(await request.formData()));
  let answer: LikeAnswer = { like: null };
  try {
    answer = {
      like: await context.services.courses.toggleLike(RECORD_ID.course(params.id), context.user.id),
    };
  } catch (error) {
    // Spec: a failed like is silent. The page shows the stored state again; the unexpected is logged.
    if (!isAppError(error)) context.reportError(error);
  }
  if (redirectTo !== undefined)
    return redirect(safeRedirect(redirectTo, pageHref(context.language, PUBLIC_PAGES.courses.path)));
  // Always 200, also for a failure (`like: null`): Remix skips reloading the page's data after an
  // error status, and the list must come back from the server to show what is really stored.
  return answer;
}

/**
 * With JavaScript, a like that never reaches the action (offline, a proxy's error page) is as
 * silent as one the action refused: no error page, and the revalidated list shows what is stored.
 * Redirects (to the login page) still go through.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs): Promise<LikeAnswer> {
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { like: null };
  }
}
