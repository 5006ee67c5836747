// The WhatsApp and MSG91 stand-ins of the tests (tests/support/whatsapp-standin.ts and
// msg91-standin.ts) for `npm run dev`, on WHATSAPP_STANDIN_PORT (4020) and MSG91_STANDIN_PORT
// (4030), so a developer sees the site's updates go out without a Meta or MSG91 account. They
// print what they take and each webhook they send, never a number or a message's words.
import { startMsg91StandIn, type Msg91StandIn } from "../tests/support/msg91-standin";
import { msg91Env, whatsAppEnv } from "../tests/support/updates-env";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../tests/support/whatsapp-standin";

const time = () => new Date().toLocaleTimeString();

function inUse(variable: string, port: number) {
  return (error: NodeJS.ErrnoException) => {
    throw error.code === "EADDRINUSE"
      ? new Error(`Port ${port} is in use: set ${variable} to another.`)
      : error;
  };
}

/**
 * Starts the WhatsApp stand-in with stand-in settings, sending its webhooks to WHATSAPP_WEBHOOK_URL
 * (default: the site on localhost:3000), and gives the WHATSAPP_* settings that point the site at it.
 */
export async function startDevWhatsApp(): Promise<{ standIn: WhatsAppStandIn; env: Record<string, string> }> {
  const port = Number(process.env.WHATSAPP_STANDIN_PORT || 4020);
  const settings = {
    phoneNumberId: "106540352242922",
    accessToken: "standin-whatsapp-access-token",
    appSecret: "standin-whatsapp-app-secret",
    verifyToken: "standin-whatsapp-verify-token",
  };
  const webhookUrl =
    process.env.WHATSAPP_WEBHOOK_URL || "http://localhost:3000/api/messages/whatsapp/webhook";
  const standIn = await startWhatsAppStandIn({
    ...settings,
    webhookUrl,
    port,
    onWebhook(delivery) {
      const outcome = delivery.status
        ? `${delivery.status}`
        : `not delivered (${delivery.error ?? "no answer"})`;
      console.log(`↪  ${time()}  WhatsApp webhook ${delivery.event} ${delivery.messageId}: ${outcome}`);
    },
  }).catch(inUse("WHATSAPP_STANDIN_PORT", port));
  console.log(`WhatsApp stand-in listening on ${standIn.apiUrl}, webhooks to ${webhookUrl}.`);
  return { standIn, env: whatsAppEnv(standIn, settings) };
}

/** Starts the MSG91 stand-in and gives the MSG91_* settings, every template id included. */
export async function startDevMsg91(): Promise<{ standIn: Msg91StandIn; env: Record<string, string> }> {
  const port = Number(process.env.MSG91_STANDIN_PORT || 4030);
  const authKey = "standin-msg91-auth-key";
  const standIn = await startMsg91StandIn({
    authKey,
    port,
    onSms(sms) {
      console.log(`✉  ${time()}  SMS ${sms.kind} (${sms.language}) taken: ${sms.requestId}`);
    },
  }).catch(inUse("MSG91_STANDIN_PORT", port));
  console.log(`MSG91 stand-in listening on ${standIn.url}.`);
  return { standIn, env: msg91Env(standIn, authKey) };
}
