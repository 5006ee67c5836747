import { PassThrough, type Readable } from "node:stream";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { RETRY_AFTER_SECONDS } from "~/server/errors.server";
import { topicsOfPage } from "~/server/public-answers.server";

const ABORT_DELAY = 5_000;

export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext.databaseUnavailable()) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const shared = loadContext.publicAnswer;
  // Every page is rendered whole before a byte is sent, then sent in one piece: no route defers
  // data, so the shell is the whole page and streaming it bought nothing, while each of React's
  // small chunks paid its way through the stream adapters, the compressor and a socket write
  // (issue 22: measured in docs/performance.md, "Signed-in pages").
  const { html, status } = await render(request, responseStatusCode, remixContext, loadContext);
  if (!shared) return new Response(html, { headers: responseHeaders, status });
  const topics = topicsOfPage(remixContext);
  return new Response(shared.keep({ status, headers: responseHeaders, body: html, topics }), {
    headers: responseHeaders,
    status,
  });
}

/** The page's whole HTML, once everything is rendered. */
function render(
  request: Request,
  statusCode: number,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<{ html: string; status: number }>((resolve, reject) => {
    let status = statusCode;
    let shellRendered = false;
    // Whatever still waits after the delay is abandoned (React renders the fallbacks).
    let abort = () => {};
    const timer = setTimeout(() => abort(), ABORT_DELAY + 1_000);
    const rendering = renderToPipeableStream(
      <RemixServer
        context={remixContext}
        url={request.url}
        abortDelay={ABORT_DELAY}
        nonce={loadContext.cspNonce}
      />,
      {
        nonce: loadContext.cspNonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timer);
          text(rendering.pipe(new PassThrough())).then((html) => resolve({ html, status }), reject);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error), { cause: error }));
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) loadContext.reportError(error);
        },
      },
    );
    abort = rendering.abort;
  });
}

/**
 * The rendered bytes as text, without the NUL bytes React 18's stream encoder leaves in them:
 * it writes its 2 KB buffer whole even when a multi-byte character did not fit at its end (the
 * character then starts the next buffer whole), so a Hindi page carried NULs between two
 * Devanagari letters wherever one met a buffer boundary, and browsers showed "�" in its place
 * (react#31134, fixed only in React 19; decision 0048). React never writes a NUL of its own, and
 * one in text a user typed is dropped by the browser's parser anyway.
 */
async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").replaceAll("\u0000", "");
}

/**
 * Loader/action errors Remix catches: logged with the request id, never shown in detail. One
 * caused by an unreachable database turns the answer into a 503 (see handleRequest above and
 * handleDataRequest below), so clients and monitors know to retry rather than report a bug.
 * Remix reports its own 4xx answers here too (a post to a page without an action, a data request
 * for a route that does not exist, a method it does not know): those are the client's mistake,
 * which any bot makes, so they are a warning with Remix's reason and no stack.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500)
    context.reportClientError(
      error.status,
      typeof error.data === "string" ? error.data.replace(/^Error: /, "") : error.statusText,
    );
  else context.reportError(error);
};

/** The same 503 for the data requests of client-side navigations. */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!context.databaseUnavailable() || response.status < 500) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};
