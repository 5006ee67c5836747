// The site's WHATSAPP_* and MSG91_* settings that point it at the repository's stand-ins
// (whatsapp-standin.ts, msg91-standin.ts): one home for them, read by the browser tests' servers
// and by `npm run dev` (dev/updates-dev.ts).
import { MSG91_TEMPLATE_VARIABLES, type SmsKind } from "../../app/domain/updates";
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
