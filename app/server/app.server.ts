import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { RequestContext } from "~/context";
import { createApiRouter } from "~/api/router.server";
import { IMAGE_MIME_BY_EXTENSION } from "~/services/image-storage.server";
import type { Services } from "~/services/index.server";
import type { Config } from "../config.server";
import type { DatabaseHandle } from "../../db/client";
import { respondToServerError } from "./errors.server";
import { requestLogger, type Logger } from "./logger.server";
import { createSessionCookies, type SessionCookies } from "./session.server";

export type RemixOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** Folder of the browser build (remix.config.js assetsBuildDirectory), served at /build. */
  assetsDir: string;
};

export type AppOptions = {
  config: Pick<Config, "isProduction" | "uploadDir">;
  logger: Logger;
  services: Services;
  database: Pick<DatabaseHandle, "ping">;
  sessionSecret: string;
  /** Without it only /api, /uploads and /healthz are served (API tests need no UI build). */
  remix?: RemixOptions;
  /** Lets the shutdown sequence ask clients to close their keep-alive connections. */
  isShuttingDown?: () => boolean;
};

const HEALTH_TIMEOUT_MS = 2_000;

function healthCheck(database: AppOptions["database"]): RequestHandler {
  return async (_req, res) => {
    res.set("Cache-Control", "no-store");
    const timeout = new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error("timeout")), HEALTH_TIMEOUT_MS).unref(),
    );
    try {
      await Promise.race([database.ping(), timeout]);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  };
}

/** Uploads are served as the image type their name says, and never as anything runnable. */
function serveUploads(uploadDir: string) {
  return express.static(uploadDir, {
    index: false,
    fallthrough: true,
    immutable: true,
    maxAge: "365d",
    setHeaders(res, filePath) {
      const mime = IMAGE_MIME_BY_EXTENSION[path.extname(filePath).slice(1)];
      res.setHeader("Content-Type", mime ?? "application/octet-stream");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      if (!mime) res.setHeader("Content-Disposition", "attachment");
    },
  });
}

/** Reads the `token` cookie for pages; a token that no longer works is cleared, silently. */
function pageSession(services: Services, cookies: SessionCookies): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = cookies.readToken(req.headers.cookie);
      const user = token ? await services.auth.authenticate(token) : null;
      if (token && !user) res.append("Set-Cookie", cookies.signOut());
      res.locals.user = user;
      res.locals.flash = await cookies.readFlash(req.headers.cookie);
      next();
    } catch (error) {
      next(error);
    }
  };
}

function loadContext(services: Services, cookies: SessionCookies) {
  return (req: express.Request, res: express.Response): RequestContext => ({
    services,
    user: res.locals.user ?? null,
    requestId: String(req.id),
    clientIp: req.ip ?? "unknown",
    reportError: (error) => req.log.error({ err: error, reqId: req.id }, "page request failed"),
    cspNonce: randomBytes(16).toString("base64"),
    session: { signIn: cookies.signIn, signOut: cookies.signOut },
    flash: {
      message: res.locals.flash ?? null,
      set: (flash) => cookies.setFlash({ ...flash, id: randomBytes(6).toString("hex") }),
      clear: cookies.clearFlash,
    },
  });
}

const pageErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  respondToServerError(error, req, res, (status, message) =>
    res
      .status(status)
      .type("html")
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status === 503 ? "Temporarily unavailable" : "Something went wrong"}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${status === 503 ? "We'll be right back" : "Something went wrong"}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></body></html>`,
      ),
  );
};

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

  app.disable("x-powered-by");
  app.set("query parser", "simple");
  app.use(requestLogger(logger));
  if (isShuttingDown) {
    app.use((_req, res, next) => {
      if (isShuttingDown()) res.set("Connection", "close");
      next();
    });
  }
  app.use(compression());
  app.get("/healthz", healthCheck(database));
  if (remix)
    app.use("/build", express.static(remix.assetsDir, { immutable: true, maxAge: "365d", index: false }));
  app.use("/uploads", serveUploads(config.uploadDir));
  app.use("/api", createApiRouter(services));

  if (remix) {
    app.use(pageSession(services, cookies));
    app.all(
      "*",
      createRequestHandler({
        build: remix.build,
        mode: remix.mode,
        getLoadContext: loadContext(services, cookies),
      }),
    );
  }
  app.use(pageErrorHandler);
  return app;
}
