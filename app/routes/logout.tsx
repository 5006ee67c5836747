import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/utils/redirect";

/** Logout is a POST (a link or prefetch can never sign anyone out); it clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": context.session.signOut() },
  });
}

export async function loader() {
  return redirect("/");
}
