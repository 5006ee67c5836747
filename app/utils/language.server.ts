import { serialize } from "cookie";
import { LANGUAGE_COOKIE, type Language } from "~/domain/languages";

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
