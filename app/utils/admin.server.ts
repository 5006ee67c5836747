import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { AppError, isAppError } from "~/services/errors";
import { formValues, redirectWithFlash, submissionFailed } from "./forms.server";

/**
 * `?page=` of an admin list. Anything that is not a whole number from 1 up reads as page 1, so a
 * mistyped or tampered link shows the list instead of an error; the service clamps past-the-end.
 */
const pageParam = z
  .object({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1) })
  .catch({ page: 1 });

export function requestedPage(request: Request): number {
  const url = new URL(request.url);
  return pageParam.parse({ page: url.searchParams.get("page") ?? undefined }).page;
}

/** The request's admin list page again, e.g. "/admin/demos?page=2" (page 1 has no query). */
function samePage(request: Request): string {
  const page = requestedPage(request);
  return new URL(request.url).pathname + (page > 1 ? `?page=${page}` : "");
}

/** What a page says when loading failed: the service's own message for a 4xx, else the page's text. */
function failureText(context: AppLoadContext, error: unknown, fallback: string): string {
  if (isAppError(error) && error.status < 500) return error.message;
  context.reportError(error);
  return fallback;
}

export type Loaded<T> = { data: T; error: null } | { data: null; error: string };

/**
 * Runs a loader's service call; a failure becomes `error` (shown in an ErrorState) instead of an
 * error page, so the admin frame stays usable. Unexpected failures are logged with the request id.
 */
export async function loadOrExplain<T>(
  context: AppLoadContext,
  load: () => Promise<T>,
  fallback: string,
): Promise<Loaded<T>> {
  try {
    return { data: await load(), error: null };
  } catch (error) {
    return { data: null, error: failureText(context, error, fallback) };
  }
}

/** An admin list loader's whole job: the requested page of `load`, or the list's failure text. */
export function loadAdminPage<T>(
  request: Request,
  context: AppLoadContext,
  load: (query: { page: number }) => Promise<T>,
  fallback: string,
): Promise<Loaded<T>> {
  return loadOrExplain(context, () => load({ page: requestedPage(request) }), fallback);
}

/**
 * A failed admin form: the page's fixed alert text (e.g. 'Failed to save details. Please try
 * again.') above the form, the service's field errors beside the fields, the values kept.
 */
export function adminSubmissionFailed(
  context: AppLoadContext,
  error: unknown,
  values: Record<string, string>,
  message: string,
) {
  const shown =
    isAppError(error) && error.status < 500 ? new AppError(error.status, message, error.errors) : error;
  return submissionFailed(context, shown, values, message);
}

const statusChange = z.object({ id: z.string().default(""), status: z.string().default("") });

/**
 * A status change posted from a list row (select + Save, or the select's fetcher with JavaScript):
 * the service checks the id and the status; either way the browser comes back to the same list
 * page with a flash, the spec's failure text when nothing changed.
 */
export async function changeStatus<Row>(
  request: Request,
  context: AppLoadContext,
  {
    update,
    failed,
    saved,
    explained = false,
  }: {
    update: (id: string, input: { status: string }) => Promise<Row>;
    failed: string;
    saved: (row: Row) => string;
    /** Show the service's own reason for a refused change (e.g. "the last admin…") instead of `failed`. */
    explained?: boolean;
  },
) {
  const { id, status } = statusChange.parse(formValues(await request.formData()));
  const back = samePage(request);
  try {
    const row = await update(id, { status });
    return redirectWithFlash(context, back, { kind: "success", message: saved(row) });
  } catch (error) {
    const refused = isAppError(error) && error.status < 500;
    if (!refused) context.reportError(error);
    return redirectWithFlash(context, back, {
      kind: "error",
      message: explained && refused ? error.message : failed,
    });
  }
}
