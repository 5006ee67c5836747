import type { Flash } from "./domain/flash";
import type { Language } from "./domain/languages";
import type { PendingAnswer } from "./server/public-answers.server";
import type { SessionUser } from "./services/auth.server";
import type { Services } from "./services/index.server";
import type { RecordOwner } from "./services/record-kinds/ownership.server";

/**
 * What server.ts hands every loader and action. Routes reach data only through `services`;
 * cookies are written only through `session` and `flash`, so their settings live in one place.
 */
export type RequestContext = {
  services: Services;
  user: SessionUser | null;
  /** The signed-in account as the family records' ownership rule needs it (read with the session); null when signed out. */
  owner: RecordOwner | null;
  requestId: string;
  clientIp: string;
  /** The page's language, from its address (decision 0047): what its texts, and a record it stores, are in. */
  language: Language;
  /**
   * Whether this English page suggests its Hindi one: the browser prefers Hindi and the visitor
   * never chose a language with the switch. Never a redirect.
   */
  suggestHindi: boolean;
  /** Logs an unexpected error with this request's id (never shown to the visitor). */
  reportError(error: unknown): void;
  /** Logs a request Remix refused as the client's mistake (a 4xx) as a warning, with its reason. */
  reportClientError(status: number, reason: string): void;
  /** Whether an error reported for this request was the database being unreachable (→ 503). */
  databaseUnavailable(): boolean;
  /**
   * Adds headers to this request's page answer, whatever route renders it (Remix sends an
   * action's own headers only through the leaf route's `headers` export): a refused form's
   * `Retry-After`, for one.
   */
  addResponseHeaders(headers: Record<string, string>): void;
  /** This request's nonce for inline scripts: the one its Content-Security-Policy header names. */
  cspNonce: string;
  /** The bot check's signed "form shown at" stamp for this response (see BotCheck). */
  formStamp: string;
  /**
   * Set when anyone may be shown this answer: the page is then rendered with placeholders for
   * `cspNonce` and `formStamp`, and kept for the next visitors (see public-answers.server.ts).
   */
  publicAnswer: PendingAnswer | null;
  session: {
    /** Set-Cookie value that signs the browser in with this token. */
    signIn(token: string): string;
    /** Set-Cookie value that signs the browser out. */
    signOut(): string;
    /** Logout: ends this request's session for good (its token is revoked) and signs the browser out. */
    end(): Promise<string>;
  };
  flash: {
    message: Flash | null;
    set(flash: Flash): Promise<string>;
    clear(): Promise<string>;
  };
};

declare module "@remix-run/server-runtime" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
