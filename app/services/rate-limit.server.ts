import { MESSAGES } from "~/domain/messages";
import { tooManyRequests } from "./errors";

/**
 * Every rate limit of the product, in one place: attempts allowed per window, per client IP,
 * shared by the page forms and the /api calls of the same name. These are the defaults; each
 * has an environment variable (RATE_LIMIT_LOGIN, RATE_LIMIT_APPLICATION, …) to change it.
 * A new limit is one line here; config, README and tests pick it up from this table.
 */
export const RATE_LIMITS = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 10, windowMs: 60_000 },
  application: { max: 10, windowMs: 60_000 },
  demo: { max: 10, windowMs: 60_000 },
  enrollment: { max: 10, windowMs: 60_000 },
  passwordReset: { max: 10, windowMs: 60_000 },
  teacher: { max: 10, windowMs: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimits = Record<RateLimitName, { max: number; windowMs: number }>;

export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMITS) as RateLimitName[];

/** The environment variable that tunes a limit: RATE_LIMIT_LOGIN, RATE_LIMIT_APPLICATION… */
export const rateLimitVariable = (name: RateLimitName) =>
  `RATE_LIMIT_${name.toUpperCase() as Uppercase<RateLimitName>}` as const;
export type RateLimitVariable = ReturnType<typeof rateLimitVariable>;

/**
 * A fixed-window counter per (limit, client) held in this process. One process serves the site,
 * so memory is the right store; expired windows are swept so the map cannot grow without bound.
 */
export function createRateLimiter(
  limits: Record<string, { max: number; windowMs: number }> = RATE_LIMITS,
  now = () => Date.now(),
) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + 60_000;

  function sweep(time: number) {
    if (time < nextSweep) return;
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    nextSweep = time + 60_000;
  }

  return {
    /** Counts one attempt; throws a 429 (with Retry-After) once the limit is spent. */
    consume(name: RateLimitName, client: string): void {
      const limit = limits[name];
      if (!limit) return;
      const time = now();
      sweep(time);
      const key = `${name}:${client}`;
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + limit.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit.max) {
        throw tooManyRequests(
          MESSAGES.generic.tooManyRequests,
          Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
        );
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
