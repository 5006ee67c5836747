import type { Server } from "node:http";
import type { Logger } from "./logger.server";

/**
 * Stops the way a deploy needs: refuse new connections, let in-flight requests finish (asking
 * keep-alive clients to close, and closing idle ones so a proxy opens its next connection to
 * another instance), then stop the background jobs and release the database (`close`) and exit
 * 0. Meanwhile `/readyz` answers 503, so a proxy still holding a connection stops sending. A
 * hung request cannot hold the process past `timeoutMs` (SHUTDOWN_GRACE_MS).
 */
export function createGracefulShutdown({
  server,
  logger,
  close,
  timeoutMs,
  exit = (code: number) => process.exit(code),
}: {
  server: Server;
  logger: Logger;
  close: () => Promise<void>;
  timeoutMs: number;
  exit?: (code: number) => void;
}) {
  let stopping = false;

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const forced = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, timeoutMs);
    forced.unref();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    clearInterval(idleSweep);
    clearTimeout(forced);
    let code = 0;
    try {
      await close();
    } catch (error) {
      logger.error({ err: error }, "error while closing the database");
      code = 1;
    }
    logger.info("stopped");
    logger.flush?.();
    exit(code);
  }

  return {
    isShuttingDown: () => stopping,
    shutdown,
    listen() {
      process.once("SIGTERM", () => void shutdown("SIGTERM"));
      process.once("SIGINT", () => void shutdown("SIGINT"));
    },
  };
}
