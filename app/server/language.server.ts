import type { IncomingMessage } from "node:http";
import { parse as parseCookies } from "cookie";
import Negotiator from "negotiator";
import { LANGUAGE_COOKIE, LANGUAGES, isLanguage, languageOfPath, type Language } from "~/domain/languages";

/** The language a visitor chose with the switch, if they ever did (the `lang` cookie). */
function chosenLanguage(cookieHeader: string | undefined): Language | null {
  if (!cookieHeader?.includes(LANGUAGE_COOKIE)) return null;
  const chosen = parseCookies(cookieHeader)[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : null;
}

/**
 * The language an English page suggests switching to: Hindi when the browser prefers it to
 * English (Accept-Language, RFC 9110, read by negotiator) and the visitor never chose a language
 * with the switch; null otherwise. A suggestion only: nobody is redirected by their browser's
 * language (decision 0047). Pages that suggest are stored apart from those that do not (see
 * public-answers.server.ts), so the check is cheap for the common header without Hindi.
 */
export function suggestionOf(req: IncomingMessage): Language | null {
  const accepted = req.headers["accept-language"];
  if (!accepted?.toLowerCase().includes("hi")) return null;
  const path = (req.url ?? "/").split("?")[0]!;
  if (path.startsWith("/api/") || languageOfPath(path) !== "en") return null;
  if (chosenLanguage(req.headers.cookie)) return null;
  const preferred = new Negotiator({ headers: { "accept-language": accepted } }).language([...LANGUAGES]);
  return preferred === "hi" ? "hi" : null;
}
