import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { isAdmin } from "~/domain/access";
import type { ListOptions } from "~/domain/record-kinds";
import {
  LIST_KINDS,
  LIST_PARAMS,
  parseListFilter,
  type ListFilter,
  type ListFilters,
  type ListKindName,
  type ListQuery,
  type StatusOf,
} from "~/domain/list-query";
import type { CsvDownload } from "~/services/list-export.server";
import { AppError, isAppError } from "~/services/errors";
import { formValues, redirectWithFlash, submissionFailed } from "./forms.server";
import { loginUrl } from "./redirect";

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

/**
 * The request's admin list page again with its filters, e.g. "/admin/demos?status=PENDING&page=2"
 * (a status change posted from a filtered list comes back to it). Only the lists' own parameters
 * are kept; the loader checks them again.
 */
function samePage(request: Request): string {
  const url = new URL(request.url);
  const kept = new URLSearchParams();
  for (const [name, value] of url.searchParams) {
    if (!LIST_PARAMS.includes(name) || !value || name === "page") continue;
    kept.append(name, value);
  }
  // The page as the list reads it: a mistyped one is page 1, which needs no parameter.
  const page = requestedPage(request);
  if (page > 1) kept.set("page", String(page));
  const search = kept.toString();
  return url.pathname + (search ? `?${search}` : "");
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

/** What a refused filter shows where the rows would be. */
const FILTERS_REFUSED = "These filters cannot be used. Please correct them in the form above and try again.";

/**
 * A filtered admin list loader's whole job (issue 19): the address's filters read with the one
 * schema (app/domain/list-query.ts), then the page of `load` under them. Filters it cannot use
 * answer 400 with the reason beside each field and no rows, never rows filtered some other way.
 */
export async function loadAdminList<Kind extends ListKindName, T>(
  request: Request,
  context: AppLoadContext,
  kind: Kind,
  load: (query: ListQuery<StatusOf<Kind>>) => Promise<T>,
  fallback: string,
) {
  const parsed = parseListFilter(kind, new URL(request.url).searchParams);
  if (!parsed.ok) {
    const loaded: Loaded<T> = { data: null, error: FILTERS_REFUSED };
    const filters: ListFilters = { values: parsed.values, errors: parsed.errors };
    return data({ loaded, filters }, { status: 400 });
  }
  const listed: ListOptions = LIST_KINDS[kind];
  const loaded = await loadOrExplain(
    context,
    () => load({ ...parsed.filter, page: requestedPage(request), limit: listed.perPage }),
    fallback,
  );
  const filters: ListFilters = { values: parsed.values, errors: {} };
  return data({ loaded, filters }, { status: 200 });
}

/**
 * An admin-only download: a signed-in account that is not an ADMIN is refused (403, it is
 * signed in and still may not); anyone signed out goes to log in, as everywhere under /admin.
 */
export function requireAdminDownload(request: Request, context: AppLoadContext) {
  const user = context.user;
  if (!user) throw redirect(loginUrl(request));
  if (!isAdmin(user))
    throw new Response("Only school staff may download this list.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return user;
}

/**
 * A list's CSV with the address's filters (issue 19 point 4), streamed as the rows are read; a
 * filter it cannot use answers 400 with the reasons, as text.
 */
export function exportAdminList<Kind extends ListKindName>(
  request: Request,
  kind: Kind,
  exported: (filter: ListFilter<StatusOf<Kind>>) => CsvDownload,
): Response {
  const parsed = parseListFilter(kind, new URL(request.url).searchParams);
  if (!parsed.ok) return refusedDownload(Object.values(parsed.errors).join("\n"));
  return csvResponse(exported(parsed.filter));
}

/** A download refused for what its address asked: 400, the reason as text. */
export function refusedDownload(reason: string): Response {
  return new Response(`${reason}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/** A CSV file as a download: saved, never shown, kept by no cache. */
export function csvResponse({ fileName, body }: CsvDownload): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
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
