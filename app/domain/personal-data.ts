/**
 * A family's own data (issue 20, decision 0037): what an erased or anonymised record keeps in
 * place of its personal fields, and what the download and delete pages say.
 */

/** What replaces a person's name on an anonymised application, demo request or order. */
export const ERASED_NAME = "Erased";
/** What replaces a mobile number: ten digits, so every reader that expects one still works. */
export const ERASED_MOBILE = "0000000000";
/**
 * What replaces an e-mail address: `erased-<record id>@invalid`, unique per record and
 * undeliverable (.invalid is reserved, RFC 2606). The database writes it as prefix || id || suffix.
 */
export const ERASED_EMAIL = { prefix: "erased-", suffix: "@invalid" } as const;

/** Demo requests the retention job anonymises once old enough: the visit is over either way. */
export const FINISHED_DEMO_STATUSES = ["CANCELLED", "COMPLETED"] as const;
/** RETENTION_MONTHS when unset. */
export const DEFAULT_RETENTION_MONTHS = 24;

export const ERASURE_MESSAGES = {
  deleted: "Your account has been deleted. A confirmation has been sent to your e-mail.",
  pendingPayment: (students: string[]) =>
    `You have a payment in progress for ${students.join(", ")}. Please wait until it completes or fails (or contact us) before deleting your account.`,
  adminAccount:
    "An administrator's account cannot be deleted here. Ask another administrator to take over first, or contact the school.",
  passwordRequired: "Please type your password to confirm.",
  serverError: "Your account could not be deleted just now. Nothing was changed; please try again.",
} as const;

/** The file name of a download: zipat-my-data-2026-11-26.json. */
export const dataFileName = (day: Date, extension: "json" | "csv") =>
  `zipat-my-data-${day.toISOString().slice(0, 10)}.${extension}`;
