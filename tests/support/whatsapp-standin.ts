// The WhatsApp Cloud API stand-in of the tests and of `npm run dev`: a real HTTP server (node:http
// only) on 127.0.0.1 that answers `POST /{version}/{phoneNumberId}/messages` as Meta's Graph API
// does for template messages (Bearer token, the templates approved for the account in each
// language, their parameter counts, Graph's error shape), and sends the webhooks Meta sends: the
// statuses of each message (sent, delivered, read; failed with 131026 for a number that is not on
// WhatsApp) and the messages families write, signed with the app secret. The site's own client,
// pointed at it by WHATSAPP_API_URL, cannot tell it from the real one; the stand-in can also be
// told to answer 429 or 500, to never answer, or to close the connection after taking a message.
import { createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Language } from "~/domain/languages";
import { renderUpdateText, updateTemplate } from "~/domain/texts/updates";
import {
  UPDATE_KINDS,
  WHATSAPP_LANGUAGE_CODES,
  WHATSAPP_TEMPLATES,
  WHATSAPP_UNREACHABLE_CODES,
  type UpdateKind,
} from "~/domain/updates";
import {
  faultQueue,
  readBody,
  reply,
  retryAfterHeader,
  sameText,
  standInServer,
  type Answer,
  type Fault,
} from "./standin-http";

export type WhatsAppStandInOptions = {
  /** The id the API path must name (WHATSAPP_PHONE_NUMBER_ID). */
  phoneNumberId: string;
  /** The Bearer token the API must be given (WHATSAPP_ACCESS_TOKEN). */
  accessToken: string;
  /** The key of the webhooks' X-Hub-Signature-256 (WHATSAPP_APP_SECRET). */
  appSecret: string;
  /** What subscribe() repeats as hub.verify_token (WHATSAPP_VERIFY_TOKEN). */
  verifyToken?: string;
  /** Where webhooks go; none are sent without one (setWebhookUrl changes it). */
  webhookUrl?: string;
  /**
   * Whether each message taken is followed by its sent, delivered and read webhooks, as a phone
   * that is on and online does (default true; setAutoStatuses changes it).
   */
  autoStatuses?: boolean;
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Told of each webhook delivery once it has finished (dev/updates-dev.ts prints them). */
  onWebhook?: (delivery: WhatsAppWebhookDelivery) => void;
};

/** A message the stand-in took: what the family would read, and how it was asked for. */
type WhatsAppStandInMessage = {
  /** The wamid the answer gave. */
  id: string;
  /** The number as WhatsApp has it: E.164 digits without "+". */
  to: string;
  template: string;
  kind: UpdateKind;
  language: Language;
  parameters: string[];
  /** The template's body with the parameters in it. */
  text: string;
  /** The request's JSON body, as received. */
  request: unknown;
  at: Date;
};

type WhatsAppMessageStatus = "sent" | "delivered" | "read" | "failed";

/** One webhook POST, as sent. */
type WhatsAppWebhookDelivery = {
  /** A message's status, or "inbound" for a message a family wrote. */
  event: WhatsAppMessageStatus | "inbound";
  /** The wamid of the message the status is about, or of the inbound message. */
  messageId: string;
  url: string;
  /** The raw JSON body, byte for byte what was signed and sent. */
  body: string;
  /** The X-Hub-Signature-256 header: "sha256=" and the hex HMAC-SHA256 of `body` with the app secret. */
  signature: string;
  /** The receiver's HTTP status, 0 if it could not be reached in 5 s; absent while in flight. */
  status?: number;
  /** Why the receiver could not be reached (status 0). */
  error?: string;
};

export type WhatsAppStandIn = {
  /** "http://127.0.0.1:PORT". */
  url: string;
  /** "http://127.0.0.1:PORT/v21.0", usable as WHATSAPP_API_URL. */
  apiUrl: string;
  port: number;
  /** Every message taken, in order (a hang or a close still takes it: only the answer is lost). */
  messages(): readonly WhatsAppStandInMessage[];
  /** Every webhook delivery attempted, in the order sent. */
  readonly webhooks: readonly WhatsAppWebhookDelivery[];
  setWebhookUrl(url: string | undefined): void;
  setAutoStatuses(enabled: boolean): void;
  /**
   * Numbers ("+91…" or digits) that are not on WhatsApp: a message to one is taken, then its
   * failed status comes with error 131026, as Meta does.
   */
  notOnWhatsApp(...numbers: string[]): void;
  /** The next `count` message requests are answered `status` (429, 500, 503…) and not taken. */
  failNext(status: number, count?: number, retryAfterSeconds?: number): void;
  /** The next `count` messages are taken and never answered (until stop or close). */
  hangNext(count?: number): void;
  /**
   * The next `count` messages have their status webhooks delivered (and answered) before the send
   * itself is answered: the site hears of a message before it knows the message's id.
   */
  reportBeforeAnswering(count?: number): void;
  /** The next `count` messages are taken, then their connection is closed without an answer. */
  closeNext(count?: number): void;
  /** Sends a status webhook for a message now (131026 by default when `status` is failed). */
  sendStatus(
    messageId: string,
    status: WhatsAppMessageStatus,
    errorCode?: number,
  ): Promise<WhatsAppWebhookDelivery>;
  /** Sends a text message from a family ("STOP", "शुरू") as a webhook now. */
  sendInbound(from: string, text: string): Promise<WhatsAppWebhookDelivery>;
  /**
   * Meta's subscription check: `GET webhookUrl?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`,
   * with the verifyToken option (or `token`). Resolves with the answer and the challenge it must echo.
   */
  subscribe(token?: string): Promise<{ status: number; body: string; challenge: string }>;
  /** Resolves once `count` deliveries were sent and have finished; rejects after timeoutMs (10 s). */
  waitForWebhooks(count: number, timeoutMs?: number): Promise<readonly WhatsAppWebhookDelivery[]>;
  /** Stop listening (connections are refused), ending open connections; keeps what it took. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  /** Stop for good: webhooks in flight are abandoned (status 0). */
  close(): Promise<void>;
};

const API_VERSION = "v21.0";
const BUSINESS_ACCOUNT_ID = "102290129340398";
const DISPLAY_PHONE_NUMBER = "919000000000";
const WEBHOOK_TIMEOUT_MS = 5_000;
const ERROR_CODES_HREF = "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/";

/** Each approved template by name: its kind and the parameter count of its body per language. */
const TEMPLATES = new Map(
  UPDATE_KINDS.map((kind) => [
    WHATSAPP_TEMPLATES[kind],
    {
      kind,
      languages: new Map<string, { language: Language; parameterCount: number }>(
        (Object.keys(WHATSAPP_LANGUAGE_CODES) as Language[]).map((language) => [
          WHATSAPP_LANGUAGE_CODES[language],
          { language, parameterCount: variablesOf(updateTemplate("WHATSAPP", kind, language) ?? "") },
        ]),
      ),
    },
  ]),
);

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const taken: WhatsAppStandInMessage[] = [];
  const webhooks: WhatsAppWebhookDelivery[] = [];
  const unreachable = new Set<string>();
  const faults = faultQueue();
  const closing = new AbortController();
  const waiters = new Set<() => void>();
  let webhookUrl = options.webhookUrl;
  let autoStatuses = options.autoStatuses ?? true;
  // Deliveries run one after the other, so a receiver sees a message's statuses in order.
  let queue: Promise<unknown> = Promise.resolve();

  // --- Webhooks -------------------------------------------------------------------------------

  function deliver(event: WhatsAppWebhookDelivery["event"], messageId: string, value: object) {
    if (!webhookUrl) return Promise.reject(new Error("No webhook URL is set (setWebhookUrl)"));
    const body = metaJson({
      object: "whatsapp_business_account",
      entry: [
        {
          id: BUSINESS_ACCOUNT_ID,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: {
                  display_phone_number: DISPLAY_PHONE_NUMBER,
                  phone_number_id: options.phoneNumberId,
                },
                ...value,
              },
              field: "messages",
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", options.appSecret).update(body).digest("hex")}`;
    const delivery: WhatsAppWebhookDelivery = { event, messageId, url: webhookUrl, body, signature };
    webhooks.push(delivery);
    const done = queue.then(() => post(delivery));
    queue = done;
    return done.then(() => delivery);
  }

  /** Never throws: a receiver that cannot be reached is a status 0 with the reason. */
  async function post(delivery: WhatsAppWebhookDelivery) {
    try {
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": delivery.signature },
        body: delivery.body,
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), closing.signal]),
      });
      delivery.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      delivery.status = 0;
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    try {
      options.onWebhook?.(delivery);
    } catch {
      // A listener's mistake is not the delivery's.
    }
    for (const waiter of waiters) waiter();
  }

  function statusValue(message: WhatsAppStandInMessage | undefined, messageId: string, status: string) {
    return {
      id: messageId,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: message?.to ?? DISPLAY_PHONE_NUMBER,
      conversation: { id: conversationId(messageId), origin: { type: "utility" } },
      pricing: { billable: true, pricing_model: "CBP", category: "utility" },
    };
  }

  function sendStatus(messageId: string, status: WhatsAppMessageStatus, errorCode?: number) {
    const message = taken.find((candidate) => candidate.id === messageId);
    const entry =
      status === "failed"
        ? {
            id: messageId,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: message?.to ?? DISPLAY_PHONE_NUMBER,
            errors: [failure(errorCode ?? WHATSAPP_UNREACHABLE_CODES[0])],
          }
        : statusValue(message, messageId, status);
    return deliver(status, messageId, { statuses: [entry] });
  }

  /** The status webhooks of the message taken last, settled once all were answered. */
  let lastReported: Promise<unknown> = Promise.resolve();
  /** How many of the next messages have their statuses reported before the send is answered. */
  let statusesFirst = 0;

  /** What Meta does after taking a message, sent in the background (the sender does not wait). */
  function afterTaking(message: WhatsAppStandInMessage) {
    if (!webhookUrl) return;
    const statuses: WhatsAppMessageStatus[] = unreachable.has(message.to)
      ? ["failed"]
      : autoStatuses
        ? ["sent", "delivered", "read"]
        : [];
    lastReported = Promise.all(
      statuses.map((status) => sendStatus(message.id, status).catch(() => undefined)),
    );
  }

  // --- The messages API -----------------------------------------------------------------------

  function takeMessage(raw: string): Answer {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return graphError(400, 100, "(#100) The request body is not valid JSON");
    }
    const request = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (request.messaging_product !== "whatsapp") {
      return graphError(400, 100, "(#100) The parameter messaging_product is required.");
    }
    if (request.type !== "template") {
      return graphError(400, 100, "(#100) Param type must be template: this account sends templates only");
    }
    const to = typeof request.to === "string" ? request.to.replace(/^\+/, "") : "";
    if (!/^[1-9]\d{7,14}$/.test(to)) {
      return graphError(400, 100, "(#100) Invalid parameter", "Invalid 'to' parameter: not a phone number");
    }
    const template = (request.template ?? {}) as Record<string, unknown>;
    const name = typeof template.name === "string" ? template.name : "";
    const code = (template.language as { code?: unknown } | undefined)?.code;
    const approved = TEMPLATES.get(name);
    const translation = typeof code === "string" ? approved?.languages.get(code) : undefined;
    if (!approved || !translation) {
      return graphError(
        400,
        132001,
        "(#132001) Template name does not exist in the translation",
        `template name (${name}) does not exist in ${String(code)}`,
      );
    }
    const parameters = bodyParameters(template.components);
    if (typeof parameters === "string")
      return graphError(
        400,
        132012,
        "(#132012) Parameter format does not match format in the created template",
        parameters,
      );
    if (parameters.length !== translation.parameterCount) {
      return graphError(
        400,
        132000,
        "(#132000) Number of parameters does not match the expected number of params",
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${translation.parameterCount})`,
      );
    }
    if (parameters.some((text) => /[\n\t]| {5}/.test(text))) {
      return graphError(
        400,
        132018,
        "(#132018) There was an issue with the parameters in your template.",
        "Param text cannot have new-line/tab characters or more than 4 consecutive spaces",
      );
    }
    const message: WhatsAppStandInMessage = {
      id: `wamid.${randomBytes(24).toString("base64url")}`,
      to,
      template: name,
      kind: approved.kind,
      language: translation.language,
      parameters,
      text: renderUpdateText("WHATSAPP", approved.kind, translation.language, parameters),
      request: body,
      at: new Date(),
    };
    taken.push(message);
    afterTaking(message);
    return {
      status: 200,
      body: {
        messaging_product: "whatsapp",
        contacts: [{ input: request.to, wa_id: to }],
        messages: [{ id: message.id, message_status: "accepted" }],
      },
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const route = /^\/v\d+\.\d+\/([^/]+)\/messages\/?$/.exec(path);
    if (request.method !== "POST" || !route) {
      return reply(response, graphError(400, 2500, `Unknown path components: ${path}`));
    }
    const [scheme, token] = (request.headers.authorization ?? "").split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token || !sameText(token, options.accessToken)) {
      return reply(response, graphError(401, 190, "Invalid OAuth access token - Cannot parse access token"));
    }
    if (decodeURIComponent(route[1]!) !== options.phoneNumberId) {
      return reply(
        response,
        graphError(
          400,
          100,
          `Unsupported post request. Object with ID '${route[1]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        ),
      );
    }
    const fault: Fault | undefined = faults.next();
    if (fault?.kind === "status") {
      const answer = graphError(
        fault.status,
        fault.status === 429 ? 130429 : 131000,
        fault.status === 429 ? "(#130429) Rate limit hit" : "(#131000) Something went wrong",
      );
      return reply(response, { ...answer, headers: retryAfterHeader(fault) });
    }
    if (raw === undefined)
      return reply(response, graphError(400, 100, "(#100) The request body is too large"));
    const answer = takeMessage(raw);
    if (statusesFirst > 0 && answer.status === 200) {
      statusesFirst -= 1;
      await lastReported;
    }
    reply(response, answer, fault);
  }

  const server = await standInServer("WhatsApp", options.port ?? 0, handle);

  return {
    url: server.url,
    apiUrl: `${server.url}/${API_VERSION}`,
    port: server.port,
    messages: () => taken,
    webhooks,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setAutoStatuses(enabled) {
      autoStatuses = enabled;
    },
    reportBeforeAnswering(count = 1) {
      statusesFirst += count;
    },
    notOnWhatsApp(...numbers) {
      for (const number of numbers) unreachable.add(number.replace(/^\+/, ""));
    },
    failNext(status, count = 1, retryAfterSeconds) {
      faults.add(
        { kind: "status", status, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) },
        count,
      );
    },
    hangNext(count = 1) {
      faults.add({ kind: "hang" }, count);
    },
    closeNext(count = 1) {
      faults.add({ kind: "close" }, count);
    },
    sendStatus,
    sendInbound(from, text) {
      const number = from.replace(/^\+/, "");
      const id = `wamid.${randomBytes(24).toString("base64url")}`;
      return deliver("inbound", id, {
        contacts: [{ profile: { name: "Stand-in parent" }, wa_id: number }],
        messages: [
          {
            from: number,
            id,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "text",
            text: { body: text },
          },
        ],
      });
    },
    async subscribe(token = options.verifyToken) {
      if (!webhookUrl) throw new Error("No webhook URL is set (setWebhookUrl)");
      if (token === undefined) throw new Error("No verify token: give the verifyToken option");
      const challenge = String(randomBytes(4).readUInt32BE());
      const url = new URL(webhookUrl);
      url.searchParams.set("hub.mode", "subscribe");
      url.searchParams.set("hub.verify_token", token);
      url.searchParams.set("hub.challenge", challenge);
      const response = await fetch(url, { signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
      return { status: response.status, body: await response.text(), challenge };
    },
    waitForWebhooks(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const done = webhooks.slice(0, count);
          if (webhooks.length < count || done.some((delivery) => delivery.status === undefined)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(webhooks);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const sent = webhooks.map((delivery) => `${delivery.event} (${delivery.status ?? "in flight"})`);
          reject(
            new Error(
              `Not ${count} webhooks finished within ${timeoutMs} ms; sent: ${sent.join(", ") || "none"}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: server.stop,
    start: server.start,
    async close() {
      await server.close();
      closing.abort(new Error("The WhatsApp stand-in was closed"));
      await queue;
    },
  };
}

// --- Helpers with no state ---------------------------------------------------------------------

/** How many parameters a body takes: its highest {{n}}. */
function variablesOf(body: string): number {
  return Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])));
}

/** The texts of the body component's parameters, or what is wrong with them. */
function bodyParameters(components: unknown): string[] | string {
  if (components === undefined) return [];
  if (!Array.isArray(components)) return "components must be an array";
  const body = components.find((component: { type?: unknown }) => component?.type === "body") as
    { parameters?: unknown } | undefined;
  if (!body) return [];
  if (!Array.isArray(body.parameters)) return "body: parameters must be an array";
  const texts: string[] = [];
  for (const parameter of body.parameters as { type?: unknown; text?: unknown }[]) {
    if (parameter?.type !== "text" || typeof parameter.text !== "string" || parameter.text.trim() === "") {
      return "body: each parameter must be of type text with a text that is not empty";
    }
    texts.push(parameter.text);
  }
  return texts;
}

/** Graph API's error shape. */
function graphError(status: number, code: number, message: string, details?: string): Answer {
  return {
    status,
    body: {
      error: {
        message,
        type: "OAuthException",
        code,
        ...(details === undefined ? {} : { error_data: { messaging_product: "whatsapp", details } }),
        fbtrace_id: randomBytes(12).toString("base64url"),
      },
    },
  };
}

function failure(code: number) {
  const unreachable = (WHATSAPP_UNREACHABLE_CODES as readonly number[]).includes(code);
  const title = unreachable ? "Message undeliverable" : "Message failed to send";
  return {
    code,
    title,
    message: title,
    error_data: { details: unreachable ? "Message Undeliverable." : "The message could not be delivered." },
    href: ERROR_CODES_HREF,
  };
}

function conversationId(messageId: string): string {
  return createHmac("sha256", "conversation").update(messageId).digest("hex").slice(0, 32);
}

/**
 * JSON as Meta writes its webhooks: every letter past ASCII as \uXXXX and "/" as "\/". A receiver
 * that checks the signature of a re-serialised body, not of the bytes received, fails on it.
 */
function metaJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/[\u007f-\uffff]/g, (letter) => `\\u${letter.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replace(/\//g, "\\/");
}
