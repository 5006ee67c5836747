import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type Logger } from "pino";
import { pinoHttp } from "pino-http";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Express rewrites req.url inside mounted routers; the log keeps the path the client asked for. */
const requestedPaths = new WeakMap<IncomingMessage, string | undefined>();
const fullPath = (req: IncomingMessage) => requestedPaths.get(req) ?? req.url;

/**
 * One line per request: id, method, path, status, duration. Never bodies, headers, cookies or
 * tokens, since those carry parents' data and credentials.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      requestedPaths.set(req, req.url);
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    customSuccessMessage: (req, res, time) =>
      `${req.method} ${fullPath(req)} ${res.statusCode} ${Math.round(time)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${fullPath(req)} ${res.statusCode}`,
    quietReqLogger: true,
  });
}
