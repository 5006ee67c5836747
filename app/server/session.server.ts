import { createCookie } from "@remix-run/node";
import { parse, serialize, type SerializeOptions } from "cookie";
import type { Flash } from "~/domain/flash";
import { TOKEN_TTL_SECONDS } from "~/services/auth.server";

export const SESSION_COOKIE = "token";
/** A message for the next page (Post/Redirect/Get); its presence makes a page personal. */
export const FLASH_COOKIE = "flash";

/**
 * The session is the login JWT in an httpOnly cookie named `token` (never readable by script),
 * SameSite=Lax against cross-site posts, Secure in production.
 */
export function createSessionCookies({ secure, secret }: { secure: boolean; secret: string }) {
  const base: SerializeOptions = { httpOnly: true, sameSite: "lax", path: "/", secure };
  const flashCookie = createCookie(FLASH_COOKIE, { ...base, secrets: [secret], maxAge: 60 });

  return {
    readToken(cookieHeader: string | undefined): string | undefined {
      return cookieHeader ? parse(cookieHeader)[SESSION_COOKIE] || undefined : undefined;
    },
    signIn: (token: string) => serialize(SESSION_COOKIE, token, { ...base, maxAge: TOKEN_TTL_SECONDS }),
    signOut: () => serialize(SESSION_COOKIE, "", { ...base, maxAge: 0, expires: new Date(0) }),

    async readFlash(cookieHeader: string | undefined): Promise<Flash | null> {
      const value: unknown = await flashCookie.parse(cookieHeader ?? null).catch(() => null);
      const flash = value as Partial<Flash> | null;
      if (!flash || (flash.kind !== "success" && flash.kind !== "error") || typeof flash.message !== "string")
        return null;
      return flash as Flash;
    },
    setFlash: (flash: Flash) => flashCookie.serialize(flash),
    clearFlash: () => flashCookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
