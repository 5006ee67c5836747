/**
 * The privacy notice's version and the consent texts the four forms show (issue 20, decision
 * 0036). The notice itself is the /privacy page (app/routes/($lang)._site.privacy.tsx); each form posts
 * the version it showed as `noticeVersion`, and the stored record keeps it with the consent time.
 * The consent box is in the home page's JavaScript: keep these short, and plain strings (a
 * template literal would stay in the bundle even where it is not used).
 */

/** The notice's version: the day it took effect. Change it whenever the notice's content changes. */
export const PRIVACY_NOTICE_VERSION = "2026-11-26";

/** Where the notice is. */
export const PRIVACY_NOTICE_PATH = "/privacy";

/** What the box says before the link ("… the privacy notice describes."), on every form. */
export const CONSENT_LABEL = "I agree to the school using these details as the";
/** What the box says first on a form about a child (application, demo, enrollment). */
export const CHILD_CONSENT_PREFIX = "I am this child's parent or guardian. ";

/** The server's answers about the version (next to the box on a page, in the API's `errors`). */
export const NOTICE_VERSION_MESSAGES = {
  missing:
    "Please send noticeVersion: the version of the privacy notice that was agreed to (the one /privacy shows).",
  changed: "The privacy notice has changed; please read it and confirm again.",
} as const;
