import { sql } from "drizzle-orm";
import { MESSAGES } from "~/domain/messages";
import { RATE_LIMITS, type RateLimitName } from "~/domain/rate-limits";
import type { Database } from "../../db/client";
import { rateLimitWindows } from "../../db/schema";
import { tooManyRequests } from "./errors";

/** How often one instance deletes the windows that have ended (they are never read again). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * A fixed-window counter per (limit, client) kept in the database (`rate_limit_windows`), so
 * every instance of the site spends one budget: ten logins spread over three instances are still
 * ten (decision 0033). Each attempt is one atomic upsert; the database's clock decides when a
 * window starts and ends, since instances' clocks may differ. `now` replaces that clock (tests
 * move it by hand). Ended windows are deleted in the background, at most once a minute.
 */
export function createRateLimiter({
  db,
  limits = RATE_LIMITS,
  now,
}: {
  db: Database;
  limits?: Partial<Record<string, { max: number; windowMs: number }>>;
  now?: () => number;
}) {
  const clock = () => (now ? sql`${new Date(now()).toISOString()}::timestamptz` : sql`now()`);
  // The process clock only paces the sweeps of this instance; which rows have ended is the
  // database's (or the injected) clock's call.
  let nextSweep = Date.now() + SWEEP_EVERY_MS;

  /** Deletes the windows that have ended; answers how many. */
  async function sweep(): Promise<number> {
    const deleted = await db
      .delete(rateLimitWindows)
      .where(sql`${rateLimitWindows.resetAt} <= ${clock()}`)
      .returning({ key: rateLimitWindows.key });
    return deleted.length;
  }

  function sweepNowAndThen() {
    const time = Date.now();
    if (time < nextSweep) return;
    nextSweep = time + SWEEP_EVERY_MS;
    // Never awaited: a request does not wait for housekeeping. A failed sweep (the database
    // down) loses nothing; the next one deletes the same rows.
    sweep().catch(() => {});
  }

  /**
   * The upsert that counts attempts at one limit, prepared once (every limited request runs it:
   * PostgreSQL then plans it once per connection, decision 0044). It takes a batch: each client's
   * key with the number of its attempts, and answers each key's count after them. Its text differs
   * only by whose clock it reads, which the name says.
   *
   * The count is capped at the limit plus the attempts just made: the integer cannot overflow, and
   * the count before the batch is still the answer minus the attempts whenever any of them could
   * pass (before it, at most the limit), so each attempt's own place in the window is known.
   */
  const statements = new Map<string, ReturnType<typeof prepareCount>>();
  function prepareCount(limit: { max: number; windowMs: number }) {
    const time = clock();
    const ended = sql`${rateLimitWindows.resetAt} <= ${time}`;
    return db
      .insert(rateLimitWindows)
      .select(
        sql`select attempt.key, attempt.made,
                   ${time} + ${limit.windowMs}::double precision * interval '1 millisecond'
            from unnest(${sql.placeholder("keys")}::text[], ${sql.placeholder("made")}::int[])
              as attempt(key, made)`,
      )
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          count: sql`case when ${ended} then excluded.count
                          else least(${rateLimitWindows.count} + excluded.count, ${limit.max}::int + excluded.count) end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
        },
      })
      .returning({
        key: rateLimitWindows.key,
        count: rateLimitWindows.count,
        retryAfter:
          sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitWindows.resetAt} - ${time})))::int`.mapWith(
            Number,
          ),
      })
      .prepare(`rate_limit_attempts_${now ? "given_clock" : "database_clock"}`);
  }
  function countAttempts(name: string, limit: { max: number; windowMs: number }) {
    // With an injected clock the time is a value fixed when the statement is built: built anew.
    if (now) return prepareCount(limit);
    let statement = statements.get(name);
    if (!statement) {
      statement = prepareCount(limit);
      statements.set(name, statement);
    }
    return statement;
  }

  /**
   * Attempts waiting for their count, per limit. Every attempt made while the event loop handles
   * one round of network events is counted by one statement when the round ends (setImmediate):
   * under load one round brings several requests, and each statement costs a round trip and a
   * socket write (docs/performance.md, "Attempts counted together"). Nothing is answered before
   * its attempt is counted in the database, so every instance still spends one budget.
   */
  type Attempt = { key: string; passed: () => void; refused: (error: unknown) => void };
  const waiting = new Map<RateLimitName, Attempt[]>();

  async function countWaiting(name: RateLimitName, limit: { max: number; windowMs: number }) {
    const attempts = waiting.get(name) ?? [];
    waiting.delete(name);
    const made = new Map<string, number>();
    for (const { key } of attempts) made.set(key, (made.get(key) ?? 0) + 1);
    try {
      const windows = await countAttempts(name, limit).execute({
        keys: [...made.keys()],
        made: [...made.values()],
      });
      const after = new Map(windows.map((window) => [window.key, window]));
      /** How many attempts of each key went before in this batch. */
      const seen = new Map<string, number>();
      for (const attempt of attempts) {
        const window = after.get(attempt.key)!;
        const place = window.count - made.get(attempt.key)! + (seen.get(attempt.key) ?? 0) + 1;
        seen.set(attempt.key, (seen.get(attempt.key) ?? 0) + 1);
        if (place <= limit.max) attempt.passed();
        else attempt.refused(tooManyRequests(MESSAGES.generic.tooManyRequests, window.retryAfter));
      }
    } catch (error) {
      for (const attempt of attempts) attempt.refused(error);
    }
  }

  return {
    /**
     * Counts one attempt; rejects with a 429 (with Retry-After) once the limit is spent. Refused
     * attempts count too. While the database is unreachable it rejects with the database's error,
     * which the site answers with a 503: every limited action needs the database anyway.
     */
    async consume(name: RateLimitName, client: string): Promise<void> {
      const limit = limits[name];
      if (!limit) return;
      sweepNowAndThen();
      const key = `${name}:${client}`.slice(0, 200);
      return new Promise<void>((passed, refused) => {
        const attempts = waiting.get(name);
        if (attempts) attempts.push({ key, passed, refused });
        else {
          waiting.set(name, [{ key, passed, refused }]);
          setImmediate(() => void countWaiting(name, limit));
        }
      });
    },
    sweep,
  };
}
