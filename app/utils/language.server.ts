import { serialize } from "cookie";
import { LANGUAGE_COOKIE, languageOfPath, type Language } from "~/domain/languages";

/** The language of the page a request is for: its address decides (decision 0047). */
export function languageOf(request: Request): Language {
  return languageOfPath(new URL(request.url).pathname);
}

/** The cookie that remembers a chosen language for a year: readable only by the server's suggestion. */
export function languageCookie(language: Language, request: Request): string {
  return serialize(LANGUAGE_COOKIE, language, {
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    sameSite: "lax",
    httpOnly: true,
    secure: new URL(request.url).protocol === "https:",
  });
}
