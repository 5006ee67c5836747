import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultAcademicYearStart } from "~/domain/age-check";
import { LIMITS } from "~/domain/limits";
import { DEFAULT_RETENTION_MONTHS } from "~/domain/personal-data";
import { DEFAULT_FORM_MIN_FILL_MS } from "~/services/bot-check.server";
import { DEFAULT_RETRY, type RetryPolicy } from "~/services/mail/outbox.server";
import { RAZORPAY_API_URL, type RazorpaySettings } from "~/services/payments/razorpay.server";
import { DEFAULT_PASSWORD_HASH_COST, PASSWORD_HASH_COST_RANGE } from "~/services/password.server";
import {
  RATE_LIMIT_NAMES,
  RATE_LIMITS,
  rateLimitVariable,
  type RateLimits,
  type RateLimitVariable,
} from "~/services/rate-limit.server";

/** Raised for a bad environment value; its message is the one line the operator sees. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalText = z.string().trim().min(1).optional();

const perMinute = () =>
  z.coerce
    .number({ error: "must be a whole number of attempts per minute, 1 or more" })
    .int("must be a whole number of attempts per minute, 1 or more")
    .min(1, "must be a whole number of attempts per minute, 1 or more")
    .optional();

const rateLimitFields = Object.fromEntries(
  RATE_LIMIT_NAMES.map((name) => [rateLimitVariable(name), perMinute()]),
) as Record<RateLimitVariable, ReturnType<typeof perMinute>>;

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const TRUST_PROXY_RULE =
  "must be a number of proxies in front of the server (1 to 10) or a comma-separated list of their addresses or subnets (loopback, linklocal, uniquelocal, 10.0.0.0/8, ...)";

const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies may say who the client is (X-Forwarded-For), as Express's "trust proxy" takes it.
 * "true" is refused: trusting every hop lets any client pick its own address and so its own
 * rate-limit bucket (docs/decisions/0019-trust-proxy-is-explicit.md).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({ code: "custom", message: TRUST_PROXY_RULE });
    return z.NEVER;
  })
  .optional();

const MAIL_FROM_RULE = 'must be an e-mail address or "Name <address>"';
/** "Zipat School <office@zipat.school>" or a bare address; no line breaks (it becomes a header). */
const mailFrom = z
  .string()
  .trim()
  .refine((value) => {
    const match = /^(?:([^<>\r\n"]+?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
    const address = match?.[2] ?? match?.[3];
    return address !== undefined && z.email().safeParse(address).success;
  }, MAIL_FROM_RULE)
  .optional();

const ACADEMIC_YEAR_START_RULE = "must be a date written YYYY-MM-DD (the first day of the academic year)";
/** The day the applications' age check goes by; 1 June of the session's first year when unset. */
const academicYearStart = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    ACADEMIC_YEAR_START_RULE,
  )
  .optional();

const wholeNumber = (rule: string, min: number, max: number) =>
  z.coerce.number({ error: rule }).int(rule).min(min, rule).max(max, rule);

const passwordCostRule = `must be a whole number from ${PASSWORD_HASH_COST_RANGE.min} to ${PASSWORD_HASH_COST_RANGE.max} (log2 of scrypt's N; ${DEFAULT_PASSWORD_HASH_COST} unless for tests)`;

const envFields = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], {
      error: 'must be one of "development", "production" or "test"',
    })
    .default("development"),
  PORT: z.coerce
    .number({ error: "must be a whole number between 0 and 65535" })
    .int("must be a whole number between 0 and 65535")
    .min(0, "must be a whole number between 0 and 65535")
    .max(65535, "must be a whole number between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// connection URL")
    .optional(),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  UPLOAD_DIR: z.string().trim().min(1).default("./uploads"),
  BACKUP_DIR: z.string().trim().min(1).default("./backups"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters long (use a long random string)").optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace or silent",
    })
    .optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(LIMITS.password.min, `must be at least ${LIMITS.password.min} characters long`)
    .max(LIMITS.password.max, `must be at most ${LIMITS.password.max} characters long`)
    .optional(),
  ADMIN_NAME: optionalText,
  ...rateLimitFields,
  FORM_MIN_FILL_MS: z.coerce
    .number({ error: "must be a whole number of milliseconds, 0 or more" })
    .int("must be a whole number of milliseconds, 0 or more")
    .min(0, "must be a whole number of milliseconds, 0 or more")
    .max(600_000, "must be at most 600000 (ten minutes)")
    .default(DEFAULT_FORM_MIN_FILL_MS),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: "must be an smtp:// or smtps:// URL (smtp://user:password@host:587)",
    })
    .optional(),
  MAIL_FROM: mailFrom,
  STAFF_EMAIL: z.email("must be an e-mail address").optional(),
  MAIL_MAX_ATTEMPTS: wholeNumber("must be a whole number of attempts from 1 to 50", 1, 50).default(
    DEFAULT_RETRY.maxAttempts,
  ),
  MAIL_RETRY_SECONDS: wholeNumber("must be a whole number of seconds from 1 to 3600", 1, 3600).default(
    DEFAULT_RETRY.firstRetryMs / 1000,
  ),
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(/^rzp_(test|live)_\w+$/, "must be a Razorpay key id (rzp_test_… or rzp_live_…)")
    .optional(),
  RAZORPAY_KEY_SECRET: z
    .string()
    .trim()
    .min(8, "must be the key secret from Razorpay's dashboard")
    .optional(),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(8, "must be the webhook secret set in Razorpay's dashboard (8 characters or more)")
    .optional(),
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default(RAZORPAY_API_URL),
  PASSWORD_HASH_COST: z.coerce
    .number({ error: passwordCostRule })
    .int(passwordCostRule)
    .min(PASSWORD_HASH_COST_RANGE.min, passwordCostRule)
    .max(PASSWORD_HASH_COST_RANGE.max, passwordCostRule)
    .default(DEFAULT_PASSWORD_HASH_COST),
  ACADEMIC_YEAR_START: academicYearStart,
  SHUTDOWN_GRACE_MS: wholeNumber(
    "must be a whole number of milliseconds from 0 to 600000",
    0,
    600_000,
  ).default(10_000),
  RETENTION_MONTHS: wholeNumber(
    "must be a whole number of months from 1 to 240 (how long rejected applications and finished demo requests keep their personal fields)",
    1,
    240,
  ).default(DEFAULT_RETENTION_MONTHS),
});

/** Every environment variable the server reads (the README's configuration table lists them all). */
export const CONFIG_VARIABLES = Object.keys(envFields.shape);

const RAZORPAY_SETTINGS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

const envSchema = envFields.superRefine((env, ctx) => {
  // All three or none: a gateway that can take money but not verify what Razorpay says about it
  // (or the other way round) must not start.
  const given = RAZORPAY_SETTINGS.filter((name) => env[name]);
  const missing = RAZORPAY_SETTINGS.filter((name) => !env[name]);
  if (given.length > 0 && missing.length > 0) {
    ctx.addIssue({
      code: "custom",
      path: [missing[0]!],
      message: `must be set when ${given.join(" and ")} ${given.length > 1 ? "are" : "is"} set (set all of ${RAZORPAY_SETTINGS.join(", ")}, or none for the test gateway)`,
    });
  }
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    ctx.addIssue({
      code: "custom",
      path: ["ADMIN_PASSWORD"],
      message: "must be set when ADMIN_EMAIL is set",
    });
  }
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    ctx.addIssue({
      code: "custom",
      path: ["ADMIN_EMAIL"],
      message: "must be set when ADMIN_PASSWORD is set",
    });
  }
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * UPLOAD_DIR: where earlier versions kept uploaded images. Images now live in the database; at
   * start any found here that the database lacks are copied in (the files are left alone).
   */
  uploadDir: string;
  /** BACKUP_DIR: where `npm run backup` writes its files. */
  backupDir: string;
  /** Absent until resolveJwtSecret fills it from DATA_DIR. */
  jwtSecret: string | undefined;
  publicUrl: string;
  /** Express's "trust proxy": false (the socket's address is the client), a hop count or addresses. */
  trustProxy: false | number | string[];
  logLevel: string;
  admin: { email: string; password: string; name: string } | undefined;
  /** Attempts per minute per client IP (RATE_LIMIT_LOGIN, RATE_LIMIT_APPLICATION, …). */
  rateLimits: RateLimits;
  /** An enquiry form sent sooner than this after its page was served is shown again (FORM_MIN_FILL_MS). */
  formMinFillMs: number;
  /** log2 of scrypt's N for new password hashes (PASSWORD_HASH_COST). */
  passwordHashCost: number;
  mail: {
    /** SMTP_URL; without it mails are kept in the outbox, not sent. */
    smtpUrl: string | undefined;
    /** MAIL_FROM; the school's name and contact e-mail when unset. */
    from: string | undefined;
    /** STAFF_EMAIL; the school's contact e-mail when unset. */
    staffEmail: string | undefined;
    retry: RetryPolicy;
  };
  /** Razorpay when all of RAZORPAY_KEY_ID, _KEY_SECRET, _WEBHOOK_SECRET are set; the test gateway otherwise. */
  razorpay: RazorpaySettings | undefined;
  /** ACADEMIC_YEAR_START (YYYY-MM-DD): the applications' age check goes by the child's age on this day. */
  academicYearStart: string;
  /** SHUTDOWN_GRACE_MS: how long in-flight requests may take to finish after SIGTERM. */
  shutdownGraceMs: number;
  /** RETENTION_MONTHS: rejected applications and finished demo requests are anonymised this long after they were sent. */
  retentionMonths: number;
};

/**
 * Reads and validates the environment. Empty values count as unset, so `FOO=` in a shell
 * behaves like leaving FOO out.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(
    Object.keys(envFields.shape).map((key) => [key, source[key] === "" ? undefined : source[key]]),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    const given = raw[variable];
    const shown =
      given === undefined || /SECRET|PASSWORD$|^SMTP_URL$/.test(variable) ? "" : ` (got "${given}")`;
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}${shown}.`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    uploadDir: path.resolve(env.UPLOAD_DIR),
    backupDir: path.resolve(env.BACKUP_DIR),
    jwtSecret: env.JWT_SECRET,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    trustProxy: env.TRUST_PROXY ?? false,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME ?? "Administrator" }
        : undefined,
    rateLimits: Object.fromEntries(
      RATE_LIMIT_NAMES.map((name) => [
        name,
        { ...RATE_LIMITS[name], max: env[rateLimitVariable(name)] ?? RATE_LIMITS[name].max },
      ]),
    ) as RateLimits,
    formMinFillMs: env.FORM_MIN_FILL_MS,
    passwordHashCost: env.PASSWORD_HASH_COST,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      staffEmail: env.STAFF_EMAIL,
      retry: {
        ...DEFAULT_RETRY,
        maxAttempts: env.MAIL_MAX_ATTEMPTS,
        firstRetryMs: env.MAIL_RETRY_SECONDS * 1000,
      },
    },
    razorpay:
      env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
        ? {
            keyId: env.RAZORPAY_KEY_ID,
            keySecret: env.RAZORPAY_KEY_SECRET,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: env.RAZORPAY_API_URL.replace(/\/$/, ""),
          }
        : undefined,
    academicYearStart: env.ACADEMIC_YEAR_START ?? defaultAcademicYearStart(),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    retentionMonths: env.RETENTION_MONTHS,
  };
}

/**
 * Without JWT_SECRET, a random secret is made once and kept in DATA_DIR, so sessions survive
 * restarts and no secret ever lives in the code.
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, "jwt-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(48).toString("base64url");
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
