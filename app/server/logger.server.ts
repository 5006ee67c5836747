import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";

export type { Logger };

/** Where each logger made by createLogger writes, for the stored answers' lines (storedAnswerLogger). */
const destinations = new WeakMap<Logger, DestinationStream>();

/**
 * Lines go to stdout without blocking the request that logs them: while one write is under way
 * the next lines gather and leave together (one system call per batch, not per request). pino
 * flushes what is left when the process exits.
 */
export function createLogger(
  level: string,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
    },
    destination,
  );
  destinations.set(logger, destination);
  return logger;
}

/** drizzle's DrizzleQueryError writes the values after the query: `Failed query: …\nparams: …`. */
const QUERY_VALUES = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

function withoutQueryValues(error: unknown): unknown {
  if (typeof error !== "object" || error === null) return error;
  const entry = error as Record<string, unknown>;
  if ("params" in entry) {
    delete entry.params;
    for (const key of ["message", "stack"])
      if (typeof entry[key] === "string")
        entry[key] = entry[key].replace(QUERY_VALUES, "\nparams: (not logged)");
  }
  // PostgreSQL's detail names the values too: "Key (email)=(parent@example.com) already exists."
  delete entry.detail;
  if (entry.cause !== undefined) entry.cause = withoutQueryValues(entry.cause);
  return entry;
}

/**
 * Errors as pino's serializer writes them (with their cause: PostgreSQL's code is there), minus the values of a failed query: they are
 * what a parent typed (a child's name and birthday, a mobile number) or a new password's hash.
 * The query, PostgreSQL's reason and code and the stack stay, which is what a fix needs.
 */
function serializeError(error: unknown): unknown {
  return withoutQueryValues(pino.stdSerializers.errWithCause(error as Error));
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Express rewrites req.url inside mounted routers; the log keeps the path the client asked for. */
const requestedPaths = new WeakMap<IncomingMessage, string | undefined>();
const fullPath = (req: IncomingMessage) => withoutSecrets(requestedPaths.get(req) ?? req.url);

/** A password reset link's token signs its holder in: the log keeps the path without it. */
const withoutSecrets = (url: string | undefined) => url?.replace(/([?&]token=)[^&#]*/g, "$1[hidden]");

/** The client's own request id when it is sane, else a new one. */
function idOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The request's id, answered in X-Request-Id. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  requestedPaths.set(req, req.url);
  const id = idOf(req);
  res.setHeader("X-Request-Id", id);
  return id;
}

/**
 * The id `requestId` gave this request. pino-http types `req.id` as any id a `genReqId` may
 * return (a number or an object too); ours is always a string.
 */
export const requestIdOf = (req: IncomingMessage): string => req.id as string;

const levelOf = (statusCode: number, error?: unknown) =>
  error || statusCode >= 500 ? "error" : statusCode >= 400 ? "warn" : "info";
const lineOf = (req: IncomingMessage, statusCode: number, milliseconds: number) =>
  `${req.method} ${fullPath(req)} ${statusCode} ${Math.round(milliseconds)}ms`;

/**
 * One line per request: id, method, path, status, duration. Never bodies, headers, cookies or
 * tokens, since those carry parents' data and credentials. `quietPaths` (the health probes,
 * asked every few seconds) are logged only when their answer is not OK: that line is news.
 */
export function requestLogger(logger: Logger, { quietPaths = [] }: { quietPaths?: string[] } = {}) {
  const quiet = new Set(quietPaths);
  const pathOf = (req: IncomingMessage) => (requestedPaths.get(req) ?? req.url ?? "").split("?")[0]!;
  return pinoHttp({
    logger,
    genReqId: requestId,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: withoutSecrets(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
    customLogLevel: (req, res, error) =>
      !error && res.statusCode < 400 && quiet.has(pathOf(req)) ? "silent" : levelOf(res.statusCode, error),
    customSuccessMessage: (req, res, time) => lineOf(req, res.statusCode, time),
    customErrorMessage: (req, res) => `${req.method} ${fullPath(req)} ${res.statusCode}`,
    quietReqLogger: true,
  });
}

export type StoredAnswerLog = {
  /** The request's id (the client's own when sane), to be sent in X-Request-Id. */
  idOf(req: IncomingMessage): string;
  /** The access line of an answer already handed to the socket. */
  sent(req: IncomingMessage, id: string, statusCode: number, startedAt: number): void;
};

/**
 * The same line as every request's, for an answer sent from the response cache ahead of Express,
 * built as text and written to the logger's destination: pino-http's child logger, and even
 * pino's serialising of the fields, cost more than sending a small stored answer does. Only for a
 * logger made by createLogger, whose options (ISO time, the level as a number, no base fields)
 * and destination this module chose; the line is then byte for byte what
 * `logger[level](fields, message)` writes (tests/unit/stored-answer-log.test.ts).
 */
export function storedAnswerLogger(logger: Logger): StoredAnswerLog {
  const destination = destinations.get(logger);
  if (!destination) throw new Error("storedAnswerLogger needs a logger made by createLogger.");
  const bound = JSON.stringify(logger.bindings()).slice(1, -1);
  const bindings = bound ? `,${bound}` : "";
  return {
    idOf,
    sent(req, id, statusCode, startedAt) {
      const level = levelOf(statusCode);
      if (!logger.isLevelEnabled(level)) return;
      const time = Date.now() - startedAt;
      const quotedId = JSON.stringify(id);
      destination.write(
        `{"level":${logger.levels.values[level]}${pino.stdTimeFunctions.isoTime()}${bindings},"reqId":${quotedId},` +
          `"req":{"id":${quotedId},"method":${JSON.stringify(req.method)},"url":${JSON.stringify(req.url)}},` +
          `"res":{"statusCode":${statusCode}},"responseTime":${time},"msg":${JSON.stringify(lineOf(req, statusCode, time))}}\n`,
      );
    },
  };
}
