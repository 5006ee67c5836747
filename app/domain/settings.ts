/*
 * Defaults of settings that one service each uses and the environment may change. They live
 * below both: app/config.server.ts states them when it reads the environment, and the service
 * falls back on them when it is built without (tests, the CLI), and neither imports the other.
 */

import type { SmsKind } from "./updates";

/**
 * The scrypt work factor as log2(N). The default, 15 with r=8 and p=3, is one of OWASP's
 * equivalent scrypt minimums: 32 MiB per hash instead of the 128 MiB of N=2^17, so a burst of
 * logins cannot exhaust a small server's memory. PASSWORD_HASH_COST lowers it for test servers,
 * whose hundreds of sign-ins would otherwise spend most of a small CI machine's time hashing;
 * raising it only makes new hashes dearer, since every hash records its own parameters.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
export const PASSWORD_HASH_COST_RANGE = { min: 10, max: 20 } as const;

/** How a mail's delivery is retried; MAIL_MAX_ATTEMPTS and MAIL_RETRY_SECONDS set the first two. */
export type RetryPolicy = {
  /** Attempts before a mail is FAILED for good. */
  maxAttempts: number;
  /** Wait after the first failed attempt; each later one waits twice as long (plus jitter). */
  firstRetryMs: number;
  /** No wait is longer than this. */
  maxRetryMs: number;
  /** How long one attempt may hold a mail before another instance may take it over. */
  leaseMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 8,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
};

/** Razorpay's API; RAZORPAY_API_URL replaces it (a stand-in in tests and benches). */
export const RAZORPAY_API_URL = "https://api.razorpay.com";

export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** RAZORPAY_API_URL: the base of every API call and of the checkout form (a stand-in in tests). */
  apiUrl: string;
};

/** Meta's Graph API, version included; WHATSAPP_API_URL replaces it (a stand-in in tests and `npm run dev`). */
export const WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

/** WhatsApp Cloud API settings (WHATSAPP_*): all of them, or no WhatsApp at all. */
export type WhatsAppConfig = {
  /** WHATSAPP_API_URL: the Graph API's base, version included, without a trailing slash. */
  apiUrl: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the sending number's id in WhatsApp Manager (not the number itself). */
  phoneNumberId: string;
  /** WHATSAPP_ACCESS_TOKEN: a system user's token with whatsapp_business_messaging. */
  accessToken: string;
  /** WHATSAPP_APP_SECRET: the Meta app's secret, the key of the webhooks' X-Hub-Signature-256. */
  appSecret: string;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's webhook subscription request must repeat (hub.verify_token). */
  verifyToken: string;
};

/** MSG91's control API; MSG91_API_URL replaces it (a stand-in in tests and `npm run dev`). */
export const MSG91_API_URL = "https://control.msg91.com";

/** MSG91 Flow API settings (MSG91_*): all of them, or no SMS at all. */
export type Msg91Config = {
  /** MSG91_API_URL, without a trailing slash. */
  apiUrl: string;
  /** MSG91_AUTH_KEY: sent as the `authkey` header. */
  authKey: string;
  /**
   * MSG91_SENDER_ID: the DLT header the SMS come from. The Flow API takes it from the template's
   * flow, not from the request; it is kept to be shown to staff.
   */
  senderId: string;
  /** Each kind's MSG91 template id (MSG91_TEMPLATE_*), and its Hindi one when there is (`_HI`). */
  templates: Partial<Record<SmsKind, { en: string; hi?: string }>>;
};

/** How many WhatsApp and SMS updates all instances together send per second (UPDATES_PER_SECOND). */
/**
 * 20: 1,000 updates (a season's offers on one morning) go out within a minute (issue 39 point 9),
 * a quarter of the 80 a second Meta's Cloud API takes from one number by default.
 */
export const DEFAULT_UPDATES_PER_SECOND = 20;
