import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { WhatsAppConfig } from "~/domain/settings";
import { WHATSAPP_LANGUAGE_CODES, WHATSAPP_TEMPLATES } from "~/domain/updates";
import { postJson, providerReason, SEND_TIMEOUT_MS } from "./http.server";
import type { SendOutcome, UpdateRequest, UpdateSender } from "./outcome";

const PROVIDER = "WhatsApp";

/**
 * Graph API error codes that mean "not now", answered with a 4xx: the app's or the number's
 * rate limit (4, 80007, 130429) and too many messages to one recipient (131056). Waiting helps,
 * so they are retried like a 429.
 */
const THROTTLED_CODES = new Set([4, 80007, 130429, 131056]);

const sendAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });
const graphError = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().int().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
  }),
});

/**
 * WhatsApp through Meta's WhatsApp Cloud API, over fetch: `POST {apiUrl}/{phoneNumberId}/messages`
 * with an approved template (business-initiated messages must be templates). Never throws: every
 * send ends as a SendOutcome (see postJson for which failures are retried and which are uncertain).
 */
export function createWhatsAppClient(
  config: WhatsAppConfig,
  { timeoutMs = SEND_TIMEOUT_MS } = {},
): UpdateSender {
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  const headers = { Authorization: `Bearer ${config.accessToken}` };

  return {
    async send({ to, kind, language, parameters }: UpdateRequest): Promise<SendOutcome> {
      // WhatsApp's "to" is the E.164 number without its "+".
      const recipient = to.trim().replace(/^\+/, "");
      if (!/^[1-9]\d{7,14}$/.test(recipient)) {
        return { kind: "failed", reason: "The number is not a phone number in E.164 form" };
      }
      const template = {
        name: WHATSAPP_TEMPLATES[kind],
        language: { code: WHATSAPP_LANGUAGE_CODES[language] },
        ...(parameters.length > 0
          ? {
              components: [
                {
                  type: "body",
                  // A parameter may not hold a line break, a tab or more than four spaces in a
                  // row (Graph refuses the whole message): a name typed with one still goes.
                  parameters: parameters.map((text) => ({ type: "text", text: text.replace(/\s+/g, " ") })),
                },
              ],
            }
          : {}),
      };
      const exchange = await postJson(
        PROVIDER,
        url,
        headers,
        { messaging_product: "whatsapp", to: recipient, type: "template", template },
        timeoutMs,
      );
      if (exchange.kind !== "answered") return exchange;
      if (exchange.status >= 200 && exchange.status < 300) {
        const sent = sendAnswer.safeParse(exchange.json);
        return sent.success
          ? { kind: "sent", providerId: sent.data.messages[0]!.id }
          : { kind: "uncertain", reason: "WhatsApp took the message but its answer had no message id" };
      }
      const refused = graphError.safeParse(exchange.json);
      if (!refused.success) return { kind: "failed", reason: `WhatsApp answered ${exchange.status}` };
      const { message, code, error_data: data } = refused.data.error;
      const reason = providerReason(
        [message, data?.details].filter(Boolean).join(": ") || `WhatsApp answered ${exchange.status}`,
      );
      if (code !== undefined && THROTTLED_CODES.has(code)) return { kind: "retry", reason };
      return { kind: "failed", reason, ...(code === undefined ? {} : { code }) };
    },
  };
}

/**
 * Whether a webhook is Meta's: X-Hub-Signature-256 is "sha256=" and the hex HMAC-SHA256 of the
 * raw body (the bytes as received, not a re-serialisation: Meta escapes non-ASCII letters) with the
 * app secret. Compared in constant time; a missing or malformed header is false.
 */
export function verifyWhatsAppSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The answer to Meta's subscription check (`GET` on the webhook URL with hub.mode=subscribe,
 * hub.verify_token and hub.challenge): the challenge when the token is ours, null otherwise.
 */
export function whatsAppSubscriptionChallenge(query: URLSearchParams, verifyToken: string): string | null {
  const token = Buffer.from(query.get("hub.verify_token") ?? "");
  const ours = Buffer.from(verifyToken);
  const challenge = query.get("hub.challenge");
  const matches = token.length === ours.length && timingSafeEqual(token, ours);
  return query.get("hub.mode") === "subscribe" && matches && challenge ? challenge : null;
}

const WEBHOOK_STATUSES = ["sent", "delivered", "read", "failed"] as const;

export type WhatsAppStatusUpdate = {
  /** The message's wamid, as `send` gave it. */
  id: string;
  status: (typeof WEBHOOK_STATUSES)[number];
  timestamp: Date;
  /** Why it failed (131026: the number cannot get WhatsApp messages). */
  errorCode?: number;
  errorTitle?: string;
  /** The number it went to, E.164 without "+". */
  recipient?: string;
};

export type WhatsAppInboundMessage = {
  /** The sender's number, E.164 without "+". */
  from: string;
  id: string;
  /** What they wrote, or the button they pressed; null for media, locations, reactions. */
  text: string | null;
  timestamp: Date;
};

/** Unix seconds as Meta writes them (a string of digits). */
const unixSeconds = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform((seconds) => new Date(Number(seconds) * 1000));

const statusEntry = z.object({
  id: z.string().min(1),
  status: z.enum(WEBHOOK_STATUSES),
  timestamp: unixSeconds,
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number().int().optional(), title: z.string().optional() })).optional(),
});

const inboundEntry = z.object({
  from: z.string().min(1),
  id: z.string().min(1),
  timestamp: unixSeconds,
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
});

const listOf = z.array(z.unknown()).catch([]);
const change = z.object({
  field: z.string().optional(),
  value: z.object({ statuses: listOf.optional(), messages: listOf.optional() }),
});

/**
 * What a webhook from the WhatsApp Cloud API says: the statuses of sent messages and the messages
 * families wrote (`entry[].changes[].value.statuses[]` and `.messages[]`). Lenient by design: each
 * item is read on its own, so one unknown status ("deleted", "warning"), an unknown field or a
 * malformed item skips only itself; a body that is not a webhook at all gives empty lists.
 */
export function parseWhatsAppWebhook(body: unknown): {
  statuses: WhatsAppStatusUpdate[];
  inbound: WhatsAppInboundMessage[];
} {
  const statuses: WhatsAppStatusUpdate[] = [];
  const inbound: WhatsAppInboundMessage[] = [];
  const entries = z.object({ entry: listOf }).safeParse(body);
  if (!entries.success) return { statuses, inbound };
  for (const entry of entries.data.entry) {
    const changes = z.object({ changes: listOf }).safeParse(entry);
    if (!changes.success) continue;
    for (const candidate of changes.data.changes) {
      const parsed = change.safeParse(candidate);
      if (!parsed.success || (parsed.data.field !== undefined && parsed.data.field !== "messages")) continue;
      for (const item of parsed.data.value.statuses ?? []) {
        const status = statusEntry.safeParse(item);
        if (!status.success) continue;
        const error = status.data.errors?.[0];
        statuses.push({
          id: status.data.id,
          status: status.data.status,
          timestamp: status.data.timestamp,
          ...(error?.code === undefined ? {} : { errorCode: error.code }),
          ...(error?.title === undefined ? {} : { errorTitle: error.title }),
          ...(status.data.recipient_id === undefined ? {} : { recipient: status.data.recipient_id }),
        });
      }
      for (const item of parsed.data.value.messages ?? []) {
        const message = inboundEntry.safeParse(item);
        if (!message.success) continue;
        const { from, id, timestamp, text, button, interactive } = message.data;
        inbound.push({
          from,
          id,
          timestamp,
          text:
            text?.body ??
            button?.text ??
            interactive?.button_reply?.title ??
            interactive?.list_reply?.title ??
            null,
        });
      }
    }
  }
  return { statuses, inbound };
}
