import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";
import type { StoredAnswerLog } from "./logger.server";
import type { ResponseCache } from "./response-cache.server";

/**
 * Stored public answers are sent before Express sees the request: Express's own work per request
 * (prototype swaps, the router walking every layer) costs several times what sending prepared
 * bytes does. The access log line and request id stay as for any request; the headers of the
 * rest of the stack were stored with the answer. While the server shuts down every request takes
 * the full path, which tells clients to close their connections.
 */
export function serveStoredFirst(
  app: Express,
  cache: ResponseCache,
  log: StoredAnswerLog,
  isShuttingDown: () => boolean = () => false,
) {
  // Express's app(req, res) calls app.handle; it is not in Express's types.
  const withHandle = app as unknown as {
    handle(req: IncomingMessage, res: ServerResponse, done?: unknown): void;
  };
  const handle = withHandle.handle.bind(app);
  withHandle.handle = (req, res, done) => {
    if (!isShuttingDown() && cache.serveStored(req, res, log)) return;
    handle(req, res, done);
  };
}
