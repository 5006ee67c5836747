import { afterAll, beforeAll } from "vitest";
import { RAZORPAY_WEBHOOK_PATH } from "~/api/razorpay-webhook.server";
import { startRazorpayStandIn, type RazorpayStandIn } from "./razorpay-standin";
import { siteAndBrowserForFile, type SiteAndBrowser } from "./site-and-browser";

/** The keys the browser journeys' site and stand-in share (test values, no real account's). */
export const E2E_RAZORPAY = {
  keyId: "rzp_test_E2eJourneys01",
  keySecret: "e2e_key_secret_0123456789",
  webhookSecret: "e2e_webhook_secret_0123456789",
} as const;

/**
 * `siteAndBrowserForFile` with Razorpay for the file: the local stand-in starts first, the site
 * is started with its keys and RAZORPAY_API_URL pointing at it, and then the stand-in is told the
 * site's webhook address (the site's port is only known once it runs). The stand-in closes after
 * the site has stopped.
 */
export function razorpaySiteForFile(started: (site: SiteAndBrowser & { standIn: RazorpayStandIn }) => void) {
  let standIn: RazorpayStandIn | undefined;
  beforeAll(async () => {
    standIn = await startRazorpayStandIn({ ...E2E_RAZORPAY });
  });
  afterAll(async () => {
    await standIn?.close();
  });
  siteAndBrowserForFile(
    (site) => {
      standIn!.setWebhookUrl(`${site.server.url}/api${RAZORPAY_WEBHOOK_PATH}`);
      started({ ...site, standIn: standIn! });
    },
    () => ({
      RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
      RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
      RAZORPAY_WEBHOOK_SECRET: E2E_RAZORPAY.webhookSecret,
      RAZORPAY_API_URL: standIn!.url,
    }),
  );
}
