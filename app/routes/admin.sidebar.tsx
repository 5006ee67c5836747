import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { rememberMenu } from "~/utils/admin-menu.server";
import { requireAdmin } from "~/utils/auth.server";
import { formValues, redirectWithFlash } from "~/utils/forms.server";
import { safeRedirect } from "~/utils/redirect";

const menuChoice = z.object({
  collapsed: z.enum(["true", "false"]),
  /** Sent by the plain form (no JavaScript): the admin page to go back to. */
  redirectTo: z.string().optional(),
});

/** Only an admin page is a place to go back to. */
function adminPage(to: string | undefined): string {
  const target = safeRedirect(to, "/admin");
  return /^\/admin(?:[/?]|$)/.test(target) ? target : "/admin";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return redirect("/admin");
}

/** Opens or collapses the admin side menu for this browser (see SideMenu). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireAdmin(request, context);
  const values = formValues(await request.formData());
  const choice = menuChoice.safeParse(values);
  if (!choice.success) {
    return redirectWithFlash(context, adminPage(values.redirectTo), {
      kind: "error",
      message: "The menu could not be changed. Please use the Collapse or Expand button.",
    });
  }
  const collapsed = choice.data.collapsed === "true";
  const headers = { "Set-Cookie": await rememberMenu(collapsed) };
  // A fetcher (JavaScript) sends no redirectTo and keeps its page; the plain form goes back.
  // (A resource route answers a Response: `data()` would drop the Set-Cookie header here.)
  if (choice.data.redirectTo === undefined) return Response.json({ collapsed }, { headers });
  return redirect(adminPage(choice.data.redirectTo), { headers });
}
