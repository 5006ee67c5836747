import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { defaultAcademicYearStart } from "~/domain/age-check";
import { DEFAULT_FORM_MIN_FILL_MS } from "~/domain/bot-check";
import { LIMITS } from "~/domain/limits";
import { DEFAULT_RETENTION_MONTHS } from "~/domain/personal-data";
import {
  RATE_LIMIT_NAMES,
  RATE_LIMITS,
  rateLimitVariable,
  type RateLimits,
  type RateLimitVariable,
} from "~/domain/rate-limits";
import {
  DEFAULT_PASSWORD_HASH_COST,
  DEFAULT_RETRY,
  DEFAULT_UPDATES_PER_SECOND,
  MSG91_API_URL,
  PASSWORD_HASH_COST_RANGE,
  RAZORPAY_API_URL,
  WHATSAPP_API_URL,
  type Msg91Config,
  type RazorpaySettings,
  type RetryPolicy,
  type WhatsAppConfig,
} from "~/domain/settings";
import {
  MSG91_TEMPLATE_VARIABLES,
  SHORT_LINK_CODE_LENGTH,
  SHORT_LINK_PATH,
  shortLinkText,
  SMS_VARIABLE_MAX,
  type SmsKind,
} from "~/domain/updates";

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

const SMS_KINDS = Object.keys(MSG91_TEMPLATE_VARIABLES) as SmsKind[];
const MSG91_ENGLISH_TEMPLATES = SMS_KINDS.map((kind) => MSG91_TEMPLATE_VARIABLES[kind]);
const MSG91_HINDI_TEMPLATES = MSG91_ENGLISH_TEMPLATES.map((name) => `${name}_HI` as const);

/** A template id as MSG91's panel shows it (24 hex digits today); only a typing slip is refused. */
const msg91TemplateId = z
  .string()
  .trim()
  .regex(/^[\w-]{6,64}$/, "must be a template id from MSG91's panel (letters and digits, as shown there)")
  .optional();
const msg91TemplateFields = Object.fromEntries(
  [...MSG91_ENGLISH_TEMPLATES, ...MSG91_HINDI_TEMPLATES].map((name) => [name, msg91TemplateId]),
) as Record<
  (typeof MSG91_ENGLISH_TEMPLATES)[number] | `${(typeof MSG91_ENGLISH_TEMPLATES)[number]}_HI`,
  typeof msg91TemplateId
>;

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
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, "must be the phone number ID from WhatsApp Manager (digits, not the phone number)")
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z
    .string()
    .trim()
    .min(
      20,
      "must be a WhatsApp Cloud API access token (a system user's token from Meta's Business settings)",
    )
    .optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .trim()
    .min(16, "must be the Meta app's secret (App settings, Basic), the key of the webhooks' signatures")
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .trim()
    .min(8, "must be the verify token typed into the webhook's settings in Meta's app (8 characters or more)")
    .optional(),
  WHATSAPP_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default(WHATSAPP_API_URL),
  MSG91_AUTH_KEY: z.string().trim().min(10, "must be the auth key from MSG91's panel").optional(),
  MSG91_SENDER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{6}$/, "must be the six-letter DLT sender ID (header) the SMS come from, such as ZIPATS")
    .optional(),
  ...msg91TemplateFields,
  MSG91_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .default(MSG91_API_URL),
  UPDATES_PER_SECOND: z.coerce
    .number({ error: "must be a number of messages per second above 0 (such as 10, or 0.5)" })
    .positive("must be a number of messages per second above 0 (such as 10, or 0.5)")
    .max(1000, "must be at most 1000 messages per second")
    .default(DEFAULT_UPDATES_PER_SECOND),
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

type EnvName = keyof z.infer<typeof envFields>;

const RAZORPAY_SETTINGS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;
const WHATSAPP_SETTINGS = [
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;
const MSG91_SETTINGS = ["MSG91_AUTH_KEY", "MSG91_SENDER_ID", ...MSG91_ENGLISH_TEMPLATES] as const;

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");

/**
 * Settings that work only together: when some of `required` (or of `alsoCounts`, optional
 * extras of the same service) are set, the first missing one is the issue, and its one line names
 * every missing one and what is set. `rule` says what to set instead.
 */
function allOrNone(
  env: Partial<Record<EnvName, unknown>>,
  ctx: z.RefinementCtx,
  required: readonly EnvName[],
  rule: string,
  alsoCounts: readonly EnvName[] = [],
) {
  const given = [...required, ...alsoCounts].filter((name) => env[name] !== undefined);
  const [first, ...others] = required.filter((name) => env[name] === undefined);
  if (given.length === 0 || first === undefined) return;
  const what = given.length > 3 ? `${given[0]} and ${given.length - 1} more of them` : listed(given);
  ctx.addIssue({
    code: "custom",
    path: [first],
    message: `must be set${others.length > 0 ? `, and so must ${listed(others)},` : ""} when ${what} ${given.length > 1 ? "are" : "is"} set (${rule})`,
  });
}

const envSchema = envFields.superRefine((env, ctx) => {
  // All three or none: a gateway that can take money but not verify what Razorpay says about it
  // (or the other way round) must not start.
  allOrNone(
    env,
    ctx,
    RAZORPAY_SETTINGS,
    `set all of ${RAZORPAY_SETTINGS.join(", ")}, or none for the test gateway`,
  );
  // WhatsApp that can send but not verify its webhooks (or answer Meta's subscription check) would
  // never learn a message was delivered, failed, or that a family wrote STOP.
  allOrNone(
    env,
    ctx,
    WHATSAPP_SETTINGS,
    `set all of ${WHATSAPP_SETTINGS.join(", ")}, or none to send no WhatsApp`,
  );
  // SMS needs a registered template for every kind it may send; a Hindi one alone sends nothing.
  allOrNone(
    env,
    ctx,
    MSG91_SETTINGS,
    "set MSG91_AUTH_KEY, MSG91_SENDER_ID and every English MSG91_TEMPLATE_*, or none to send no SMS",
    MSG91_HINDI_TEMPLATES,
  );
  // An SMS's link is a short link on the site's own host, and DLT caps a variable at 30 letters.
  if (
    env.MSG91_AUTH_KEY &&
    env.PUBLIC_URL &&
    !shortLinkText(env.PUBLIC_URL, "x".repeat(SHORT_LINK_CODE_LENGTH))
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["PUBLIC_URL"],
      message: `has a host too long for the SMS updates' links: DLT allows ${SMS_VARIABLE_MAX} letters in a variable, so the host may have at most ${SMS_VARIABLE_MAX - SHORT_LINK_PATH.length - SHORT_LINK_CODE_LENGTH}`,
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
  /** WhatsApp Cloud API when all of WHATSAPP_PHONE_NUMBER_ID, _ACCESS_TOKEN, _APP_SECRET, _VERIFY_TOKEN are set. */
  whatsapp: WhatsAppConfig | null;
  /** MSG91 when MSG91_AUTH_KEY, MSG91_SENDER_ID and every English MSG91_TEMPLATE_* are set. */
  sms: Msg91Config | null;
  /** UPDATES_PER_SECOND: WhatsApp and SMS updates sent per second, all instances together. */
  updatesPerSecond: number;
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
      given === undefined || /SECRET|PASSWORD$|TOKEN$|AUTH_KEY$|^SMTP_URL$/.test(variable)
        ? ""
        : ` (got "${given}")`;
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
    whatsapp:
      env.WHATSAPP_PHONE_NUMBER_ID &&
      env.WHATSAPP_ACCESS_TOKEN &&
      env.WHATSAPP_APP_SECRET &&
      env.WHATSAPP_VERIFY_TOKEN
        ? {
            apiUrl: env.WHATSAPP_API_URL.replace(/\/$/, ""),
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: env.WHATSAPP_ACCESS_TOKEN,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
          }
        : null,
    sms:
      env.MSG91_AUTH_KEY && env.MSG91_SENDER_ID
        ? {
            apiUrl: env.MSG91_API_URL.replace(/\/$/, ""),
            authKey: env.MSG91_AUTH_KEY,
            senderId: env.MSG91_SENDER_ID.toUpperCase(),
            templates: msg91Templates(env),
          }
        : null,
    updatesPerSecond: env.UPDATES_PER_SECOND,
    academicYearStart: env.ACADEMIC_YEAR_START ?? defaultAcademicYearStart(),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    retentionMonths: env.RETENTION_MONTHS,
  };
}

/** Each kind's MSG91 template ids; the refinement above made sure every English one is there. */
function msg91Templates(env: z.infer<typeof envFields>): Msg91Config["templates"] {
  const templates: Msg91Config["templates"] = {};
  for (const kind of SMS_KINDS) {
    const variable = MSG91_TEMPLATE_VARIABLES[kind];
    const en = env[variable];
    const hi = env[`${variable}_HI`];
    if (en) templates[kind] = hi ? { en, hi } : { en };
  }
  return templates;
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
