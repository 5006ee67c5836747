import {
  createRequestHandler as createRemixRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { bodyOf } from "./body-limit.server";
import { handleAsync } from "./handle-async.server";

function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else if (value !== undefined) headers.set(key, value);
  }
  return headers;
}

/**
 * Remix behind Express, as @remix-run/express does it, except that the body is the one
 * `pageBody` has already read within its limit (that adapter always streams the raw request).
 */
export function remixHandler({
  build,
  mode,
  getLoadContext,
  foreignPostAllowed = () => false,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The page post another site may make (the payment callback), as sameOriginPosts lets it through. */
  foreignPostAllowed?: (path: string) => boolean;
}): RequestHandler {
  const handle = createRemixRequestHandler(build, mode);
  return handleAsync(async (req, res) => {
    // Loaders and actions stop when the client goes away before the answer is written.
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
    const body = bodyOf(res);
    const headers = requestHeaders(req);
    // Remix refuses (500) an action whose Origin is not this host. The payment callback comes
    // from the gateway's page by design and is guarded by its signature (decision 0010's
    // addendum), so its Origin is not passed on.
    if (req.method !== "GET" && foreignPostAllowed(req.path)) headers.delete("origin");
    const request = new Request(url.href, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body ?? []),
      signal: controller.signal,
    });
    const response = await handle(request, getLoadContext(req, res));
    res.statusMessage = response.statusText;
    res.status(response.status);
    // Remix's headers replace the stack's (its Cache-Control wins); cookies add up.
    for (const [key, value] of response.headers.entries()) {
      if (key === "set-cookie") res.append(key, value);
      else res.setHeader(key, value);
    }
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  });
}
