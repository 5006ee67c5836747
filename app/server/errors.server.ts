import type { Request, Response } from "express";
import { MESSAGES } from "~/domain/messages";

/** What a 503 tells clients to wait before trying again: about how long a database restart takes. */
export const RETRY_AFTER_SECONDS = 5;

// Connection-level failures of pg/PGlite: the database is unreachable, not the request wrong.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = error as { code?: string; message?: string; cause?: unknown } | null;
  if (!candidate || typeof candidate !== "object") return false;
  if (candidate.code && (UNAVAILABLE_CODES.has(candidate.code) || candidate.code.startsWith("08")))
    return true;
  if (
    /Connection terminated|timeout exceeded when trying to connect|database is closed/i.test(
      candidate.message ?? "",
    )
  )
    return true;
  return candidate.cause !== undefined && candidate.cause !== error && isDatabaseUnavailable(candidate.cause);
}

/**
 * The status of an error a parser or Express raised because the request itself was unreadable
 * (a broken %-escape in the address, say): the client's mistake, not ours.
 */
function clientErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/**
 * The last resort for errors no handler answered. A request Express could not read gets its 4xx
 * and a plain sentence; anything else is logged with the request id for the operator and answered
 * without any detail (no stack, no SQL): 503 while the database is unreachable, else 500.
 */
export function respondToUnhandledError(
  error: unknown,
  req: Request,
  res: Response,
  send: (status: number, message: string) => void,
): void {
  const clientStatus = clientErrorStatus(error);
  if (clientStatus !== null) {
    req.log?.warn({ reqId: req.id, reason: (error as Error).message }, "unreadable request");
    if (res.headersSent) res.end();
    else send(clientStatus, MESSAGES.generic.unreadableRequest);
    return;
  }
  const unavailable = isDatabaseUnavailable(error);
  req.log?.error({ err: error, reqId: req.id }, unavailable ? "database unavailable" : "unhandled error");
  if (res.headersSent) {
    res.end();
    return;
  }
  if (unavailable) res.set("Retry-After", String(RETRY_AFTER_SECONDS));
  send(unavailable ? 503 : 500, unavailable ? MESSAGES.generic.unavailable : MESSAGES.generic.serverError);
}
