import type { ActionFunctionArgs } from "@remix-run/node";
import { messageName } from "~/domain/updates";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithFlash } from "~/utils/forms.server";
import { foundOr404 } from "~/utils/not-found.server";
import { isAdminPath, safeRedirect } from "~/utils/redirect";
import { RECORD_ID } from "~/utils/route-input.server";

const RESEND_FAILED = "Failed to queue the message again. Please try again.";

/**
 * "Send again" on a failed or uncertain WhatsApp or SMS update (issue 39 point 6), from
 * /admin/messages or a record's page: back to that page (`back`, an admin path) with what happened.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const id = await foundOr404(async () => RECORD_ID.message(params.id));
  const form = await request.formData();
  const wanted = safeRedirect(form.get("back"), "/admin/messages");
  const back = isAdminPath(wanted) ? wanted : "/admin/messages";
  try {
    const again = await context.services.updatesAdmin.resend(id, admin.id);
    return redirectWithFlash(context, back, {
      kind: "success",
      message: `Queued to be sent again as ${messageName(again)}.`,
    });
  } catch (error) {
    if (isAppError(error) && error.status < 500)
      return redirectWithFlash(context, back, { kind: "error", message: error.message });
    context.reportError(error);
    return redirectWithFlash(context, back, { kind: "error", message: RESEND_FAILED });
  }
}
