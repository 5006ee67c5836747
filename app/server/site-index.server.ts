import { createHash } from "node:crypto";
import { Router, type Response } from "express";
import { BLOG_FEED_PATH } from "~/domain/public-pages";
import type { Services } from "~/services/index.server";
import { handleAsync } from "./handle-async.server";

/**
 * Anyone may keep a copy but must ask again each time: the answer is made from the database per
 * request (never kept in this process, which another instance's write would not reach), and the
 * ETag turns a repeated ask into a 304.
 */
const REVALIDATE = "no-cache";

/**
 * Sends `body` with a strong ETag of its bytes; Express answers 304 itself (`res.send` checks
 * `req.fresh`) when the client already has these bytes.
 */
function sendRevalidated(res: Response, contentType: string, body: string) {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  res.set({ "Content-Type": contentType, "Cache-Control": REVALIDATE, ETag: etag }).send(body);
}

/**
 * robots.txt, the sitemap and the blog's Atom feed (decision 0030): plain Express routes ahead
 * of the pages, since they are documents for crawlers and feed readers, not pages.
 */
export function siteIndexRoutes(services: Pick<Services, "siteIndex">): Router {
  const router = Router();
  router.get("/robots.txt", (_req, res) => {
    sendRevalidated(res, "text/plain; charset=utf-8", services.siteIndex.robotsTxt());
  });
  router.get(
    "/sitemap.xml",
    handleAsync(async (_req, res) => {
      sendRevalidated(res, "application/xml; charset=utf-8", await services.siteIndex.sitemap());
    }),
  );
  router.get(
    BLOG_FEED_PATH,
    handleAsync(async (_req, res) => {
      sendRevalidated(res, "application/atom+xml; charset=utf-8", await services.siteIndex.blogFeed());
    }),
  );
  return router;
}
