import type { Request, RequestHandler, Response } from "express";
import { MESSAGES } from "~/domain/messages";

/** Answers a refused request with a page (status and message); see fallback-page.server.tsx. */
export type Refuse = (req: Request, res: Response, status: number, message: string) => Promise<void>;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Razorpay's callback after the hosted checkout: its page posts the payment's signed result to
 * us, so this post comes from another site on purpose. It changes nothing unless the signature
 * (HMAC with our key secret) is right, and needs no cookie; see decision 0010's addendum. A Hindi
 * order's callback is under /hi (its payment page is: decision 0047).
 */
export const PAYMENT_CALLBACK_PATH = /^(?:\/hi)?\/pay\/[0-9a-f]{64}\/callback$/;

const originOf = (url: string | undefined) => {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
};

/**
 * Cross-site request forgery, defence in depth on top of SameSite=Lax cookies: a page post (any
 * method but GET/HEAD/OPTIONS) whose Origin — or, without one, Referer — is another site is
 * refused with 403 before it reaches Remix. Allowed: PUBLIC_URL's origin and the request's own
 * origin (its scheme and Host). A request with neither header comes from no web page (curl, a
 * monitor), which a forger cannot produce from a browser; see
 * docs/decisions/0010-same-origin-page-posts.md.
 */
export function sameOriginPosts({
  publicUrl,
  refuse,
  foreignPostAllowed = () => false,
}: {
  publicUrl: string;
  refuse: Refuse;
  /** The one kind of page post another site may make (the payment callback). */
  foreignPostAllowed?: (path: string) => boolean;
}): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (READS.has(req.method) || foreignPostAllowed(req.path)) return next();
    const source = originOf(req.get("origin") ?? req.get("referer"));
    if (source === undefined || source === publicOrigin) return next();
    if (source === `${req.protocol}://${req.get("host")}`) return next();
    void refuse(req, res, 403, MESSAGES.generic.foreignOrigin);
  };
}
