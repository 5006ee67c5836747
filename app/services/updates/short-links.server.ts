import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { SHORT_LINK_CODE_LENGTH, shortLinkText, SMS_VARIABLE_MAX } from "~/domain/updates";
import type { Database, Executor } from "../../../db/client";
import { shortLinks } from "../../../db/schema";

const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random code of letters and digits a reader cannot confuse (no 0/O, 1/l/I). */
function newCode(): string {
  let code = "";
  for (let index = 0; index < SHORT_LINK_CODE_LENGTH; index += 1) code += LETTERS[randomInt(LETTERS.length)];
  return code;
}

export type ShortLinks = ReturnType<typeof createShortLinks>;

/**
 * The short links of the updates (issue 39): a link longer than one SMS variable may be becomes
 * `/l/<code>` on this site, written in the transaction that queues the update; opening it
 * redirects to the path it stands for. Only the site's own paths are kept, never another site's.
 */
export function createShortLinks({ db, publicUrl }: { db: Database; publicUrl: string }) {
  const origin = new URL(publicUrl).origin;

  return {
    /**
     * `link` as an update carries it: as it is when it fits in an SMS variable, else a new short
     * link to the same path. A link to another site, or a host too long for any short link (the
     * configuration refuses one with SMS on), is a mistake in the caller.
     */
    async shorten(executor: Executor, link: string): Promise<string> {
      if (link.length <= SMS_VARIABLE_MAX) return link;
      const url = new URL(link);
      if (url.origin !== origin)
        throw new Error(`Only the site's own links are shortened, not ${url.origin}.`);
      const code = newCode();
      const text = shortLinkText(publicUrl, code);
      if (!text)
        throw new Error(`PUBLIC_URL's host is too long for a short link of ${SMS_VARIABLE_MAX} letters.`);
      // 57^10 codes: a clash is not worth a retry loop; the primary key would refuse one.
      await executor.insert(shortLinks).values({ code, path: url.pathname + url.search });
      return text;
    },

    /** The path a code stands for, or null for a code that is not one. */
    async resolve(code: string): Promise<string | null> {
      if (!/^[A-Za-z0-9]{1,16}$/.test(code)) return null;
      const [row] = await db
        .select({ path: shortLinks.path })
        .from(shortLinks)
        .where(eq(shortLinks.code, code));
      return row?.path ?? null;
    },
  };
}
