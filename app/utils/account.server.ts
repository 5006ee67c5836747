import type { AppLoadContext } from "@remix-run/node";
import { MESSAGES } from "~/domain/messages";
import { badRequest } from "~/services/errors";
import { redirectWithFlash } from "./forms.server";

/** A new password is typed twice wherever one is chosen (register, reset, change): both must match. */
export function requireMatchingPasswords(values: Record<string, string>): void {
  if (values.password !== values.confirmPassword) {
    throw badRequest(MESSAGES.auth.passwordsDoNotMatch, {
      confirmPassword: [MESSAGES.auth.passwordsDoNotMatch],
    });
  }
}

/** After a reset or a change: signed in with the new session, on the profile, told so. */
export function signedInWithNewPassword(context: AppLoadContext, token: string) {
  return redirectWithFlash(
    context,
    "/profile",
    { kind: "success", message: MESSAGES.auth.passwordChanged },
    { headers: { "Set-Cookie": context.session.signIn(token) } },
  );
}
