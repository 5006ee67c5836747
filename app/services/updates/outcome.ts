import type { Language } from "~/domain/languages";
import type { UpdateKind } from "~/domain/updates";

/**
 * One update to one family, as a provider client takes it: `to` in E.164 ("+919876543210", the
 * "+" optional), `parameters` the kind's values in UPDATE_PARAMETERS order.
 */
export type UpdateRequest = {
  to: string;
  kind: UpdateKind;
  language: Language;
  parameters: readonly string[];
};

/**
 * What became of one send, for the outbox to decide what happens next:
 * - sent: the provider took it and named it (WhatsApp's wamid, MSG91's request id);
 * - retry: it certainly did not go out (the connection never opened, the provider is busy or
 *   down): try again, after `retryAfterMs` when the provider said how long;
 * - failed: the provider refused it for good (its reason, and its code when it gives one);
 * - uncertain: the request went out and its answer was lost, so the family may or may not have
 *   it; never sent again by itself (a second copy is worse than a question to staff).
 */
export type SendOutcome =
  | { kind: "sent"; providerId: string }
  | { kind: "retry"; reason: string; retryAfterMs?: number }
  | { kind: "failed"; reason: string; code?: number }
  | { kind: "uncertain"; reason: string };

/** A channel's provider: WhatsApp Cloud API or MSG91. Never throws: every end is a SendOutcome. */
export type UpdateSender = {
  send(request: UpdateRequest): Promise<SendOutcome>;
};
