import type { RequestHandler } from "express";
import { detectImageType, type ImageStorage } from "~/services/image-storage.server";
import { handleAsync } from "./handle-async.server";

const STORED_NAME = /^[A-Za-z0-9-]+\.[A-Za-z0-9]+$/;

/** A year: a stored file never changes under its name (a new upload gets a new one). */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Uploaded images and their WebP variants, read from the database (a missing variant is made
 * from its original on the first request for it), served with the type their bytes show,
 * `nosniff`, a sandboxing CSP and `Content-Disposition`. Anything that is not a recognised image
 * (say an HTML page stored by hand under a .png name) goes out as an octet-stream attachment: it
 * can never be shown, let alone run, as a page of this site. Unknown names fall through to the
 * site's 404.
 */
export function serveUploads(images: ImageStorage): RequestHandler {
  return handleAsync(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!STORED_NAME.test(name)) return next();
    const content = (await images.read(name)) ?? (await images.makeVariant(name));
    if (!content) return next();
    const mime = detectImageType(content)?.mime ?? null;
    res.set({
      "Content-Type": mime ?? "application/octet-stream",
      "Content-Disposition": `${mime ? "inline" : "attachment"}; filename="${name}"`,
      "Cache-Control": `public, max-age=${MAX_AGE_SECONDS}, immutable`,
      ETag: `"${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.status(200).set("Content-Length", String(content.length));
    res.end(req.method === "HEAD" ? undefined : content);
  });
}
