import type { Server } from "node:http";
import type { Logger } from "./logger.server";

/**
 * Stops the way a deploy needs: refuse new connections, let in-flight requests finish (asking
 * keep-alive clients to close), then release the database and exit 0. A hung request cannot
 * hold the process past `timeoutMs`.
 */
export function createGracefulShutdown({
  server,
  logger,
  close,
  timeoutMs = 10_000,
  exit = (code: number) => process.exit(code),
}: {
  server: Server;
  logger: Logger;
  close: () => Promise<void>;
  timeoutMs?: number;
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
