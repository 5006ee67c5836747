import { MESSAGES } from "~/domain/messages";

/**
 * The errors services raise. Route modules are bundled separately from the services, so the
 * class is recognised by a global brand rather than by `instanceof`.
 */
const APP_ERROR = Symbol.for("zipat.app-error");

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly [APP_ERROR] = true;
  override name = "AppError";

  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** What went wrong underneath (logged, never shown). */
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function isAppError(error: unknown): error is AppError {
  return (
    typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[APP_ERROR] === true
  );
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);
export const payloadTooLarge = (message: string, errors?: FieldErrors) => new AppError(413, message, errors);
export const unsupportedMediaType = (message: string, errors?: FieldErrors) =>
  new AppError(415, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { "Retry-After": String(retryAfterSeconds) });

/**
 * "No such record" per kind, for the services and the places that parse ids from URLs. Server
 * only: the pages show the message the 404 carries, so no browser bundle needs these.
 */
export const NOT_FOUND = {
  course: MESSAGES.courses.notFound,
  application: "Application not found.",
  demo: "Demo request not found.",
  mail: "Mail not found.",
  grade: "No such grade. Grades run from Nursery to Grade 8.",
  offer: "Offer not found.",
} as const;
