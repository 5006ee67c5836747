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
