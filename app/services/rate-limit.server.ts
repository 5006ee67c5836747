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
   * The upsert that counts an attempt at one limit, prepared once (every limited request runs it:
   * PostgreSQL then plans it once per connection, decision 0044). Its text differs only by whose
   * clock it reads, which the name says.
   */
  const statements = new Map<string, ReturnType<typeof prepareCount>>();
  function prepareCount(limit: { max: number; windowMs: number }) {
    const time = clock();
    const ended = sql`${rateLimitWindows.resetAt} <= ${time}`;
    return db
      .insert(rateLimitWindows)
      .values({
        key: sql.placeholder("key"),
        count: 1,
        resetAt: sql`${time} + ${limit.windowMs}::double precision * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          // Capped one past the limit: the answer is the same, and the integer cannot overflow.
          count: sql`case when ${ended} then 1 else least(${rateLimitWindows.count} + 1, ${limit.max + 1}::int) end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
        },
      })
      .returning({
        count: rateLimitWindows.count,
        retryAfter:
          sql<number>`greatest(1, ceil(extract(epoch from ${rateLimitWindows.resetAt} - ${time})))::int`.mapWith(
            Number,
          ),
      })
      .prepare(`rate_limit_attempt_${now ? "given_clock" : "database_clock"}`);
  }
  function countAttempt(name: string, limit: { max: number; windowMs: number }) {
    // With an injected clock the time is a value fixed when the statement is built: built anew.
    if (now) return prepareCount(limit);
    let statement = statements.get(name);
    if (!statement) {
      statement = prepareCount(limit);
      statements.set(name, statement);
    }
    return statement;
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
      const [window] = await countAttempt(name, limit).execute({ key: `${name}:${client}`.slice(0, 200) });
      if (window && window.count > limit.max) {
        throw tooManyRequests(MESSAGES.generic.tooManyRequests, window.retryAfter);
      }
    },
    sweep,
  };
}
