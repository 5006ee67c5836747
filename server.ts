import { existsSync, statSync, watch } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import { ConfigError, loadConfig, resolveJwtSecret } from "./app/config.server";
import { createApp } from "./app/server/app.server";
import { createGracefulShutdown } from "./app/server/lifecycle.server";
import { createLogger } from "./app/server/logger.server";
import { createImageStorage } from "./app/services/image-storage.server";
import { createServices } from "./app/services/index.server";
import { createSmtpSender } from "./app/services/mail/smtp.server";
import { startMailWorker } from "./app/services/mail/worker.server";
import { SCHOOL } from "./app/domain/brand";
import { DEFAULT_PASSWORD_HASH_COST } from "./app/domain/settings";
import { startOfferJob } from "./app/services/offers.server";
import { startFollowUpDigestJob } from "./app/services/follow-ups.server";
import { createMsg91Client } from "./app/services/updates/msg91.server";
import { createWhatsAppClient } from "./app/services/updates/whatsapp.server";
import { startUpdatesWorker } from "./app/services/updates/worker.server";
import { startPaymentReconciler } from "./app/services/payments/reconciler.server";
import { startDerivedChangesPrune } from "./app/services/derived-figures.server";
import { startRetentionJob } from "./app/services/retention.server";
import { startPublicDataPeers } from "./app/services/public-data-peers.server";
import { createRazorpayGateway } from "./app/services/payments/razorpay.server";
import { DataDirInUseError, openDatabase } from "./db/client";
import { prepareDatabase } from "./app/services/seed.server";

const BUILD_DIR = path.resolve("build");
const SERVER_BUILD = path.join(BUILD_DIR, "server", "index.js");
const ASSETS_DIR = path.join(BUILD_DIR, "client");

async function importBuild(): Promise<ServerBuild> {
  // The query defeats the module cache so a rebuilt bundle is picked up in development.
  const url = `${pathToFileURL(SERVER_BUILD).href}?t=${statSync(SERVER_BUILD).mtimeMs}`;
  return import(url) as Promise<ServerBuild>;
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  installGlobals({ nativeFetch: true });
  const logger = createLogger(config.logLevel);

  if (!existsSync(SERVER_BUILD)) {
    console.error(
      "No build found at build/server/index.js. Run `npm run build` first (npm start does it for you).",
    );
    process.exit(1);
  }

  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  await database.migrate();
  const jwtSecret = resolveJwtSecret(config);
  const images = createImageStorage(database.db);
  const imported = await images.importFolder(config.uploadDir);
  if (imported > 0)
    logger.info(
      `Copied ${imported} images stored by an earlier version from ${config.uploadDir} into the database.`,
    );
  const services = createServices({
    db: database.db,
    images,
    jwtSecret,
    rateLimits: config.rateLimits,
    formMinFillMs: config.formMinFillMs,
    passwordHashCost: config.passwordHashCost,
    publicUrl: config.publicUrl,
    academicYearStart: config.academicYearStart,
    retentionMonths: config.retentionMonths,
    gateway: config.razorpay ? createRazorpayGateway(config.razorpay) : undefined,
    mail: {
      staffEmail: config.mail.staffEmail,
      retry: config.mail.retry,
      delivering: Boolean(config.mail.smtpUrl),
    },
    updates: {
      channels: {
        whatsapp: config.whatsapp ? createWhatsAppClient(config.whatsapp) : null,
        sms: config.sms ? createMsg91Client(config.sms) : null,
      },
      perSecond: config.updatesPerSecond,
    },
  });
  const seed = await prepareDatabase({ db: database.db, images, auth: services.auth, admin: config.admin });

  const development = config.env === "development";
  let build = await importBuild();
  const app = createApp({
    config,
    logger,
    services,
    database,
    sessionSecret: jwtSecret,
    remix: {
      build: development ? async () => build : build,
      mode: development ? "development" : "production",
      assetsDir: ASSETS_DIR,
    },
    isShuttingDown: () => lifecycle.isShuttingDown(),
  });

  const mailWorker = config.mail.smtpUrl
    ? startMailWorker({
        outbox: services.mail,
        sender: createSmtpSender(config.mail.smtpUrl),
        from: async () =>
          config.mail.from ?? { name: SCHOOL.fullName, address: (await services.details.get()).email },
        logger,
      })
    : null;

  const reconciler = config.razorpay ? startPaymentReconciler({ orders: services.orders, logger }) : null;
  // Every instance runs it; each batch is claimed with SKIP LOCKED (decision 0037).
  const retention = startRetentionJob({ retention: services.retention, logger });
  // Lapsed offers expire and freed seats go to the waitlist within a minute, on any instance.
  const offerJob = startOfferJob({ offers: services.offers, logger });
  // The morning mail of follow-ups due: every instance tries, the day's row lets one send it.
  const followUpDigest = startFollowUpDigestJob({ followUps: services.followUps, logger });
  // The kept figures' change notes, thinned on every instance (decision 0056).
  const derivedPrune = startDerivedChangesPrune({ db: database.db, logger });
  // WhatsApp and SMS updates, on every instance when a channel is configured (issue 39).
  const updatesWorker =
    config.whatsapp || config.sms ? startUpdatesWorker({ outbox: services.updates, logger }) : null;

  // Other instances' writes empty this one's copies of public data (PGlite serves one process).
  const peers = config.databaseUrl
    ? startPublicDataPeers({
        url: config.databaseUrl,
        db: database.db,
        publicData: services.publicData,
        logger,
      })
    : null;

  const server = createServer(app);
  const lifecycle = createGracefulShutdown({
    server,
    logger,
    close: async () => {
      await Promise.all([
        mailWorker?.stop(),
        reconciler?.stop(),
        peers?.stop(),
        retention.stop(),
        offerJob.stop(),
        followUpDigest.stop(),
        derivedPrune.stop(),
        updatesWorker?.stop(),
      ]);
      await database.close();
    },
    timeoutMs: config.shutdownGraceMs,
  });
  lifecycle.listen();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(
    `Zipat is running at http://localhost:${port} (${database.driver === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL"})`,
  );
  if (services.orders.simulatedPayments) {
    console.log(
      "Payments are simulated: no payment gateway is connected, so every enrollment is marked paid without taking money. Set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments.",
    );
  } else if (config.razorpay) {
    console.log(
      `Payments go through Razorpay at ${config.razorpay.apiUrl} (key ${config.razorpay.keyId}); webhooks are received at ${config.publicUrl}/api/payments/razorpay/webhook.`,
    );
  }
  console.log(
    config.whatsapp
      ? `WhatsApp updates go through ${config.whatsapp.apiUrl} (number id ${config.whatsapp.phoneNumberId}); webhooks are received at ${config.publicUrl}/api/messages/whatsapp/webhook.`
      : "WhatsApp updates are off: set WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN to send them.",
  );
  console.log(
    config.sms
      ? `SMS updates go through MSG91 at ${config.sms.apiUrl} (sender ${config.sms.senderId}).`
      : "SMS updates are off: set MSG91_AUTH_KEY, MSG91_SENDER_ID and every MSG91_TEMPLATE_* to send them.",
  );
  if (!mailWorker) {
    console.log(
      "Mail is not sent: SMTP_URL is not set. Every mail is kept in the outbox and shown at /admin/mail; set SMTP_URL to deliver them.",
    );
  }
  if (config.passwordHashCost < DEFAULT_PASSWORD_HASH_COST) {
    console.log(
      `Passwords are hashed at PASSWORD_HASH_COST=${config.passwordHashCost}, below the default ${DEFAULT_PASSWORD_HASH_COST}: cheaper to guess, meant for test servers only.`,
    );
  }
  if (seed.demoAdmin) {
    console.log(`Demo content created. Demo admin: ${seed.demoAdmin.email} / ${seed.demoAdmin.password}`);
    console.log(
      "This password is shown once. Set another with: npm run create-admin -- --email admin@zipat.school",
    );
  }

  if (development) {
    // `remix dev` rebuilds into build/; swap the bundle in and tell the browser to reload. Started
    // on its own (`tsx server.ts`, no REMIX_DEV_ORIGIN) there is no dev server to tell.
    const announce = (ready: ServerBuild) => {
      if (!process.env.REMIX_DEV_ORIGIN) return;
      broadcastDevReady(ready).catch((error) => logger.warn({ err: error }, "could not reach remix dev"));
    };
    announce(build);
    const reload = async () => {
      try {
        build = await importBuild();
        announce(build);
      } catch (error) {
        logger.warn({ err: error }, "could not load the rebuilt bundle");
      }
    };
    // fs.watch ignores a listener's promise; reload handles its own errors.
    watch(path.dirname(SERVER_BUILD), { persistent: false }, () => void reload());
  }
}

main().catch((error) => {
  // The operator's mistake gets one line; anything else its stack, for a fix.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
