import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { Flash } from "~/domain/flash";
import { BOT_CHECK_FIELDS } from "~/domain/bot-check";
import type { FormSpec } from "~/domain/field-spec";
import { localHref, type Language } from "~/domain/languages";
import { MESSAGES } from "~/domain/messages";
import { FIELD_ERROR_TEXTS } from "~/domain/texts/field-errors";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { translator } from "~/domain/translations";
import { isAppError } from "~/services/errors";
import type { RateLimitName } from "~/domain/rate-limits";
import { parseForm, type FormInput } from "~/services/validation";
import type { FormFailure } from "./forms";

/** Checks posted values against a form of app/domain/forms.ts, for actions that read their own fields. */
export { parseForm };

/** A form's text fields as a plain object (first value of each; files and `omit` left out). */
export function formValues(formData: FormData, omit: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !(key in values) && !omit.includes(key)) values[key] = value;
  }
  return values;
}

const NEVER_ECHOED: readonly string[] = [
  "password",
  "confirmPassword",
  "currentPassword",
  BOT_CHECK_FIELDS.honeypot,
  BOT_CHECK_FIELDS.stamp,
];

/**
 * Thrown for a public form sent sooner than the minimum fill time: not a refusal, since a person
 * whose browser filled every field can be that quick. `submissionFailed` shows the form again
 * with the values and a stamp that lets the next press through (decision 0032).
 */
class SentTooSoon extends Error {
  constructor(readonly stampShownAgain: string) {
    super("public form sent sooner than the minimum fill time");
  }
}

/**
 * The abuse checks of a form anyone may send (its `<BotCheck />` fields, and its rate limit per
 * client IP when one is named). Throws the 422/429 that `submissionFailed` shows on the form, or,
 * for a form sent too soon, the "send it again" answer. `timed: false` leaves out the minimum
 * fill time: the account forms (register, forgot password), which password managers fill.
 */
export async function checkPublicForm(
  context: AppLoadContext,
  values: Record<string, string>,
  limit?: RateLimitName,
  { timed = true }: { timed?: boolean } = {},
) {
  if (limit) await context.services.rateLimiter.consume(limit, context.clientIp);
  const verdict = context.services.botCheck.verify(values, { timed });
  if (verdict.tooFast) throw new SentTooSoon(verdict.stampShownAgain);
}

/**
 * Answers of a form that depend on what was sent (the age check names the child, the day and the
 * grades), by field ("form" for the form's own message), in the language asked for: a page in
 * another language tells by the English which answer the service gave, and shows its own. A
 * field the service may answer in several ways lists them, in the same order in every language.
 */
export type InputAnswers = (
  values: Record<string, string>,
  language: Language,
) => Partial<Record<string, string | readonly string[]>>;

type AnswerKey = keyof typeof FIELD_ERROR_TEXTS.en;

/** Each listed answer's key by its field and its English (`form` for the form's own message). */
const ANSWER_KEYS = new Map<string, AnswerKey>();
for (const key of Object.keys(FIELD_ERROR_TEXTS.en) as AnswerKey[]) {
  const field = key.startsWith("form.") ? "form" : /^error\.([^.]+)\./.exec(key)?.[1];
  if (field) ANSWER_KEYS.set(`${field}\n${FIELD_ERROR_TEXTS.en[key]}`, key);
}

/**
 * A failed submission in the page's language (issue 37): the services and /api answer in English,
 * and each answer a page shows is known by its key (app/domain/texts/field-errors.ts) or, for
 * one that depends on the values, by `answers`. An answer neither knows is never shown in
 * English on another language's page: the field is named in the page's language instead, and
 * an unknown form message becomes the page's fallback (or "check the fields" beside field errors).
 */
function inPageLanguage(
  failure: FormFailure,
  language: Language,
  fallback: string,
  answers: InputAnswers | undefined,
): FormFailure {
  if (language === "en") return failure;
  const t = translator(FIELD_ERROR_TEXTS, language);
  const labels = translator(FIELD_TEXTS, language);
  const english = answers?.(failure.values, "en") ?? {};
  const local = answers?.(failure.values, language) ?? {};
  const known = (field: string, message: string) => {
    const said = [english[field] ?? []].flat().indexOf(message);
    const answer = said >= 0 ? [local[field] ?? []].flat()[said] : undefined;
    if (answer) return answer;
    const key = ANSWER_KEYS.get(`${field}\n${message}`);
    return key ? t(key) : undefined;
  };
  const unknown = (field: string) => {
    const label = `label.${field}`;
    return Object.hasOwn(FIELD_TEXTS.en, label)
      ? t("check", { label: labels(label as keyof typeof FIELD_TEXTS.en) })
      : t("form.several");
  };
  const errors = Object.fromEntries(
    Object.entries(failure.errors).map(([field, messages]) => [
      field,
      messages.map((message) => known(field, message) ?? unknown(field)),
    ]),
  );
  // With one field wrong, the form's message is that field's own.
  const field = Object.keys(failure.errors).find((name) => failure.errors[name]?.[0] === failure.message);
  const message =
    known("form", failure.message) ??
    (field ? errors[field]![0]! : Object.keys(errors).length > 0 ? t("form.several") : fallback);
  return { ...failure, message, errors };
}

/**
 * Answers a failed submission so the form re-renders with the user's values (never passwords)
 * and the server's messages: the service's status (400, 409, 413…) and its text, or for an
 * unexpected failure the page's fallback text with status 500 (logged with the request id; while
 * the database is unreachable, entry.server.tsx makes it a 503 with Retry-After). On a page in
 * another language the messages are that language's (`answers`: see `inPageLanguage`).
 */
export function submissionFailed(
  context: AppLoadContext,
  error: unknown,
  values: Record<string, string>,
  fallback: string,
  { answers }: { answers?: InputAnswers } = {},
) {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !NEVER_ECHOED.includes(key)));
  const shown = (failure: FormFailure) => inPageLanguage(failure, context.language, fallback, answers);
  if (error instanceof SentTooSoon) {
    // 400 like a field mistake: nothing was stored, and the same form asks to be sent again.
    const failure: FormFailure = {
      id: crypto.randomUUID(),
      message: MESSAGES.generic.sendAgain,
      errors: {},
      values: kept,
      formStamp: error.stampShownAgain,
    };
    return data(shown(failure), { status: 400 });
  }
  if (isAppError(error) && error.status < 500) {
    const failure: FormFailure = {
      id: crypto.randomUUID(),
      message: error.message,
      errors: error.errors ?? {},
      values: kept,
    };
    if (error.headers) context.addResponseHeaders(error.headers);
    return data(shown(failure), { status: error.status });
  }
  // Reported, so entry.server.tsx answers 503 + Retry-After instead when the database is down.
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
 * The whole life of a simple form post: read the fields, check them against the form's fields
 * (app/domain/forms.ts), run the service with the typed input, then either redirect with a
 * success message (Post/Redirect/Get) or re-render the form with what went wrong.
 * `publicForm` marks a form anyone may send: its bot check and that rate limit run first.
 * `success` and `fallback` are in the page's language; `redirectTo` (an English path) is moved
 * into it, so a Hindi page's form comes back to the Hindi page.
 */
export async function submitForm<Form extends FormSpec>(
  request: Request,
  context: AppLoadContext,
  {
    form,
    run,
    fallback,
    success,
    redirectTo,
    publicForm,
    answers,
  }: {
    form: Form;
    run: (input: FormInput<Form>) => Promise<unknown>;
    fallback: string;
    success: string;
    redirectTo: string;
    publicForm?: RateLimitName;
    answers?: InputAnswers;
  },
) {
  const values = formValues(await request.formData());
  try {
    if (publicForm) await checkPublicForm(context, values, publicForm);
    await run(parseForm(form, values));
  } catch (error) {
    return submissionFailed(context, error, values, fallback, { answers });
  }
  return redirectWithFlash(context, localHref(context.language, redirectTo), {
    kind: "success",
    message: success,
  });
}
