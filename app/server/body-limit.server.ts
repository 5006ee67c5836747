import type { Request, RequestHandler, Response } from "express";
import { isAdmin } from "~/domain/access";
import { MAX_IMAGE_BYTES } from "~/domain/limits";
import type { SessionUser } from "~/services/auth.server";
import { MESSAGES } from "~/domain/messages";
import type { Refuse } from "./same-origin.server";

/**
 * The most a page post may send. A form: 256 KB, room for a 20,000-character blog text after
 * url-encoding (up to ~180 KB). An upload (multipart from a signed-in ADMIN under /admin, the
 * only place images are sent from pages): four times the largest image, so a photo straight
 * from a phone still reaches the form and is refused beside the image field with the typed
 * values kept. See docs/decisions/0011-page-body-limits.md.
 */
export const PAGE_BODY_LIMITS = { form: 256 * 1024, upload: 4 * MAX_IMAGE_BYTES } as const;

const UPLOAD_PATHS = /^\/admin(\/|$)/;

/** How much more than its limit a refused body is read (and dropped) before the connection is cut. */
const DISCARD_AT_MOST = 16 * 1024 * 1024;

/** Only an ADMIN's upload may be large: anyone else is held to the form limit before a byte is kept. */
const limitFor = (req: Request, res: Response) =>
  req.is("multipart/form-data") &&
  UPLOAD_PATHS.test(req.path) &&
  isAdmin(res.locals.user as SessionUser | undefined)
    ? PAGE_BODY_LIMITS.upload
    : PAGE_BODY_LIMITS.form;

/** The body read by `pageBody`, handed to Remix by remixHandler. */
export const bodyOf = (res: { locals: Record<string, unknown> }) => res.locals.pageBody as Buffer | undefined;

/**
 * Reads the body of every non-GET page request before Remix sees it (after the session is known), refusing with 413 as soon as
 * it is over the limit: by Content-Length when declared, else by counting the bytes as they come
 * (chunked bodies). Remix actions call request.formData() on what is read here, never on an
 * unbounded stream.
 */
export function pageBody({ refuse }: { refuse: Refuse }): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req, res);
    let refused = false;
    let size = 0;
    const chunks: Buffer[] = [];
    const tooLarge = () => {
      refused = true;
      chunks.length = 0;
      void refuse(req, res, 413, MESSAGES.generic.tooLarge);
    };
    if (Number(req.get("content-length")) > limit) tooLarge();

    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (refused) {
        // The rest is read and dropped, so the client sees the answer instead of a broken
        // upload; a client that keeps sending far past the limit is cut off.
        if (size > limit + DISCARD_AT_MOST) req.destroy();
        return;
      }
      if (size > limit) return tooLarge();
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (refused) return;
      res.locals.pageBody = Buffer.concat(chunks, size);
      next();
    });
  };
}
