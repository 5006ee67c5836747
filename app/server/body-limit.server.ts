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

/**
 * Bounds the body of every non-GET page request before Remix streams it (after the session is
 * known). The bound is the declared Content-Length: Node's parser then reads exactly that many
 * bytes as the body, so `@remix-run/express` can hand Remix the request stream as it is.
 *
 * - Declared over the limit: nothing is kept and the answer is 413. It is sent once the client
 *   has sent the rest (read and dropped, up to DISCARD_AT_MOST more): answered while still uploading,
 *   a client can have its connection closed under its write and see a broken upload instead of
 *   the page (a CI run did, with 20 MB). A body bigger than that gets its answer at once and the
 *   connection cut.
 * - No declared length (a chunked body, which no browser sends for a form): 411, the same way.
 */
export function pageBodyLimit({ refuse }: { refuse: Refuse }): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.get("content-length");
    const chunked = declared === undefined && req.get("transfer-encoding") !== undefined;
    const limit = limitFor(req, res);
    if (!chunked && Number(declared ?? 0) <= limit) return next();

    const [status, message] = chunked
      ? ([411, MESSAGES.generic.lengthRequired] as const)
      : ([413, MESSAGES.generic.tooLarge] as const);
    let answered = false;
    let cut = false;
    const answer = () => {
      if (answered) return;
      answered = true;
      void refuse(req, res, status, message);
    };
    const cutOff = () => {
      if (cut) return;
      cut = true;
      answer();
      if (res.writableFinished) req.destroy();
      else res.once("finish", () => req.destroy());
    };
    if (Number(declared) > limit + DISCARD_AT_MOST) return cutOff();
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit + DISCARD_AT_MOST) cutOff();
    });
    req.on("end", answer);
  };
}
