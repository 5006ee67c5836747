import type { LoaderFunctionArgs } from "@remix-run/node";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "~/utils/auth.server";
import { pdfDownloadHeaders } from "~/utils/download.server";
import { RECORD_ID } from "~/utils/route-input.server";

/**
 * A teacher's CV, for an ADMIN only: the stored PDF as a download (never shown inline, never
 * stored by any cache: decision 0029). Anyone else is sent to log in, as everywhere under /admin.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  try {
    const cv = await context.services.teacherApplications.cv(RECORD_ID.teacherApplication(params.id));
    // A copy as a plain Uint8Array: what a Response body takes (a Buffer is one, typed otherwise).
    return new Response(new Uint8Array(cv.content), {
      headers: pdfDownloadHeaders(cv.fileName, cv.sizeBytes),
    });
  } catch (error) {
    if (!isAppError(error) || error.status !== 404) throw error;
    return new Response(error.message, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
}
