/**
 * The process's copy of what every visitor may read (blog, courses without the viewer's like,
 * contact details, fees), and the one rule that keeps it true: every write through a service
 * empties the topics it changes. See docs/decisions/0017-public-caches-and-the-nonce.md.
 */

import type { Database } from "../../db/client";
import type { ImageStorage } from "./image-storage.server";

/** Entries kept at most; the oldest unused go first (a crawler walking every blog page). */
const MAX_ENTRIES = 2_000;

/**
 * What anyone may read, in the parts a write can change on its own. A stored page or answer
 * names the topics it shows; a write names the topics it changes; only those go stale.
 */
export const PUBLIC_TOPICS = ["blog", "courses", "details", "grades"] as const;
export type PublicTopic = (typeof PUBLIC_TOPICS)[number];

/**
 * A route module's `handle` names the topics its loader shows, so a stored page is dropped only
 * by the writes that change it: `export const handle = { publicData: ["blog"] } satisfies PublicDataHandle`.
 */
export type PublicDataHandle = { publicData: readonly PublicTopic[] };

export type PublicDataCache = ReturnType<typeof createPublicDataCache>;

/**
 * Where a write happened: in this process ("here"), or on another instance that announced it
 * through the database ("elsewhere", app/services/public-data-peers.server.ts). Only writes made
 * here are announced, so an announcement never echoes back and forth.
 */
export type WriteOrigin = "here" | "elsewhere";

/** What the services owning public content with pictures (blog, courses) are built from. */
export type PublicContentDependencies = { db: Database; images: ImageStorage; cache: PublicDataCache };

export function createPublicDataCache({ maxEntries = MAX_ENTRIES }: { maxEntries?: number } = {}) {
  /** Counts writes; `changedAt[topic]` is the count when that topic last changed. */
  let generation = 0;
  const changedAt = new Map<PublicTopic, number>();
  const entries = new Map<string, { topic: PublicTopic; value: Promise<unknown> }>();
  const listeners = new Set<(topics: readonly PublicTopic[], origin: WriteOrigin) => void>();

  return {
    /** Grows with every write, whatever it changed: a point in time to compare with. */
    get generation() {
      return generation;
    },

    /** Whether any of `topics` changed after the moment `since` (a `generation` read earlier). */
    changedSince(since: number, topics: readonly PublicTopic[]): boolean {
      return topics.some((topic) => (changedAt.get(topic) ?? 0) > since);
    },

    /**
     * The value under `key` (part of `topic`), loaded once for all concurrent readers. A load
     * that fails is not kept. A write empties its topic, so a load it overtook still reaches the
     * readers that asked before the write but is never handed to anyone after it.
     */
    read<T>(topic: PublicTopic, key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key);
      if (cached) {
        // Most recently used last, so eviction takes the least recently used.
        entries.delete(key);
        entries.set(key, cached);
        return cached.value as Promise<T>;
      }
      const loading = load();
      const entry = { topic, value: loading };
      entries.set(key, entry);
      loading.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return loading;
    },

    /** After a write: what it may have changed is read afresh, here and by every listener. */
    invalidate(topics: readonly PublicTopic[] = PUBLIC_TOPICS, origin: WriteOrigin = "here") {
      if (topics.length === 0) return;
      generation += 1;
      for (const topic of topics) changedAt.set(topic, generation);
      for (const [key, entry] of entries) if (topics.includes(entry.topic)) entries.delete(key);
      for (const listener of listeners) listener(topics, origin);
    },

    /**
     * Tells `listener` the topics of every write and where it happened (the HTTP store drops its
     * answers on them; the peers announce the writes made here to the other instances).
     */
    onInvalidate(listener: (topics: readonly PublicTopic[], origin: WriteOrigin) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * The service with every method not declared `unchanged` wrapped to mark `topics` changed once
 * it settles (succeeded or failed: a failed write may still have changed something). A method
 * added later is a write until it is declared otherwise, so forgetting costs speed, never truth.
 */
export function invalidatedByWrites<Service extends object>(
  service: Service,
  {
    topics,
    unchanged,
  }: {
    /** What the service's writes can change. */
    topics: readonly PublicTopic[];
    /** Its reads, and the writes that change nothing anyone else may read. */
    unchanged: readonly (keyof Service)[];
  },
  cache: Pick<PublicDataCache, "invalidate">,
): Service {
  const wrapped = { ...service };
  const invalidate = () => cache.invalidate(topics);
  for (const [name, member] of Object.entries(service as Record<string, unknown>)) {
    if (typeof member !== "function" || unchanged.includes(name as keyof Service)) continue;
    (wrapped as Record<string, unknown>)[name] = (...args: unknown[]) => {
      let result: unknown;
      try {
        result = member.apply(service, args);
      } catch (error) {
        invalidate();
        throw error;
      }
      if (result instanceof Promise) return result.finally(invalidate);
      invalidate();
      return result;
    };
  }
  return wrapped;
}

/** Shared by every reader, so nobody may change it in place. */
export function frozen<T>(value: T): T {
  if (typeof value !== "object" || value === null || value instanceof Date || Object.isFrozen(value))
    return value;
  for (const member of Object.values(value)) frozen(member);
  return Object.freeze(value);
}
