import { languageOfPath, pathIn } from "~/domain/languages";

/**
 * Only a path on this site: "/courses" yes; "//evil.example", "https://…", "/\\evil" no.
 * Anything else falls back, so a crafted ?redirectTo can never send a parent elsewhere. Letters
 * beyond ASCII ("/中") are percent-encoded, as a Location header can only carry ASCII.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  // eslint-disable-next-line no-control-regex -- a control character (or a backslash) in the path is refused
  if (/[\u0000-\u001f\\]/.test(to)) return fallback;
  try {
    return to.replace(/[^\x21-\x7e]/gu, (character) => encodeURIComponent(character));
  } catch {
    // Half of a surrogate pair is no character at all.
    return fallback;
  }
}

/**
 * `/login?redirectTo=<here>` for a request that needs a signed-in visitor, in the language of the
 * page asked for (`/hi/login` for a Hindi one, decision 0047).
 */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const language = languageOfPath(url.pathname);
  const login = pathIn(language, "/login");
  return here === pathIn(language, "/") ? login : `${login}?redirectTo=${encodeURIComponent(here)}`;
}

/** A path of the back office (`/admin`, `/admin/users?page=2`), where only staff may go. */
export function isAdminPath(path: string): boolean {
  return /^\/admin(?:[/?#]|$)/.test(path);
}
