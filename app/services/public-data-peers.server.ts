/**
 * Keeps every instance's copy of public data true when another instance writes (issue 21): a write
 * made here is announced with PostgreSQL's NOTIFY on one channel, and each instance LISTENs on
 * its own connection and empties the same topics. An instance that lost its listening connection
 * may have missed announcements, so once it is back it empties everything. See
 * docs/decisions/0040-public-data-across-instances.md.
 *
 * Only for PostgreSQL: PGlite serves one process (decision 0034), which has nobody to tell.
 */

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import type { Database } from "../../db/client";
import { PUBLIC_TOPICS, type PublicDataCache } from "./public-data.server";

export const PUBLIC_DATA_CHANNEL = "zipat_public_data";

/** What an announcement carries: who wrote (to skip our own) and what changed. */
const announcement = z.object({
  from: z.string(),
  topics: z.array(z.enum(PUBLIC_TOPICS)),
});

type Logger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};

export type PublicDataPeers = {
  /** This process's name in announcements. */
  readonly instanceId: string;
  /** Resolves once the listening connection is up (the first time). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
};

export function startPublicDataPeers({
  url,
  db,
  publicData,
  logger,
  reconnectDelayMs = 1_000,
  maxReconnectDelayMs = 30_000,
}: {
  url: string;
  /** The pool the writes use: an announcement goes out on it, so it is as reachable as the write was. */
  db: Database;
  publicData: Pick<PublicDataCache, "invalidate" | "onInvalidate">;
  logger: Logger;
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}): PublicDataPeers {
  const instanceId = randomUUID();
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = reconnectDelayMs;
  let everConnected = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const stopAnnouncing = publicData.onInvalidate((topics, origin) => {
    if (origin !== "here" || stopped) return;
    const payload = JSON.stringify({ from: instanceId, topics });
    db.execute(sql`select pg_notify(${PUBLIC_DATA_CHANNEL}, ${payload})`).catch((error: unknown) => {
      // The write's own statement reached the database a moment ago; if this one does not, the
      // others keep their copy until their next reconnect or write. Said loudly, never thrown
      // into the request that wrote.
      logger.warn({ err: error, topics }, "could not announce a write to the other instances");
    });
  });

  function onNotification(message: pg.Notification) {
    if (message.channel !== PUBLIC_DATA_CHANNEL || !message.payload) return;
    let parsed;
    try {
      parsed = announcement.safeParse(JSON.parse(message.payload));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      logger.warn({ payload: message.payload.slice(0, 200) }, "ignored a malformed public-data announcement");
      return;
    }
    if (parsed.data.from === instanceId) return;
    publicData.invalidate(parsed.data.topics, "elsewhere");
  }

  function scheduleReconnect() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, maxReconnectDelayMs);
  }

  async function connect() {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (stopped) return;
      logger.warn({ err: error }, "lost the connection that hears other instances' writes; reconnecting");
      scheduleReconnect();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    next.on("notification", onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_DATA_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = reconnectDelayMs;
    if (everConnected) {
      // Writes announced while we were not listening are unknown: forget every copy.
      publicData.invalidate(PUBLIC_TOPICS, "elsewhere");
      logger.info({}, "listening again for other instances' writes; public data read afresh");
    }
    everConnected = true;
    markReady();
  }

  void connect();

  return {
    instanceId,
    ready,
    async stop() {
      stopped = true;
      stopAnnouncing();
      if (retry) clearTimeout(retry);
      retry = null;
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
