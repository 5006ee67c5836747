import { open } from "node:fs/promises";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { detectImageType, type ImageStorage } from "~/services/image-storage.server";
import { handleAsync } from "./handle-async.server";

const STORED_NAME = /^[A-Za-z0-9-]+\.[A-Za-z0-9]+$/;

/** The type of a stored file by its first bytes (never its name); null when it is no image we know. */
async function sniff(file: string): Promise<string | null> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return detectImageType(head.subarray(0, bytesRead))?.mime ?? null;
  } finally {
    await handle.close();
  }
}

/**
 * Uploaded images and their WebP variants (a missing variant is made from its original on the
 * first request for it), served with the type their bytes show, `nosniff`, a sandboxing CSP and
 * `Content-Disposition`. Anything that is not a recognised image (a file someone put in the
 * folder by hand, say an HTML page named .png) goes out as an octet-stream attachment: it can
 * never be shown, let alone run, as a page of this site.
 */
export function serveUploads(images: ImageStorage): RequestHandler[] {
  const uploadDir = images.directory;
  const detect = handleAsync(async (req, res, next) => {
    // Only a plain file name directly in the folder is looked at; anything else stays untyped.
    const name = req.path.slice(1);
    if (!STORED_NAME.test(name)) {
      res.locals.uploadType = null;
      return next();
    }
    const file = path.join(uploadDir, name);
    let type = await sniff(file);
    if (!type && (await images.ensureVariant(name))) type = await sniff(file);
    res.locals.uploadType = type;
    next();
  });
  const files = express.static(uploadDir, {
    index: false,
    fallthrough: true,
    immutable: true,
    maxAge: "365d",
    setHeaders(res, filePath) {
      const mime = (res as unknown as { locals: { uploadType?: string | null } }).locals.uploadType;
      const name = path.basename(filePath).replace(/[^A-Za-z0-9.-]/g, "_");
      res.setHeader("Content-Type", mime ?? "application/octet-stream");
      res.setHeader("Content-Disposition", `${mime ? "inline" : "attachment"}; filename="${name}"`);
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    },
  });
  return [detect, files];
}
