import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { RequestContext } from "~/context";
import type { Flash } from "~/domain/flash";
import { languageOfPath } from "~/domain/languages";
import type { SessionUser } from "~/services/auth.server";
import type { RecordOwner } from "~/services/record-kinds/ownership.server";
import { createApiRouter } from "~/api/router.server";
import type { Services } from "~/services/index.server";
import type { Config } from "../config.server";
import type { DatabaseHandle } from "../../db/client";
import { apiDocs } from "./api-docs.server";
import { pageBody } from "./body-limit.server";
import { isDatabaseUnavailable, respondToUnhandledError, RETRY_AFTER_SECONDS } from "./errors.server";
import { createFallbackPage, type SendFallbackPage } from "./fallback-page.server";
import { handleAsync } from "./handle-async.server";
import { suggestionOf } from "./language.server";
import { requestIdOf, requestLogger, storedAnswerLogger, type Logger } from "./logger.server";
import { createPublicAnswers, pendingAnswerOf } from "./public-answers.server";
import { remixHandler } from "./remix-handler.server";
import { PAYMENT_CALLBACK_PATH, sameOriginPosts } from "./same-origin.server";
import {
  apiSecurityHeaders,
  createSecurityHeaders,
  nonceOf,
  pageSecurityHeaders,
} from "./security-headers.server";
import { createSessionCookies, type SessionCookies } from "./session.server";
import { siteIndexRoutes } from "./site-index.server";
import { precompressedAssets } from "./static-assets.server";
import { serveUploads } from "./uploads.server";

type RemixOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** Folder of the browser build (remix.config.js assetsBuildDirectory), served at /build. */
  assetsDir: string;
};

export type AppOptions = {
  config: Pick<Config, "env" | "isProduction" | "publicUrl" | "trustProxy"> &
    Partial<Pick<Config, "whatsapp">>;
  logger: Logger;
  services: Services;
  database: Pick<DatabaseHandle, "pendingMigrations">;
  sessionSecret: string;
  /** Without it only /api, /uploads, /healthz and /readyz are served (API tests need no UI build). */
  remix?: RemixOptions;
  /** Lets the shutdown sequence ask clients to close their keep-alive connections, and /readyz say 503. */
  isShuttingDown?: () => boolean;
};

const READY_TIMEOUT_MS = 2_000;

/** The probes an orchestrator or proxy asks every few seconds: answered fresh, logged only when not OK. */
const PROBE_PATHS = ["/healthz", "/readyz"];

/**
 * Alive: the process serves HTTP. Never asks the database, so an outage does not make an
 * orchestrator restart every instance (decision 0034); `/readyz` says whether to send traffic.
 */
const liveness: RequestHandler = (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
};

/** Ready: not shutting down, the database answers and every committed migration is applied. */
function readiness(
  database: AppOptions["database"],
  isShuttingDown: AppOptions["isShuttingDown"],
): RequestHandler {
  return handleAsync(async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const notReady = (body: Record<string, unknown>) =>
      void res.set("Retry-After", String(RETRY_AFTER_SECONDS)).status(503).json(body);
    if (isShuttingDown?.()) return notReady({ status: "stopping" });
    const timeout = new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error("timeout")), READY_TIMEOUT_MS).unref(),
    );
    let pending: number;
    try {
      pending = await Promise.race([database.pendingMigrations(), timeout]);
    } catch {
      return notReady({ status: "unavailable" });
    }
    if (pending > 0) return notReady({ status: "migrating", pendingMigrations: pending });
    res.json({ status: "ready" });
  });
}

/** What `pageSession` keeps in `res.locals` for the page's load context. */
type PageLocals = { user?: SessionUser | null; owner?: RecordOwner | null; flash?: Flash | null };

/** Reads the `token` cookie for pages; a token that no longer works is cleared, silently. */
function pageSession(services: Services, cookies: SessionCookies): RequestHandler {
  return handleAsync(async (req, res, next) => {
    const token = cookies.readToken(req.headers.cookie);
    const account = token ? await services.auth.session(token) : null;
    if (token && !account) res.append("Set-Cookie", cookies.signOut());
    res.locals.user = account?.user ?? null;
    res.locals.owner = account?.owner ?? null;
    res.locals.flash = await cookies.readFlash(req.headers.cookie);
    next();
  });
}

function loadContext(services: Services, cookies: SessionCookies) {
  return (req: express.Request, res: express.Response): RequestContext => {
    let databaseUnavailable = false;
    const locals = res.locals as PageLocals;
    // A page rendered for somebody (signed in, or with a message for them) is theirs alone,
    // whatever the request looked like to the store's shareability check.
    const publicAnswer = locals.user || locals.flash ? null : (pendingAnswerOf(res) ?? null);
    return {
      services,
      user: locals.user ?? null,
      owner: locals.owner ?? null,
      requestId: requestIdOf(req),
      clientIp: req.ip ?? "unknown",
      language: languageOfPath(req.path),
      suggestHindi: suggestionOf(req) === "hi",
      reportError: (error) => {
        databaseUnavailable ||= isDatabaseUnavailable(error);
        req.log.error({ err: error, reqId: req.id }, "page request failed");
      },
      reportClientError: (status, reason) => {
        req.log.warn({ reqId: req.id, status, reason }, "page request refused");
      },
      databaseUnavailable: () => databaseUnavailable,
      addResponseHeaders: (headers) => void res.set(headers),
      // A page anyone may be shown is rendered with placeholders, filled in per response.
      cspNonce: publicAnswer ? publicAnswer.placeholders.cspNonce : nonceOf(res),
      formStamp: publicAnswer ? publicAnswer.placeholders.formStamp : services.botCheck.issue(),
      publicAnswer,
      session: {
        signIn: cookies.signIn,
        signOut: cookies.signOut,
        end: async () => {
          await services.auth.revoke(cookies.readToken(req.headers.cookie));
          return cookies.signOut();
        },
      },
      flash: {
        message: locals.flash ?? null,
        set: (flash) => cookies.setFlash({ ...flash, id: randomBytes(6).toString("hex") }),
        clear: cookies.clearFlash,
      },
    };
  };
}

function pageErrorHandler(sendPage: SendFallbackPage): ErrorRequestHandler {
  return (error, req, res, _next) => {
    respondToUnhandledError(error, req, res, (status, message) => void sendPage(req, res, status, message));
  };
}

/** The whole HTTP surface of the process, in the order the architecture page gives. */
export function createApp({
  config,
  logger,
  services,
  database,
  sessionSecret,
  remix,
  isShuttingDown,
}: AppOptions) {
  const app = express();
  const cookies = createSessionCookies({ secure: config.isProduction, secret: sessionSecret });
  const sendPage = createFallbackPage(remix?.build);
  const security = createSecurityHeaders({
    production: config.isProduction,
    development: config.env === "development",
    formTargets: services.orders.checkoutOrigin ? [services.orders.checkoutOrigin] : [],
  });
  const publicAnswers = createPublicAnswers({
    publicData: services.publicData,
    security,
    // The bot check's stamp says when this visitor was shown the page, so a stored page gets a new one too.
    newFormStamp: () => services.botCheck.issue(),
  });

  app.disable("x-powered-by");
  // req.ip keys the rate limits: only a proxy the operator named may say who the client is.
  app.set("trust proxy", config.trustProxy);
  // ETags belong to the response cache (public answers only); a private answer gets none.
  app.disable("etag");
  app.set("query parser", "simple");
  app.use(requestLogger(logger, { quietPaths: PROBE_PATHS }));
  if (isShuttingDown) {
    app.use((_req, res, next) => {
      if (isShuttingDown()) res.set("Connection", "close");
      next();
    });
  }
  app.use(pageSecurityHeaders(security));
  app.use(compression());
  app.get("/healthz", liveness);
  app.get("/readyz", readiness(database, isShuttingDown));
  if (remix)
    app.use(
      "/build",
      precompressedAssets(remix.assetsDir),
      express.static(remix.assetsDir, { immutable: true, maxAge: "365d", index: false }),
    );
  app.use("/uploads", serveUploads(services.images));
  // Ahead of the store of public answers: made from the database at each request (decision 0030).
  app.use(siteIndexRoutes(services));
  // The API reference page and its files: plain Express, with their own policy (decision 0039).
  app.use(apiDocs());
  app.use(publicAnswers.mark);
  // Bearer-token JSON for programmatic clients: no cookies, so no CSRF checks; rate limits instead.
  app.use(
    "/api",
    apiSecurityHeaders(security),
    createApiRouter(services, { publicUrl: config.publicUrl, whatsapp: config.whatsapp ?? null }),
  );

  if (remix) {
    const paymentCallback = (path: string) => PAYMENT_CALLBACK_PATH.test(path);
    // Refusals first: they need neither the database nor Remix.
    app.use(
      sameOriginPosts({
        publicUrl: config.publicUrl,
        refuse: sendPage,
        // The gateway's callback: a cross-site post by design, trusted for its signature alone.
        foreignPostAllowed: paymentCallback,
      }),
    );
    app.use(pageSession(services, cookies));
    app.use(pageBody({ refuse: sendPage }));
    app.all(
      "*",
      remixHandler({
        build: remix.build,
        mode: remix.mode,
        getLoadContext: loadContext(services, cookies),
        foreignPostAllowed: paymentCallback,
      }),
    );
  }
  app.use(pageErrorHandler(sendPage));

  // Stored public answers go out before Express sees the request; while the server shuts down
  // every request takes the full path, which tells clients to close their connections.
  const log = storedAnswerLogger(logger);
  return (req: IncomingMessage, res: ServerResponse) => {
    if (isShuttingDown?.() || !publicAnswers.serve(req, res, log)) app(req, res);
  };
}
