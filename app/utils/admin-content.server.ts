import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { BLOG_POSTS } from "~/components/admin/blog-post-form";
import type { ContentKind } from "~/components/admin/content-kind";
import { COURSES } from "~/components/admin/course-form";
import type { FormSpec } from "~/domain/field-spec";
import { isAppError } from "~/services/errors";
import { requireAdmin } from "./auth.server";
import { parseForm, redirectWithFlash, submissionFailed } from "./forms.server";
import { foundOr404 } from "./not-found.server";
import { RECORD_ID } from "./route-input.server";
import { readUploadForm } from "./upload.server";

const isMissing = (error: unknown): error is Error => isAppError(error) && error.status === 404;

/**
 * An add or edit form with an optional image file: on success back to the list with a toast; on
 * failure the form again with the field errors and the typed values (the page shows the spec's
 * alert). A record that vanished meanwhile sends the admin back to the list with that alert.
 */
async function saveFromForm(
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
async function deleteAndReturn(
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

/**
 * The server half of a content kind's dialogs (app/components/admin/content-kind.tsx): each
 * loader and action of its new, edit and delete routes, ADMIN only. Fields are checked against
 * the kind's form before the service sees them.
 */
function contentAdmin<Form extends FormSpec, Item extends Stored, Stored extends { title: string }>(
  kind: ContentKind<Form, Item, Stored>,
  /** The record's id from the URL, or its 404 (RECORD_ID in route-input.server.ts). */
  recordId: (raw: unknown) => number,
) {
  const { listPath, messages, form } = kind;
  const service = (context: AppLoadContext) => kind.service(context.services);
  const record = ({ request, context, params }: LoaderFunctionArgs) => {
    requireAdmin(request, context);
    return foundOr404(() => service(context).get(recordId(params.id)));
  };
  return {
    newLoader: async ({ request, context }: LoaderFunctionArgs) => {
      requireAdmin(request, context);
      return null;
    },
    newAction: async ({ request, context }: ActionFunctionArgs) => {
      requireAdmin(request, context);
      return saveFromForm(request, context, {
        listPath,
        save: (values, image) => service(context).create(parseForm(form, values), image),
        failed: messages.saveFailed,
        saved: messages.created,
      });
    },
    editLoader: async (args: LoaderFunctionArgs) => record(args),
    editAction: async ({ request, context, params }: ActionFunctionArgs) => {
      requireAdmin(request, context);
      return saveFromForm(request, context, {
        listPath,
        save: (values, image) => service(context).update(recordId(params.id), parseForm(form, values), image),
        failed: messages.saveFailed,
        saved: messages.updated,
      });
    },
    deleteLoader: async (args: LoaderFunctionArgs) => ({ title: (await record(args)).title }),
    deleteAction: async ({ request, context, params }: ActionFunctionArgs) => {
      requireAdmin(request, context);
      return deleteAndReturn(context, {
        listPath,
        remove: () => service(context).remove(recordId(params.id)),
        failed: messages.deleteFailed,
        deleted: messages.deleted,
      });
    },
  };
}

/** Every content kind staff manage; a new kind is one definition and three short route modules. */
export const CONTENT_ADMIN = {
  blog: contentAdmin(BLOG_POSTS, RECORD_ID.blogPost),
  courses: contentAdmin(COURSES, RECORD_ID.course),
};
