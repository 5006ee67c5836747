import type { SendOutcome } from "./outcome";

/**
 * How long one send may take, connecting included. Longer than the connect timeout of Node's
 * fetch (undici: 10 s), so a connection that cannot be opened fails as UND_ERR_CONNECT_TIMEOUT,
 * which is safe to retry, before this runs out: when it does run out, the connection was open and
 * the request had gone, and the answer is what is missing. A shorter timeout (the tests') reads a
 * slow connect as uncertain too, which is the safe side.
 */
export const SEND_TIMEOUT_MS = 15_000;

/**
 * Causes meaning the connection never opened, so the provider never saw the request: the address
 * did not resolve, nothing listened, the network had no route, the connect timed out.
 */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "UND_ERR_CONNECT_TIMEOUT",
  "ERR_INVALID_URL",
]);

/** The provider's answer, read whole; its body is parsed JSON, or undefined when it is not JSON. */
type Answered = { kind: "answered"; status: number; json: unknown };

/**
 * POSTs JSON to a provider and reads its answer. What ends a send on the way is already its
 * outcome:
 * - the connection could not be opened (a cause above, a failed DNS lookup or connect, a TLS
 *   handshake refused): retry, nothing was sent;
 * - 429 or 5xx: retry, after the provider's Retry-After when it gives one;
 * - the connection closed or timed out once the request was on its way (UND_ERR_SOCKET,
 *   ECONNRESET, UND_ERR_HEADERS_TIMEOUT, this timeout) or any error not known to be before the
 *   request: uncertain, the provider may have acted on it.
 * A body cut short after the status came is read as no JSON: the caller knows what its 2xx needs.
 */
export async function postJson(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<Answered | SendOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      // A connection of its own for every send: on a pooled keep-alive connection the provider
      // may have closed while idle, a request fails as UND_ERR_SOCKET without having reached
      // it, which would read as uncertain. A handshake per update costs little at these rates.
      headers: {
        ...headers,
        "Content-Type": "application/json",
        Accept: "application/json",
        Connection: "close",
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return unanswered(provider, error, timeoutMs);
  }
  if (response.status === 429 || response.status >= 500) {
    await response.body?.cancel().catch(() => undefined);
    const retryAfterMs = retryAfter(response.headers.get("retry-after"));
    return {
      kind: "retry",
      reason: `${provider} answered ${response.status}`,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    json = undefined;
  }
  return { kind: "answered", status: response.status, json };
}

/** The outcome of a fetch that threw: retry only when the request certainly never left. */
function unanswered(provider: string, error: unknown, timeoutMs: number): SendOutcome {
  if (error instanceof Error && error.name === "TimeoutError") {
    return { kind: "uncertain", reason: `${provider} did not answer within ${timeoutMs} ms` };
  }
  const cause = deepestCause(error);
  const code = typeof cause.code === "string" ? cause.code : undefined;
  const beforeRequest =
    (code !== undefined && (NOT_CONNECTED.has(code) || /^(ERR_TLS_|ERR_SSL_)|CERT/.test(code))) ||
    cause.syscall === "connect" ||
    cause.syscall === "getaddrinfo";
  const what = code ?? cause.message ?? "unknown error";
  return beforeRequest
    ? { kind: "retry", reason: `${provider} could not be reached (${what})` }
    : { kind: "uncertain", reason: `the connection to ${provider} was lost before its answer (${what})` };
}

type Cause = { code?: unknown; syscall?: unknown; message?: string };

/** fetch wraps the network's error: TypeError("fetch failed") with the socket's error as cause. */
function deepestCause(error: unknown): Cause {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const next: unknown = current instanceof Error ? current.cause : undefined;
    if (!(next instanceof Error)) break;
    current = next;
  }
  return current instanceof Error ? current : { message: String(current) };
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; undefined when neither. */
export function retryAfter(header: string | null): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * A provider's words for a refusal, with any run of eight or more digits masked: they go to logs
 * and to the admin screen, and a provider that quotes the recipient's number must not put it there.
 */
export function providerReason(text: string): string {
  return text.replace(/\+?\d{8,}/g, "…").slice(0, 500);
}
