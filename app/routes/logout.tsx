import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/utils/redirect";

/**
 * Logout is a POST (a link or prefetch can never sign anyone out): the session's token is
 * revoked, so a copy of it stops working too, and the cookie is cleared.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await context.session.end() },
  });
}

export async function loader() {
  return redirect("/");
}
