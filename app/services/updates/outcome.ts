/**
 * What a provider said to one send (issue 39 point 4): taken (with its id), worth trying again
 * later (429, 5xx, a connection that never opened), refused for good (with the provider's
 * reason), or unknown: the request went out and no answer came back, so it is never sent again
 * by itself.
 */
export type SendOutcome =
  | { kind: "sent"; providerId: string }
  | { kind: "retry"; reason: string; retryAfterMs?: number }
  | { kind: "failed"; reason: string; code?: number }
  | { kind: "uncertain"; reason: string };
