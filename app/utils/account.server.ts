import { data, type AppLoadContext } from "@remix-run/node";
import { localHref } from "~/domain/languages";
import { MESSAGES } from "~/domain/messages";
import { hasHindi } from "~/domain/public-pages";
import { ACCOUNT_TEXTS } from "~/domain/texts/account";
import { translator, type TextKey, type TextValues } from "~/domain/translations";
import { badRequest } from "~/services/errors";
import type { FormFailure } from "./forms";
import { redirectWithFlash, submissionFailed } from "./forms.server";

/** A new password is typed twice wherever one is chosen (register, reset, change): both must match. */
export function requireMatchingPasswords(values: Record<string, string>): void {
  if (values.password !== values.confirmPassword) {
    throw badRequest(MESSAGES.auth.passwordsDoNotMatch, {
      confirmPassword: [MESSAGES.auth.passwordsDoNotMatch],
    });
  }
}

/**
 * A page of the site as the page asking speaks: `/profile` from a Hindi page is `/hi/profile`.
 * A page that has no Hindi yet stays English (its /hi address would not answer).
 */
export function inPageLanguage(context: AppLoadContext, path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return hasHindi(pathname) ? localHref(context.language, path) : path;
}

/** After a reset or a change: signed in with the new session, on the profile, told so. */
export function signedInWithNewPassword(context: AppLoadContext, token: string) {
  return redirectWithFlash(
    context,
    inPageLanguage(context, "/profile"),
    { kind: "success", message: translator(ACCOUNT_TEXTS, context.language)("flash.passwordChanged") },
    { headers: { "Set-Cookie": context.session.signIn(token) } },
  );
}

type AccountKey = TextKey<(typeof ACCOUNT_TEXTS)["en"]>;

/**
 * The services' refusals these pages show, each known by its text's key: the English of an
 * `error.*` text is the service's own message (MESSAGES, ERASURE_MESSAGES) with its values as
 * {{placeholders}}, so a message is recognised by matching it, and its values are carried over.
 */
const KNOWN_ERRORS = (Object.keys(ACCOUNT_TEXTS.en) as AccountKey[])
  .filter((key) => key.startsWith("error."))
  .map((key) => {
    const names: string[] = [];
    const pattern = ACCOUNT_TEXTS.en[key]
      .split(/\{\{(\w+)\}\}/)
      .map((part, index) => {
        if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(part);
        return "(.+?)";
      })
      .join("");
    return { key, names, pattern: new RegExp(`^${pattern}$`, "s") };
  });

function knownError(message: string): { key: AccountKey; values: TextValues } | undefined {
  for (const { key, names, pattern } of KNOWN_ERRORS) {
    const match = pattern.exec(message);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return undefined;
}

/**
 * A failed submission's messages in the page's language. A message no text knows (a field rule
 * of app/services/validation.ts shared by every form) becomes "check the highlighted fields" next
 * to its field, and the page's own fallback as the form's message.
 */
function failureIn(context: AppLoadContext, failure: FormFailure, fallback: string): FormFailure {
  if (context.language === "en") return failure;
  const t = translator(ACCOUNT_TEXTS, context.language);
  const translate = (message: string) => {
    const known = knownError(message);
    return known ? t(known.key, known.values) : undefined;
  };
  const checkFields = t("error.checkFields");
  const errors = Object.fromEntries(
    Object.entries(failure.errors).map(([field, messages]) => [
      field,
      messages.map((message) => translate(message) ?? checkFields),
    ]),
  );
  const message =
    translate(failure.message) ??
    (Object.keys(errors).length > 0 ? checkFields : (translate(fallback) ?? t("error.serverError")));
  return { ...failure, message, errors };
}

/**
 * `submissionFailed` for the account pages: the same answer (status, values kept, passwords
 * never), its messages in the page's language. The /api answers the services' English as it is.
 */
export function accountSubmissionFailed(
  context: AppLoadContext,
  error: unknown,
  values: Record<string, string>,
  fallback: string,
) {
  // The shared answer in the services' English, so that these pages' own texts recognise it.
  const answer = submissionFailed({ ...context, language: "en" }, error, values, fallback);
  return data(failureIn(context, answer.data, fallback), answer.init ?? undefined);
}
