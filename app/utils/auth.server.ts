import { redirect } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { isAdmin } from "~/domain/access";
import type { SessionAccount, SessionUser } from "~/services/auth.server";
import { loginUrl } from "./redirect";

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export function requireUser(request: Request, context: AppLoadContext): SessionUser {
  if (!context.user) throw redirect(loginUrl(request));
  return context.user;
}

/** `requireUser`, with the account as the family records' ownership rule needs it (read with the session). */
export function requireAccount(request: Request, context: AppLoadContext): SessionAccount {
  if (!context.user || !context.owner) throw redirect(loginUrl(request));
  return { user: context.user, owner: context.owner };
}

/** Everything under /admin: only an ADMIN gets past; anyone else goes to /login. */
export function requireAdmin(request: Request, context: AppLoadContext): SessionUser {
  const user = context.user;
  if (!user || !isAdmin(user)) throw redirect(loginUrl(request));
  return user;
}
