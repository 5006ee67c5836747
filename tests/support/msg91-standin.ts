// The MSG91 stand-in of the tests and of `npm run dev`: a real HTTP server (node:http only) on
// 127.0.0.1 that answers MSG91's Flow API, `POST /api/v5/flow`, as MSG91 does for DLT templates:
// the `authkey` header, a template id it knows (each one the SMS text of a kind and language, from
// app/domain/texts/updates.ts), every ##varN## of that text filled by the recipient's variables and
// none more, an Indian mobile number (91 and 10 digits). It keeps each SMS as the family would read
// it. The site's own client, pointed at it by MSG91_API_URL, cannot tell it from the real one; it
// can also be told to answer 429 or 500, to never answer, or to close the connection after taking
// an SMS.
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Language } from "~/domain/languages";
import type { Msg91Config } from "~/domain/settings";
import { renderUpdateText, updateTemplate } from "~/domain/texts/updates";
import { MSG91_TEMPLATE_VARIABLES, SMS_VARIABLE_MAX, type SmsKind } from "~/domain/updates";
import {
  faultQueue,
  readBody,
  reply,
  retryAfterHeader,
  sameText,
  standInServer,
  type Answer,
} from "./standin-http";

export type Msg91StandInOptions = {
  /** The auth key the `authkey` header must give (MSG91_AUTH_KEY). */
  authKey: string;
  /**
   * The template ids the account has, by kind and language (as MSG91_TEMPLATE_* give them to the
   * site). Default: an English and a Hindi template for every kind (see `templates`).
   */
  templates?: Msg91Config["templates"];
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Told of each SMS taken (dev/updates-dev.ts prints them). */
  onSms?: (sms: Msg91StandInSms) => void;
};

/** An SMS the stand-in took. */
type Msg91StandInSms = {
  /** The request id the answer gave. */
  requestId: string;
  templateId: string;
  kind: SmsKind;
  language: Language;
  /** 91 and the 10-digit mobile number. */
  mobile: string;
  /** The recipient's variables as sent: var1, var2, … */
  variables: Record<string, string>;
  /** The template's text with the variables in it: what the family reads. */
  text: string;
  /** The request's JSON body, as received. */
  request: unknown;
  at: Date;
};

export type Msg91StandIn = {
  /** "http://127.0.0.1:PORT", usable as MSG91_API_URL. */
  url: string;
  port: number;
  /** The template ids it knows, in the shape of the site's MSG91 settings. */
  templates: Msg91Config["templates"];
  /** Every SMS taken, in order (a hang or a close still takes it: only the answer is lost). */
  messages(): readonly Msg91StandInSms[];
  /** The next `count` requests are answered `status` (429, 500, 503…) and not taken. */
  failNext(status: number, count?: number, retryAfterSeconds?: number): void;
  /** The next `count` requests are taken and never answered (until stop or close). */
  hangNext(count?: number): void;
  /** The next `count` requests are taken, then their connection is closed without an answer. */
  closeNext(count?: number): void;
  /** Stop listening (connections are refused), ending open connections; keeps what it took. */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
};

const SMS_KINDS = Object.keys(MSG91_TEMPLATE_VARIABLES) as SmsKind[];

/**
 * An English and a Hindi template id for every kind, the same at every start (24 hex digits, as
 * MSG91's are), so a developer's settings stay valid.
 */
function defaultTemplates(): Msg91Config["templates"] {
  const id = (kind: SmsKind, language: Language) =>
    createHash("sha256").update(`msg91-standin:${kind}:${language}`).digest("hex").slice(0, 24);
  return Object.fromEntries(SMS_KINDS.map((kind) => [kind, { en: id(kind, "en"), hi: id(kind, "hi") }]));
}

export async function startMsg91StandIn(options: Msg91StandInOptions): Promise<Msg91StandIn> {
  const templates = options.templates ?? defaultTemplates();
  const byId = new Map<string, { kind: SmsKind; language: Language }>();
  for (const kind of SMS_KINDS) {
    const ids = templates[kind];
    if (ids?.en) byId.set(ids.en, { kind, language: "en" });
    if (ids?.hi) byId.set(ids.hi, { kind, language: "hi" });
  }
  const taken: Msg91StandInSms[] = [];
  const faults = faultQueue();

  /** The SMS of one recipient, or why it cannot be sent. */
  function smsOf(templateId: string, recipient: unknown, request: unknown): Msg91StandInSms | string {
    const template = byId.get(templateId)!;
    if (typeof recipient !== "object" || recipient === null) return "Each recipient must be an object";
    const { mobiles, ...variables } = recipient as Record<string, unknown>;
    if (typeof mobiles !== "string" || !/^91[6-9]\d{9}$/.test(mobiles)) {
      return "Invalid mobile number: give 91 and the 10-digit number";
    }
    const text = updateTemplate("SMS", template.kind, template.language) ?? "";
    const wanted = [...new Set([...text.matchAll(/##(var\d+)##/g)].map((match) => match[1]!))];
    const missing = wanted.filter((name) => typeof variables[name] !== "string" || variables[name] === "");
    if (missing.length > 0) return `Variable(s) missing for the template: ${missing.join(", ")}`;
    const extra = Object.keys(variables).filter((name) => !wanted.includes(name));
    if (extra.length > 0) return `Variable(s) not in the template: ${extra.join(", ")}`;
    const values = variables as Record<string, string>;
    // DLT scrubbing refuses an SMS whose variable holds more than 30 letters.
    const long = wanted.filter((name) => [...values[name]!].length > SMS_VARIABLE_MAX);
    if (long.length > 0)
      return `Variable(s) longer than DLT's ${SMS_VARIABLE_MAX} characters: ${long.join(", ")}`;
    const parameters = wanted
      .map((name) => Number(name.slice(3)))
      .sort((a, b) => a - b)
      .map((number) => values[`var${number}`]!);
    return {
      requestId: "",
      templateId,
      ...template,
      mobile: mobiles,
      variables: values,
      text: renderUpdateText("SMS", template.kind, template.language, parameters),
      request,
      at: new Date(),
    };
  }

  function takeFlow(raw: string): Answer {
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return refused(400, "The request body is not valid JSON");
    }
    const request = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const templateId = typeof request.template_id === "string" ? request.template_id : "";
    if (!byId.has(templateId)) return refused(400, "Invalid template_id: no such template in the account");
    if (request.short_url !== undefined && request.short_url !== "0" && request.short_url !== "1") {
      return refused(400, 'short_url must be "0" or "1"');
    }
    const recipients = request.recipients;
    if (!Array.isArray(recipients) || recipients.length === 0) return refused(400, "recipients are required");
    const messages: Msg91StandInSms[] = [];
    for (const recipient of recipients) {
      const sms = smsOf(templateId, recipient, body);
      if (typeof sms === "string") return refused(400, sms);
      messages.push(sms);
    }
    const requestId = randomBytes(12).toString("hex");
    for (const sms of messages) {
      sms.requestId = requestId;
      taken.push(sms);
      try {
        options.onSms?.(sms);
      } catch {
        // A listener's mistake is not the request's.
      }
    }
    return { status: 200, body: { type: "success", message: requestId } };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (request.method !== "POST" || !/^\/api\/v5\/flow\/?$/.test(path)) {
      return reply(response, refused(404, `No such API: ${request.method} ${path}`));
    }
    if (!sameText(String(request.headers.authkey ?? ""), options.authKey)) {
      return reply(response, refused(401, "Authentication failure", "401"));
    }
    const fault = faults.next();
    if (fault?.kind === "status") {
      const busy = refused(
        fault.status,
        fault.status === 429 ? "Too many requests" : "Internal server error",
      );
      return reply(response, { ...busy, headers: retryAfterHeader(fault) });
    }
    if (raw === undefined) return reply(response, refused(413, "The request body is too large"));
    reply(response, takeFlow(raw), fault);
  }

  const server = await standInServer("MSG91", options.port ?? 0, handle);

  return {
    url: server.url,
    port: server.port,
    templates,
    messages: () => taken,
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
    stop: server.stop,
    start: server.start,
    close: server.close,
  };
}

/** MSG91's error shape. */
function refused(status: number, message: string, code?: string): Answer {
  return { status, body: { type: "error", message, ...(code === undefined ? {} : { code }) } };
}
