import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import { CSP_NONCE, valueFor } from "./response-cache.server";

/** One nonce per request: the CSP header names it and Remix prints it on its inline scripts. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  valueFor(CSP_NONCE, res);
  next();
};

const nonceOf = (res: ServerResponse) => CSP_NONCE.current(res as Response) ?? "";

/**
 * Headers of every answer. Scripts run only from our own files or with this request's nonce;
 * styles only from our stylesheet (no inline `style`); nothing may frame the site, and forms post
 * only to it. HSTS only in production, where the site is served over HTTPS.
 */
export function securityHeaders({ production, development }: { production: boolean; development: boolean }) {
  // `remix dev` reloads the page over a websocket and serves updates from its own port.
  const devServer = development ? ["ws://localhost:*", "ws://127.0.0.1:*", "http://localhost:*"] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${nonceOf(res)}'`, ...devServer],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...devServer],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
    // "same-origin" sends no address at all to other sites, and keeps Origin on our own posts
    // (no-referrer would turn it into "null" and defeat the same-origin check of form posts).
    referrerPolicy: { policy: "same-origin" },
  });
}

/** JSON is never a document: an /api answer opened in a browser can load and run nothing. */
export const apiHeaders: RequestHandler = (_req, res, next) => {
  res.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  next();
};
