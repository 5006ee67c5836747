import type { AppLoadContext } from "@remix-run/node";
import { isAppError } from "~/services/errors";
import { redirectWithFlash, submissionFailed } from "./forms.server";
import { readUploadForm } from "./upload.server";

const isMissing = (error: unknown): error is Error => isAppError(error) && error.status === 404;

/**
 * An add or edit form with an optional image file: on success back to the list with a toast; on
 * failure the form again with the field errors and the typed values (the page shows the spec's
 * alert). A record that vanished meanwhile sends the admin back to the list with that alert.
 */
export async function saveFromForm(
  request: Request,
  context: AppLoadContext,
  {
    listPath,
    save,
    failed,
    saved,
  }: {
    /** The list every form goes back to, e.g. "/admin/blog". */
    listPath: string;
    save: (values: Record<string, string>, image: Uint8Array | undefined) => Promise<unknown>;
    failed: string;
    saved: string;
  },
) {
  let values: Record<string, string> = {};
  try {
    const form = await readUploadForm(request);
    values = form.values;
    await save(form.values, form.image);
  } catch (error) {
    if (isMissing(error)) return redirectWithFlash(context, listPath, { kind: "error", message: failed });
    return submissionFailed(context, error, values, failed);
  }
  return redirectWithFlash(context, listPath, { kind: "success", message: saved });
}

/** A confirmed delete: back to the list with a toast, or with the spec's alert when nothing was deleted. */
export async function deleteAndReturn(
  context: AppLoadContext,
  {
    listPath,
    remove,
    failed,
    deleted,
  }: { listPath: string; remove: () => Promise<unknown>; failed: string; deleted: string },
) {
  try {
    await remove();
  } catch (error) {
    if (!isMissing(error)) context.reportError(error);
    return redirectWithFlash(context, listPath, { kind: "error", message: failed });
  }
  return redirectWithFlash(context, listPath, { kind: "success", message: deleted });
}
