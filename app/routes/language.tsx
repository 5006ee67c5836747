import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/react";
import { languageOfPath } from "~/domain/languages";
import { languageCookie } from "~/utils/language.server";
import { safeRedirect } from "~/utils/redirect";

/**
 * The language switch's link (decision 0047): remembers the language of the page asked for in a
 * cookie (so an English page stops suggesting Hindi to someone who chose English), then opens it.
 * Only a path of this site is opened.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("to"));
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": languageCookie(languageOfPath(to.split("?")[0]!), request) },
  });
}
