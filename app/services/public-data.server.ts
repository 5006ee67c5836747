/**
 * The process's copy of what every visitor may read (blog, courses without the viewer's like,
 * contact details, fees), and the one rule that keeps it true: every write through a service
 * empties it. See docs/decisions/0017-public-caches-and-the-nonce.md.
 */

import type { Database } from "../../db/client";
import type { ImageStorage } from "./image-storage.server";

/** Entries kept at most; the oldest unused go first (a crawler walking every blog page). */
const MAX_ENTRIES = 2_000;

export type PublicDataCache = ReturnType<typeof createPublicDataCache>;

/** What the services owning public content with pictures (blog, courses) are built from. */
export type PublicContentDependencies = { db: Database; images: ImageStorage; cache: PublicDataCache };

export function createPublicDataCache({ maxEntries = MAX_ENTRIES }: { maxEntries?: number } = {}) {
  let generation = 0;
  const entries = new Map<string, Promise<unknown>>();

  return {
    /** Changes on every write; a copy made under an older generation is never served. */
    get generation() {
      return generation;
    },

    /**
     * The value under `key`, loaded once for all concurrent readers. A load that fails is not
     * kept. A write empties the map, so a load it overtook still reaches the readers that asked
     * before the write but is never handed to anyone after it.
     */
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key) as Promise<T> | undefined;
      if (cached) {
        // Most recently used last, so eviction takes the least recently used.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      const loading = load();
      entries.set(key, loading);
      loading.catch(() => {
        if (entries.get(key) === loading) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return loading;
    },

    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}

/**
 * The service with every method that is not a declared read wrapped to empty the cache once it
 * settles (succeeded or failed: a failed write may still have changed something). A method
 * added later is a write until it is declared a read, so forgetting costs speed, never truth.
 */
export function invalidatedByWrites<Service extends object>(
  service: Service,
  reads: readonly (keyof Service)[],
  cache: Pick<PublicDataCache, "invalidate">,
): Service {
  const wrapped = { ...service };
  for (const [name, member] of Object.entries(service as Record<string, unknown>)) {
    if (typeof member !== "function" || reads.includes(name as keyof Service)) continue;
    (wrapped as Record<string, unknown>)[name] = (...args: unknown[]) => {
      let result: unknown;
      try {
        result = member.apply(service, args);
      } catch (error) {
        cache.invalidate();
        throw error;
      }
      if (result instanceof Promise) return result.finally(() => cache.invalidate());
      cache.invalidate();
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
