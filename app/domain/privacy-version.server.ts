/**
 * The notice's version for server code that renders the notice (the /privacy page's loader).
 * A `.server` module is left out of the browser's bundles, so the page does not import
 * app/domain/privacy.ts itself: that module then stays in the one chunk the consent box's forms
 * share, not a chunk of its own on the home page (tests/e2e/budget.test.ts).
 */
export { PRIVACY_NOTICE_VERSION } from "./privacy";
