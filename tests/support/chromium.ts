import { existsSync } from "node:fs";

/**
 * The browsers the tests and `npm run lighthouse` start. Its own module, free of vitest, so that
 * bench scripts run by tsx can import it (tests/support/browser.ts registers vitest hooks).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The tests' browser: Debian's `chromium-headless-shell` when installed (what Playwright itself runs
 * headless), the same Blink and V8 release as `chromium` without the desktop browser around them.
 * Measured quiet, one file: admin 127 -> 101, admin-content 172 -> 155 core-seconds. Lighthouse
 * keeps the full browser, as visitors run it.
 */
const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
/** Debian's Chromium, headless, with nothing that reaches beyond this machine (Lighthouse too). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
