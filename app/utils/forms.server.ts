import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { Flash } from "~/context";
import { isAppError } from "~/services/errors";
import type { FormFailure } from "./forms";

/** A form's text fields as a plain object (first value of each; files and `omit` left out). */
export function formValues(formData: FormData, omit: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !(key in values) && !omit.includes(key)) values[key] = value;
  }
  return values;
}

const NEVER_ECHOED = ["password", "confirmPassword"];

/**
 * Answers a failed submission so the form re-renders with the user's values (never passwords)
 * and the server's messages: the service's status (400, 409, 413…) and its text, or for an
 * unexpected failure the page's fallback text with status 500 (logged with the request id).
 */
export function submissionFailed(
  context: AppLoadContext,
  error: unknown,
  values: Record<string, string>,
  fallback: string,
) {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !NEVER_ECHOED.includes(key)));
  if (isAppError(error) && error.status < 500) {
    const failure: FormFailure = {
      id: crypto.randomUUID(),
      message: error.message,
      errors: error.errors ?? {},
      values: kept,
    };
    return data(failure, { status: error.status, headers: error.headers });
  }
  context.reportError(error);
  const failure: FormFailure = { id: crypto.randomUUID(), message: fallback, errors: {}, values: kept };
  return data(failure, { status: 500 });
}

/** Post/Redirect/Get with a message that shows once on the next page. */
export async function redirectWithFlash(
  context: AppLoadContext,
  to: string,
  flash: Flash,
  init: { headers?: HeadersInit } = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await context.flash.set(flash));
  return redirect(to, { headers });
}

/**
 * The whole life of a simple form post: read the fields, run the service, then either redirect
 * with a success message (Post/Redirect/Get) or re-render the form with what went wrong.
 */
export async function submitForm(
  request: Request,
  context: AppLoadContext,
  {
    run,
    fallback,
    success,
    redirectTo,
  }: {
    run: (values: Record<string, string>) => Promise<unknown>;
    fallback: string;
    success: string;
    redirectTo: string;
  },
) {
  const values = formValues(await request.formData());
  try {
    await run(values);
  } catch (error) {
    return submissionFailed(context, error, values, fallback);
  }
  return redirectWithFlash(context, redirectTo, { kind: "success", message: success });
}
