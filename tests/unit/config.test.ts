import { mkdtemp, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, resolveJwtSecret } from "~/config.server";
import { RATE_LIMITS } from "~/domain/rate-limits";
import { MSG91_TEMPLATE_VARIABLES } from "~/domain/updates";

const configError = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected the configuration to be refused");
};

const perMinute = (max: number) => ({ max, windowMs: 60_000 });

describe("configuration", () => {
  it("has working defaults for `npm start` with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      dataDir: path.resolve("data"),
      uploadDir: path.resolve("uploads"),
      jwtSecret: undefined,
      publicUrl: "http://localhost:3000",
      admin: undefined,
      rateLimits: RATE_LIMITS,
      formMinFillMs: 1_500,
    });
  });

  it("lets the operator tune every rate limit", () => {
    expect(
      loadConfig({
        RATE_LIMIT_LOGIN: "30",
        RATE_LIMIT_REGISTER: "5",
        RATE_LIMIT_APPLICATION: "20",
        RATE_LIMIT_DEMO: "7",
        RATE_LIMIT_ENROLLMENT: "3",
        RATE_LIMIT_TEACHER: "4",
      }).rateLimits,
    ).toEqual({
      // The limit left alone keeps its default; the tuned ones count their attempts per minute.
      ...RATE_LIMITS,
      login: perMinute(30),
      register: perMinute(5),
      application: perMinute(20),
      demo: perMinute(7),
      enrollment: perMinute(3),
      teacher: perMinute(4),
    });
    expect(configError({ RATE_LIMIT_LOGIN: "0" })).toBe(
      'Invalid configuration: RATE_LIMIT_LOGIN must be a whole number of attempts per minute, 1 or more (got "0").',
    );
    expect(configError({ RATE_LIMIT_DEMO: "many" })).toBe(
      'Invalid configuration: RATE_LIMIT_DEMO must be a whole number of attempts per minute, 1 or more (got "many").',
    );
  });

  it("lets the operator tune the minimum fill time of public forms, 0 turning it off", () => {
    expect(loadConfig({ FORM_MIN_FILL_MS: "3000" }).formMinFillMs).toBe(3_000);
    expect(loadConfig({ FORM_MIN_FILL_MS: "0" }).formMinFillMs).toBe(0);
    expect(loadConfig({ FORM_MIN_FILL_MS: "" }).formMinFillMs).toBe(1_500);
    expect(configError({ FORM_MIN_FILL_MS: "-1" })).toBe(
      'Invalid configuration: FORM_MIN_FILL_MS must be a whole number of milliseconds, 0 or more (got "-1").',
    );
    expect(configError({ FORM_MIN_FILL_MS: "1.5s" })).toBe(
      'Invalid configuration: FORM_MIN_FILL_MS must be a whole number of milliseconds, 0 or more (got "1.5s").',
    );
  });

  it("hashes passwords at scrypt N=2^15 unless PASSWORD_HASH_COST says otherwise, within 2^10 to 2^20", () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: "10" }).passwordHashCost).toBe(10);
    expect(configError({ PASSWORD_HASH_COST: "9" })).toBe(
      'Invalid configuration: PASSWORD_HASH_COST must be a whole number from 10 to 20 (log2 of scrypt\'s N; 15 unless for tests) (got "9").',
    );
    expect(configError({ PASSWORD_HASH_COST: "cheap" })).toContain(
      "PASSWORD_HASH_COST must be a whole number from 10 to 20",
    );
  });

  it("trusts no proxy unless told, and then only the proxies named", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.0.2.4" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
      "192.0.2.4",
    ]);
    const rule =
      "must be a number of proxies in front of the server (1 to 10) or a comma-separated list of their addresses or subnets (loopback, linklocal, uniquelocal, 10.0.0.0/8, ...)";
    // "true" would let every client choose its own address, and so its own rate-limit bucket.
    for (const value of ["true", "0", "11", "10.0.0.0/33", "proxy.internal", "10.0.0.1,", "1.5"])
      expect(configError({ TRUST_PROXY: value })).toBe(
        `Invalid configuration: TRUST_PROXY ${rule} (got "${value}").`,
      );
  });

  it("reads every variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://school:pw@db.internal:5432/zipat",
      DATA_DIR: "/var/lib/zipat",
      UPLOAD_DIR: "/var/lib/zipat/uploads",
      JWT_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://zipat.school/",
      TRUST_PROXY: "1",
      ADMIN_EMAIL: "head@zipat.school",
      ADMIN_PASSWORD: "a-long-password",
      ADMIN_NAME: "Head Teacher",
    });
    expect(config).toMatchObject({
      env: "production",
      isProduction: true,
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgres://school:pw@db.internal:5432/zipat",
      dataDir: "/var/lib/zipat",
      uploadDir: "/var/lib/zipat/uploads",
      jwtSecret: "x".repeat(40),
      publicUrl: "https://zipat.school",
      trustProxy: 1,
      admin: { email: "head@zipat.school", password: "a-long-password", name: "Head Teacher" },
    });
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "", JWT_SECRET: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc").'],
    [
      { PORT: "70000" },
      'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "70000").',
    ],
    [{ PORT: "3.5" }, 'Invalid configuration: PORT must be a whole number between 0 and 65535 (got "3.5").'],
    [
      { NODE_ENV: "staging" },
      'Invalid configuration: NODE_ENV must be one of "development", "production" or "test" (got "staging").',
    ],
    [
      { DATABASE_URL: "mysql://x" },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL (got "mysql://x").',
    ],
    [
      { PUBLIC_URL: "zipat.school" },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "zipat.school").',
    ],
    [
      { LOG_LEVEL: "loud" },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent (got "loud").',
    ],
    [
      { ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "long-enough" },
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address (got "not-an-email").',
    ],
  ])("refuses %j with one clear line", (env, message) => {
    expect(configError(env)).toBe(message);
  });

  it("never echoes secrets in its messages", () => {
    expect(configError({ JWT_SECRET: "short" })).toBe(
      "Invalid configuration: JWT_SECRET must be at least 32 characters long (use a long random string).",
    );
    expect(configError({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" })).toBe(
      "Invalid configuration: ADMIN_PASSWORD must be at least 8 characters long.",
    );
  });

  it("reads the mail settings: SMTP_URL (its password never echoed), MAIL_FROM, STAFF_EMAIL, retries", () => {
    expect(loadConfig({}).mail).toMatchObject({
      smtpUrl: undefined,
      from: undefined,
      staffEmail: undefined,
      retry: { maxAttempts: 8, firstRetryMs: 30_000 },
    });
    expect(
      loadConfig({
        SMTP_URL: "smtps://mailer:s3cret@smtp.example.com:465",
        MAIL_FROM: "Zipat Admissions <admissions@zipat.school>",
        STAFF_EMAIL: "office@zipat.school",
        MAIL_MAX_ATTEMPTS: "3",
        MAIL_RETRY_SECONDS: "5",
      }).mail,
    ).toMatchObject({
      smtpUrl: "smtps://mailer:s3cret@smtp.example.com:465",
      from: "Zipat Admissions <admissions@zipat.school>",
      staffEmail: "office@zipat.school",
      retry: { maxAttempts: 3, firstRetryMs: 5_000 },
    });
    expect(loadConfig({ MAIL_FROM: "office@zipat.school" }).mail.from).toBe("office@zipat.school");
    expect(configError({ SMTP_URL: "http://user:s3cret@smtp.example.com" })).toBe(
      "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587).",
    );
    expect(configError({ MAIL_FROM: "Zipat\nBcc: x@y.z <office@zipat.school>" })).toBe(
      'Invalid configuration: MAIL_FROM must be an e-mail address or "Name <address>" (got "Zipat\nBcc: x@y.z <office@zipat.school>").',
    );
    expect(configError({ STAFF_EMAIL: "office" })).toBe(
      'Invalid configuration: STAFF_EMAIL must be an e-mail address (got "office").',
    );
    expect(configError({ MAIL_MAX_ATTEMPTS: "0" })).toContain("MAIL_MAX_ATTEMPTS must be a whole number");
  });

  it("needs ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(configError({ ADMIN_EMAIL: "a@b.co" })).toBe(
      "Invalid configuration: ADMIN_PASSWORD must be set when ADMIN_EMAIL is set.",
    );
    expect(configError({ ADMIN_PASSWORD: "long-enough" })).toBe(
      "Invalid configuration: ADMIN_EMAIL must be set when ADMIN_PASSWORD is set.",
    );
  });

  it("names every missing Razorpay setting in its one line", () => {
    expect(configError({ RAZORPAY_KEY_ID: "rzp_test_abc123" })).toBe(
      "Invalid configuration: RAZORPAY_KEY_SECRET must be set, and so must RAZORPAY_WEBHOOK_SECRET, when RAZORPAY_KEY_ID is set (set all of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, or none for the test gateway).",
    );
  });

  describe("WhatsApp and SMS updates (issue 39)", () => {
    const WHATSAPP = {
      WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
      WHATSAPP_ACCESS_TOKEN: "EAAGm0PX4ZCpsBAtest-access-token-0001",
      WHATSAPP_APP_SECRET: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      WHATSAPP_VERIFY_TOKEN: "zipat-verify-0001",
    };
    /** Every English template id, each its own: "tpl_application_received" and so on. */
    const ENGLISH_TEMPLATES = Object.fromEntries(
      Object.values(MSG91_TEMPLATE_VARIABLES).map((name) => [
        name,
        name.replace("MSG91_TEMPLATE_", "tpl_").toLowerCase(),
      ]),
    );
    const AUTH_KEY = "412345AbCdEfGh0123456789";
    const SMS: Record<string, string> = {
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_SENDER_ID: "zipats",
      ...ENGLISH_TEMPLATES,
    };

    it("sends neither without settings, at 20 updates a second", () => {
      expect(loadConfig({})).toMatchObject({ whatsapp: null, sms: null, updatesPerSecond: 20 });
    });

    it("reads WhatsApp's four settings, against graph.facebook.com v21.0 unless WHATSAPP_API_URL says", () => {
      expect(loadConfig(WHATSAPP).whatsapp).toEqual({
        apiUrl: "https://graph.facebook.com/v21.0",
        phoneNumberId: "106540352242922",
        accessToken: "EAAGm0PX4ZCpsBAtest-access-token-0001",
        appSecret: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        verifyToken: "zipat-verify-0001",
      });
      expect(
        loadConfig({ ...WHATSAPP, WHATSAPP_API_URL: "http://127.0.0.1:4020/v21.0/" }).whatsapp?.apiUrl,
      ).toBe("http://127.0.0.1:4020/v21.0");
    });

    it("needs all four WhatsApp settings or none, naming what is missing", () => {
      expect(
        configError({
          WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.WHATSAPP_PHONE_NUMBER_ID,
          WHATSAPP_ACCESS_TOKEN: WHATSAPP.WHATSAPP_ACCESS_TOKEN,
        }),
      ).toBe(
        "Invalid configuration: WHATSAPP_APP_SECRET must be set, and so must WHATSAPP_VERIFY_TOKEN, when WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN are set (set all of WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, or none to send no WhatsApp).",
      );
      expect(configError({ ...WHATSAPP, WHATSAPP_VERIFY_TOKEN: "" })).toBe(
        "Invalid configuration: WHATSAPP_VERIFY_TOKEN must be set when WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN and WHATSAPP_APP_SECRET are set (set all of WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, or none to send no WhatsApp).",
      );
    });

    it("refuses a malformed WhatsApp setting, never echoing a token or secret", () => {
      expect(configError({ ...WHATSAPP, WHATSAPP_PHONE_NUMBER_ID: "+91 98765 43210" })).toBe(
        'Invalid configuration: WHATSAPP_PHONE_NUMBER_ID must be the phone number ID from WhatsApp Manager (digits, not the phone number) (got "+91 98765 43210").',
      );
      expect(configError({ ...WHATSAPP, WHATSAPP_ACCESS_TOKEN: "EAAshort" })).toBe(
        "Invalid configuration: WHATSAPP_ACCESS_TOKEN must be a WhatsApp Cloud API access token (a system user's token from Meta's Business settings).",
      );
      expect(configError({ ...WHATSAPP, WHATSAPP_APP_SECRET: "short" })).toBe(
        "Invalid configuration: WHATSAPP_APP_SECRET must be the Meta app's secret (App settings, Basic), the key of the webhooks' signatures.",
      );
      expect(configError({ ...WHATSAPP, WHATSAPP_VERIFY_TOKEN: "short" })).toBe(
        "Invalid configuration: WHATSAPP_VERIFY_TOKEN must be the verify token typed into the webhook's settings in Meta's app (8 characters or more).",
      );
      expect(configError({ ...WHATSAPP, WHATSAPP_API_URL: "graph.facebook.com" })).toBe(
        'Invalid configuration: WHATSAPP_API_URL must be an http:// or https:// URL (got "graph.facebook.com").',
      );
    });

    it("reads MSG91's key, sender and template ids, a Hindi id where one is set", () => {
      const sms = loadConfig({
        ...SMS,
        MSG91_TEMPLATE_SEAT_OFFERED_HI: "tpl_seat_offered_hi",
        MSG91_API_URL: "http://127.0.0.1:4030/",
      }).sms;
      expect(sms).toEqual({
        apiUrl: "http://127.0.0.1:4030",
        authKey: "412345AbCdEfGh0123456789",
        senderId: "ZIPATS",
        templates: {
          applicationReceived: { en: "tpl_application_received" },
          applicationStatusChanged: { en: "tpl_application_status" },
          demoReceived: { en: "tpl_demo_received" },
          demoConfirmed: { en: "tpl_demo_confirmed" },
          offerMade: { en: "tpl_seat_offered", hi: "tpl_seat_offered_hi" },
          offerLapsing: { en: "tpl_offer_lapsing" },
          paymentReceived: { en: "tpl_payment_received" },
          paymentFailed: { en: "tpl_payment_failed" },
        },
      });
      expect(loadConfig(SMS).sms?.apiUrl).toBe("https://control.msg91.com");
    });

    it("needs MSG91's key, sender and every English template id, or none, naming what is missing", () => {
      const {
        MSG91_TEMPLATE_DEMO_CONFIRMED: _demo,
        MSG91_TEMPLATE_PAYMENT_FAILED: _payment,
        ...someTemplates
      } = SMS;
      expect(configError(someTemplates)).toBe(
        "Invalid configuration: MSG91_TEMPLATE_DEMO_CONFIRMED must be set, and so must MSG91_TEMPLATE_PAYMENT_FAILED, when MSG91_AUTH_KEY and 7 more of them are set (set MSG91_AUTH_KEY, MSG91_SENDER_ID and every English MSG91_TEMPLATE_*, or none to send no SMS).",
      );
      expect(configError({ MSG91_AUTH_KEY: AUTH_KEY })).toContain(
        "Invalid configuration: MSG91_SENDER_ID must be set, and so must MSG91_TEMPLATE_APPLICATION_RECEIVED, MSG91_TEMPLATE_APPLICATION_STATUS,",
      );
      // A Hindi template alone sends nothing: it says so rather than being ignored.
      expect(configError({ MSG91_TEMPLATE_OFFER_LAPSING_HI: "tpl_offer_lapsing_hi" })).toMatch(
        /^Invalid configuration: MSG91_AUTH_KEY must be set, and so must MSG91_SENDER_ID, .* when MSG91_TEMPLATE_OFFER_LAPSING_HI is set \(/,
      );
    });

    it("with SMS on, refuses a PUBLIC_URL whose host leaves no room for a short link in 30 letters", () => {
      // "https://zipat.in/l/" and a ten-letter code is 29: the scheme stays.
      expect(loadConfig({ ...SMS, PUBLIC_URL: "https://zipat.in" }).sms).not.toBeNull();
      // Seventeen letters of host still fit without the scheme.
      expect(loadConfig({ ...SMS, PUBLIC_URL: "https://school.zipat.in" }).sms).not.toBeNull();
      expect(configError({ ...SMS, PUBLIC_URL: "https://admissions.zipat-school.in" })).toBe(
        'Invalid configuration: PUBLIC_URL has a host too long for the SMS updates\' links: DLT allows 30 letters in a variable, so the host may have at most 17 (got "https://admissions.zipat-school.in").',
      );
      // Without SMS the host may be anything.
      expect(loadConfig({ PUBLIC_URL: "https://admissions.zipat-school.in" }).publicUrl).toBe(
        "https://admissions.zipat-school.in",
      );
    });

    it("refuses a malformed MSG91 setting, never echoing the auth key", () => {
      expect(configError({ ...SMS, MSG91_AUTH_KEY: "short" })).toBe(
        "Invalid configuration: MSG91_AUTH_KEY must be the auth key from MSG91's panel.",
      );
      expect(configError({ ...SMS, MSG91_SENDER_ID: "ZIP-AT" })).toBe(
        'Invalid configuration: MSG91_SENDER_ID must be the six-letter DLT sender ID (header) the SMS come from, such as ZIPATS (got "ZIP-AT").',
      );
      expect(configError({ ...SMS, MSG91_TEMPLATE_DEMO_RECEIVED: "two words" })).toBe(
        'Invalid configuration: MSG91_TEMPLATE_DEMO_RECEIVED must be a template id from MSG91\'s panel (letters and digits, as shown there) (got "two words").',
      );
    });

    it("takes UPDATES_PER_SECOND above 0, fractions included", () => {
      expect(loadConfig({ UPDATES_PER_SECOND: "25" }).updatesPerSecond).toBe(25);
      expect(loadConfig({ UPDATES_PER_SECOND: "0.5" }).updatesPerSecond).toBe(0.5);
      for (const value of ["0", "-3", "fast"])
        expect(configError({ UPDATES_PER_SECOND: value })).toBe(
          `Invalid configuration: UPDATES_PER_SECOND must be a number of messages per second above 0 (such as 10, or 0.5) (got "${value}").`,
        );
    });
  });

  it("generates a JWT secret once, keeps it private in DATA_DIR and reuses it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "zipat-config-"));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveJwtSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(config)).toBe(first);
    const file = path.join(dataDir, "jwt-secret");
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "y".repeat(32) }))).toBe(
      "y".repeat(32),
    );
  });
});
