/*
 * Defaults of settings that one service each uses and the environment may change. They live
 * below both: app/config.server.ts states them when it reads the environment, and the service
 * falls back on them when it is built without (tests, the CLI), and neither imports the other.
 */

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
