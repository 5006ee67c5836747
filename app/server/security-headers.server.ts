import { randomFillSync } from "node:crypto";
import type { RequestHandler, Response } from "express";

/**
 * The security headers of every answer, in one place: the Express stack sets them on what it
 * answers, and the store of public answers sends the same ones with what it answers ahead of
 * Express. See docs/decisions/0012-content-security-policy.md.
 */

export type SecurityHeaderOptions = {
  production: boolean;
  development: boolean;
  /** Other origins a page's form may post to: the payment gateway's hosted checkout. */
  formTargets?: readonly string[];
};
export type SecurityHeaders = ReturnType<typeof createSecurityHeaders>;

// Random bytes drawn 1,024 nonces at a time: one call to the system's generator per request
// costs more than everything else a stored page needs.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 1024);
let nonceOffset = noncePool.length;

/** A new nonce for a page's inline scripts: 128 random bits, base64. */
export function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset);
}

/** This response's nonce (made by `pageSecurityHeaders`), for Remix to print on its inline scripts. */
export function nonceOf(res: Response): string {
  return (res.locals as { cspNonce: string }).cspNonce;
}

export function createSecurityHeaders({ production, development, formTargets = [] }: SecurityHeaderOptions) {
  // `remix dev` reloads the page over a websocket and serves updates from its own port.
  const devServer = development ? " ws://localhost:* ws://127.0.0.1:* http://localhost:*" : "";
  const common: Record<string, string> = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Origin-Agent-Cluster": "?1",
    // "same-origin" sends no address at all to other sites, and keeps Origin on our own posts
    // (no-referrer would turn it into "null" and defeat the same-origin check of form posts).
    "Referrer-Policy": "same-origin",
    // Only in production, where the site is served over HTTPS.
    ...(production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
    "X-Content-Type-Options": "nosniff",
    "X-DNS-Prefetch-Control": "off",
    "X-Download-Options": "noopen",
    "X-Frame-Options": "DENY",
    "X-Permitted-Cross-Domain-Policies": "none",
    // The old XSS auditor did more harm than good; the policy below replaces it.
    "X-XSS-Protection": "0",
  };
  // Scripts run only from our own files or with this response's nonce; styles only from our
  // stylesheet (no inline `style`); nothing may frame the site, and forms post only to it and
  // to the payment gateway's checkout (the pay page's form; see docs/decisions/0027).
  // A page may frame only our own answers (`frame-src 'self'`, said outright rather than left
  // to default-src): the admin mail preview. An answer that must be framed sets its own
  // Content-Security-Policy and X-Frame-Options, which replace these (remix-handler.server.ts
  // writes a route's headers over the stack's); /admin/mail/:id/html is the only one.
  const policyBefore = "default-src 'self';script-src 'self' 'nonce-";
  const policyAfter =
    `'${devServer};script-src-attr 'none';style-src 'self';img-src 'self' data:;font-src 'self';` +
    `connect-src 'self'${devServer};object-src 'none';frame-src 'self';base-uri 'self';form-action 'self'${formTargets.map((origin) => ` ${origin}`).join("")};` +
    `frame-ancestors 'none'`;
  const commonList = Object.entries(common).flat();

  return {
    /** The policy of a page whose inline scripts carry `nonce`. */
    pagePolicy: (nonce: string) => policyBefore + nonce + policyAfter,
    /** The headers of a page as writeHead's flat list, its policy last. */
    pageList: (nonce: string): string[] => [
      ...commonList,
      "Content-Security-Policy",
      policyBefore + nonce + policyAfter,
    ],
    /** JSON is never a document: an /api answer opened in a browser can load and run nothing. */
    apiList: [...commonList, "Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    common,
  };
}

/** Every answer's headers, with a new nonce for this response (kept in `res.locals.cspNonce`). */
export function pageSecurityHeaders(headers: SecurityHeaders): RequestHandler {
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.set(headers.common);
    res.set("Content-Security-Policy", headers.pagePolicy(nonce));
    next();
  };
}

/** What /api answers carry instead of a page's policy. */
export function apiSecurityHeaders(headers: SecurityHeaders): RequestHandler {
  const policy = headers.apiList.at(-1)!;
  return (_req, res, next) => {
    res.set("Content-Security-Policy", policy);
    next();
  };
}
