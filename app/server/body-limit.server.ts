import type { Request, RequestHandler, Response } from "express";
import { isAdmin } from "~/domain/access";
import { MAX_CV_BYTES, MAX_IMAGE_BYTES } from "~/domain/limits";
import type { SessionUser } from "~/services/auth.server";
import { MESSAGES } from "~/domain/messages";
import type { Refuse } from "./same-origin.server";

/**
 * The most a page post may send. A form: 256 KB, room for a 20,000-character blog text after
 * url-encoding (up to ~180 KB). An upload (multipart from a signed-in ADMIN under /admin, the
 * only place images are sent from pages): four times the largest image, so a photo straight
 * from a phone still reaches the form and is refused beside the image field with the typed
 * values kept. The Teachers form (multipart, anyone may send it): the largest CV and the form's
 * fields, no more, since an anonymous visitor may send it. See docs/decisions/0011-page-body-limits.md
 * and 0029-teacher-cvs-kept-in-the-database.md.
 */
export const PAGE_BODY_LIMITS = {
  form: 256 * 1024,
  upload: 4 * MAX_IMAGE_BYTES,
  cv: MAX_CV_BYTES + 256 * 1024,
} as const;

const UPLOAD_PATHS = /^\/admin(\/|$)/;
/** The Teachers page's post, as a document (`/teachers`) or as Remix's data request (`/teachers.data`). */
const CV_PATHS = /^\/teachers(\.data)?\/?$/;

/** How much more than its limit a refused body is read (and dropped) before the connection is cut. */
const DISCARD_AT_MOST = 16 * 1024 * 1024;

/**
 * Only an ADMIN's upload may be large, and a teacher's CV as large as a CV may be: anyone else is
 * held to the form limit before a byte is kept. The answer over the limit says what was too much.
 */
function limitFor(req: Request, res: Response): { limit: number; message: string } {
  const tooMuch = { message: MESSAGES.generic.tooLarge };
  if (!req.is("multipart/form-data")) return { limit: PAGE_BODY_LIMITS.form, ...tooMuch };
  if (UPLOAD_PATHS.test(req.path) && isAdmin(res.locals.user as SessionUser | undefined))
    return { limit: PAGE_BODY_LIMITS.upload, ...tooMuch };
  if (CV_PATHS.test(req.path))
    return { limit: PAGE_BODY_LIMITS.cv, message: MESSAGES.teacher.cvTooLarge(MAX_CV_BYTES / 1024 / 1024) };
  return { limit: PAGE_BODY_LIMITS.form, ...tooMuch };
}

/** The body read by `pageBody`, handed to Remix by remixHandler. */
export const bodyOf = (res: { locals: Record<string, unknown> }) => res.locals.pageBody as Buffer | undefined;

/**
 * Reads the body of every non-GET page request before Remix sees it (after the session is known).
 * Over the limit, by Content-Length when declared or by counting the bytes as they come (chunked
 * bodies), nothing more is kept and the answer is 413. It is sent once the client has sent the
 * rest (read and dropped, up to DISCARD_AT_MOST): answered while still uploading, a client can
 * have its connection closed under its write and see a broken upload instead of the page (a CI
 * run did, with 20 MB). A body bigger than that gets its answer at once and the connection cut.
 * Remix actions call request.formData() on what is read here, never on an unbounded stream.
 */
export function pageBody({ refuse }: { refuse: Refuse }): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const { limit, message } = limitFor(req, res);
    let refused = false;
    let answered = false;
    let cut = false;
    let size = 0;
    const chunks: Buffer[] = [];
    const answer = () => {
      if (answered) return;
      answered = true;
      void refuse(req, res, 413, message);
    };
    const cutOff = () => {
      if (cut) return;
      cut = true;
      answer();
      if (res.writableFinished) req.destroy();
      else res.once("finish", () => req.destroy());
    };
    const declared = Number(req.get("content-length"));
    if (declared > limit) {
      refused = true;
      if (declared > limit + DISCARD_AT_MOST) answer();
    }

    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit + DISCARD_AT_MOST) return cutOff();
      if (size > limit) refused = true;
      if (refused) {
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (refused) return answer();
      res.locals.pageBody = Buffer.concat(chunks, size);
      next();
    });
  };
}
