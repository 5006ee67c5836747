import { z } from "zod";
import type { Language } from "~/domain/languages";
import type { Msg91Config } from "~/domain/settings";
import {
  MSG91_TEMPLATE_VARIABLES,
  SMS_VARIABLE_MAX,
  UPDATE_PARAMETERS,
  type SmsKind,
  type UpdateKind,
} from "~/domain/updates";
import { postJson, providerReason, SEND_TIMEOUT_MS } from "./http.server";
import type { SendOutcome, UpdateRequest, UpdateSender } from "./outcome";

const PROVIDER = "MSG91";

const flowAnswer = z.object({
  type: z.enum(["success", "error"]),
  message: z.string().optional(),
  code: z.union([z.number(), z.string()]).optional(),
});

const isSmsKind = (kind: UpdateKind): kind is SmsKind => kind in MSG91_TEMPLATE_VARIABLES;

export type Msg91Client = UpdateSender & {
  /**
   * The language a family's SMS of this kind goes in: Hindi only when a Hindi template is set
   * (MSG91_TEMPLATE_*_HI), English otherwise; null when the kind has no SMS template. What the
   * admin screen renders the sent text in.
   */
  smsLanguage(kind: UpdateKind, language: Language): Language | null;
};

/**
 * A variable as DLT takes it: at most SMS_VARIABLE_MAX letters, a longer one cut and ended with
 * "..." (three dots, not "…", which would make an English SMS Unicode).
 */
function fitsSmsVariable(text: string): string {
  const letters = [...text];
  return letters.length <= SMS_VARIABLE_MAX ? text : `${letters.slice(0, SMS_VARIABLE_MAX - 3).join("")}...`;
}

/**
 * SMS through MSG91's Flow API, over fetch: `POST {apiUrl}/api/v5/flow` with the DLT template's
 * MSG91 id and the recipient's variables (var1, var2, … in UPDATE_PARAMETERS order). Indian
 * numbers only, as DLT is. Never throws: every send ends as a SendOutcome (see postJson for which
 * failures are retried and which are uncertain).
 */
export function createMsg91Client(config: Msg91Config, { timeoutMs = SEND_TIMEOUT_MS } = {}): Msg91Client {
  const url = `${config.apiUrl}/api/v5/flow`;
  const headers = { authkey: config.authKey };

  function smsLanguage(kind: UpdateKind, language: Language): Language | null {
    const ids = isSmsKind(kind) ? config.templates[kind] : undefined;
    if (!ids) return null;
    return language === "hi" && ids.hi ? "hi" : "en";
  }

  return {
    smsLanguage,

    async send({ to, kind, language, parameters }: UpdateRequest): Promise<SendOutcome> {
      const ids = isSmsKind(kind) ? config.templates[kind] : undefined;
      if (!ids) return { kind: "failed", reason: `There is no MSG91 template for ${kind}` };
      const mobile = to.trim().replace(/^\+/, "");
      if (!/^91[6-9]\d{9}$/.test(mobile)) {
        return { kind: "failed", reason: "SMS go to Indian mobile numbers only (+91 and 10 digits)" };
      }
      // MSG91 would send a template with a variable left empty; DLT would pass it. Refuse here.
      const expected = UPDATE_PARAMETERS[kind].length;
      if (parameters.length !== expected) {
        return {
          kind: "failed",
          reason: `${kind} takes ${expected} parameters, ${parameters.length} were given`,
        };
      }
      // DLT refuses a variable over 30 letters. Links come short (the outbox); a long name is cut.
      const variables = Object.fromEntries(
        parameters.map((text, index) => [`var${index + 1}`, fitsSmsVariable(text)]),
      );
      const exchange = await postJson(
        PROVIDER,
        url,
        headers,
        {
          template_id: language === "hi" && ids.hi ? ids.hi : ids.en,
          short_url: "0",
          recipients: [{ mobiles: mobile, ...variables }],
        },
        timeoutMs,
      );
      if (exchange.kind !== "answered") return exchange;
      const answer = flowAnswer.safeParse(exchange.json);
      const ok = exchange.status >= 200 && exchange.status < 300;
      if (answer.success && answer.data.type === "success" && ok && answer.data.message) {
        return { kind: "sent", providerId: answer.data.message };
      }
      if (answer.success && answer.data.type === "error") {
        const { code } = answer.data;
        const number = typeof code === "number" || /^\d+$/.test(code ?? "") ? Number(code) : undefined;
        return {
          kind: "failed",
          reason: providerReason(answer.data.message || `MSG91 answered ${exchange.status}`),
          ...(number === undefined ? {} : { code: number }),
        };
      }
      // A 2xx that names no request: MSG91 may have queued the SMS.
      if (ok) return { kind: "uncertain", reason: "MSG91 took the request but its answer had no request id" };
      return { kind: "failed", reason: `MSG91 answered ${exchange.status}` };
    },
  };
}
