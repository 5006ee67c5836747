// `npm run payments:dev`: the Razorpay stand-in of the tests (tests/support/razorpay-standin.ts) on
// RAZORPAY_STANDIN_PORT (4010), so a developer can pay, fail and refund on the site without
// Razorpay or money: it prints the settings to give the site and each webhook it sends. Exported
// as startDevRazorpay so `npm run dev` can start it in-process, as it does the mail stand-in.
import { pathToFileURL } from "node:url";
import { startRazorpayStandIn, type RazorpayStandIn } from "../tests/support/razorpay-standin";

/** The environment the site needs to use the stand-in as its Razorpay. */
type DevRazorpayEnv = {
  RAZORPAY_API_URL: string;
  RAZORPAY_KEY_ID: string;
  RAZORPAY_KEY_SECRET: string;
  RAZORPAY_WEBHOOK_SECRET: string;
};

/**
 * Starts the stand-in with the keys of RAZORPAY_KEY_ID, _KEY_SECRET and _WEBHOOK_SECRET (or dev
 * defaults), sending webhooks to RAZORPAY_WEBHOOK_URL (default: the site on localhost:3000).
 */
export async function startDevRazorpay(): Promise<{ standIn: RazorpayStandIn; env: DevRazorpayEnv }> {
  const port = Number(process.env.RAZORPAY_STANDIN_PORT || 4010);
  const keyId = process.env.RAZORPAY_KEY_ID || "rzp_test_standin";
  const keySecret = process.env.RAZORPAY_KEY_SECRET || "standin_key_secret";
  const webhookSecret = process.env.RAZORPAY_WEBHOOK_SECRET || "standin_webhook_secret";
  const webhookUrl =
    process.env.RAZORPAY_WEBHOOK_URL || "http://localhost:3000/api/payments/razorpay/webhook";
  const standIn = await startRazorpayStandIn({
    keyId,
    keySecret,
    webhookSecret,
    webhookUrl,
    port,
    onWebhook(delivery) {
      const outcome = delivery.status
        ? `${delivery.status}`
        : `not delivered (${delivery.error ?? "no answer"})`;
      console.log(
        `↪  ${new Date().toLocaleTimeString()}  webhook ${delivery.event} ${delivery.eventId}: ${outcome}`,
      );
    },
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "EADDRINUSE"
      ? new Error(`Port ${port} is in use: set RAZORPAY_STANDIN_PORT to another.`)
      : error;
  });
  const env: DevRazorpayEnv = {
    RAZORPAY_API_URL: standIn.url,
    RAZORPAY_KEY_ID: keyId,
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  };
  console.log(
    [
      `Razorpay stand-in listening on ${standIn.url}, webhooks to ${webhookUrl}. Give the site:`,
      ...Object.entries(env).map(([name, value]) => `  ${name}=${value}`),
    ].join("\n"),
  );
  return { standIn, env };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await startDevRazorpay();
