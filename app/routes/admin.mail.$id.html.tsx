import type { LoaderFunctionArgs } from "@remix-run/node";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "~/utils/auth.server";
import { RECORD_ID } from "~/utils/route-input.server";

/**
 * The stored HTML part of one mail, for the preview frame of its admin page. A mail's HTML is
 * written by our templates from what visitors typed, so it is shown as an inert document: its
 * own policy allows inline styles (mail HTML has nothing else) and `data:` images, runs no
 * script, loads nothing, sandboxes it even when opened on its own, and lets only our own pages
 * frame it. These headers replace the site's page headers for this answer
 * (app/server/security-headers.server.ts, decision 0012).
 */
const PREVIEW_HEADERS = {
  "Cache-Control": "private, no-store",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox",
  "X-Frame-Options": "SAMEORIGIN",
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  try {
    const mail = await context.services.mail.get(RECORD_ID.mail(params.id));
    return new Response(mail.html, {
      headers: { ...PREVIEW_HEADERS, "Content-Type": "text/html; charset=utf-8" },
    });
  } catch (error) {
    if (!isAppError(error) || error.status !== 404) throw error;
    return new Response(error.message, {
      status: 404,
      headers: { ...PREVIEW_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
