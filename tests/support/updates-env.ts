// The site's WHATSAPP_* and MSG91_* settings that point it at the repository's stand-ins
// (whatsapp-standin.ts, msg91-standin.ts): one home for them, read by the browser tests' servers
// and by `npm run dev` (dev/updates-dev.ts).
import { MSG91_TEMPLATE_VARIABLES, type SmsKind } from "../../app/domain/updates";
import { createMsg91Client } from "../../app/services/updates/msg91.server";
import type { UpdateChannels } from "../../app/services/updates/outbox.server";
import { createWhatsAppClient } from "../../app/services/updates/whatsapp.server";
import type { Msg91StandIn } from "./msg91-standin";
import type { WhatsAppStandIn } from "./whatsapp-standin";

/** The WhatsApp Cloud API account a stand-in plays: the site must be given the same values. */
export type WhatsAppAccount = {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
};

/** WHATSAPP_API_URL and the four account settings, for a site talking to `standIn`. */
export function whatsAppEnv(standIn: WhatsAppStandIn, account: WhatsAppAccount): Record<string, string> {
  return {
    WHATSAPP_API_URL: standIn.apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: account.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: account.accessToken,
    WHATSAPP_APP_SECRET: account.appSecret,
    WHATSAPP_VERIFY_TOKEN: account.verifyToken,
  };
}

/** MSG91_API_URL, the key, the sender and every template id (English, and Hindi's `_HI`) of `standIn`. */
export function msg91Env(standIn: Msg91StandIn, authKey: string): Record<string, string> {
  const templates: [string, string][] = [];
  for (const [kind, ids] of Object.entries(standIn.templates)) {
    const variable = MSG91_TEMPLATE_VARIABLES[kind as SmsKind];
    templates.push([variable, ids.en]);
    if (ids.hi) templates.push([`${variable}_HI`, ids.hi]);
  }
  return {
    MSG91_API_URL: standIn.url,
    MSG91_AUTH_KEY: authKey,
    MSG91_SENDER_ID: "ZIPATS",
    ...Object.fromEntries(templates),
  };
}

/** The WhatsApp Cloud API account the API tests' stand-in plays. */
export const TEST_WHATSAPP_ACCOUNT: WhatsAppAccount = {
  phoneNumberId: "106540352242922",
  accessToken: "EAAGm0PX4ZCpsBAapi-test-access-token",
  appSecret: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
  verifyToken: "zipat-api-verify",
};
export const TEST_MSG91_AUTH_KEY = "412345AbCdEfGh0123456789";

/**
 * The site's two update channels as the API tests build them (startTestApp's `updates`): the
 * real clients, talking to `whatsapp` and `msg91` stand-ins, with a short timeout.
 */
export function standInChannels(whatsapp: WhatsAppStandIn, msg91: Msg91StandIn): UpdateChannels {
  return {
    whatsapp: createWhatsAppClient({ ...TEST_WHATSAPP_ACCOUNT, apiUrl: whatsapp.apiUrl }, { timeoutMs: 500 }),
    sms: createMsg91Client(
      { apiUrl: msg91.url, authKey: TEST_MSG91_AUTH_KEY, senderId: "ZIPATS", templates: msg91.templates },
      { timeoutMs: 500 },
    ),
  };
}
