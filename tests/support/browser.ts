import { mkdir } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect } from "vitest";
import { callApi } from "./app";
import { PROJECT_ROOT, type RunningServer } from "./server";

export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, "tests", ".screenshots");
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

/** Debian's Chromium, headless, with nothing that reaches beyond this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export type Mode = { javaScript: boolean; label: "JS off" | "JS on" };
/** Every journey runs twice: as a cheap phone with scripts off would see it, and with them. */
export const MODES: Mode[] = [
  { javaScript: false, label: "JS off" },
  { javaScript: true, label: "JS on" },
];

export async function openPage(
  browser: Browser,
  server: RunningServer,
  { javaScript, viewport = DESKTOP }: { javaScript: boolean; viewport?: { width: number; height: number } },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: server.url,
    javaScriptEnabled: javaScript,
    viewport,
    reducedMotion: "reduce",
  });
  if (!javaScript) scriptless.add(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Signs the browser in as the given account through the API (the login page has its own tests). */
export async function signIn(
  context: BrowserContext,
  server: RunningServer,
  credentials: { email: string; password: string },
) {
  const answer = await callApi(server.url, "/auth/login", { json: credentials });
  expect(answer.status).toBe(200);
  await context.addCookies([
    { name: "token", value: answer.body.token, url: server.url, httpOnly: true, sameSite: "Lax" },
  ]);
  return answer.body.token as string;
}

/** Registers a fresh USER through the API and answers its credentials. */
export async function registerUser(server: RunningServer, name = "Meera Iyer") {
  const credentials = {
    name,
    email: `parent-${Math.random().toString(16).slice(2, 10)}@example.com`,
    password: "parent-password-1",
  };
  const answer = await callApi(server.url, "/auth/register", { json: credentials });
  expect(answer.status).toBe(201);
  return credentials;
}

const scriptless = new WeakSet<BrowserContext>();

/**
 * axe needs script to run, and a page opened without JavaScript has none. So its exact HTML is
 * audited in a probe page that runs axe but blocks the site's own scripts: the same document a
 * visitor without JavaScript gets.
 */
async function auditablePage(page: Page): Promise<{ target: Page; done(): Promise<void> }> {
  if (!scriptless.has(page.context())) return { target: page, done: async () => {} };
  const html = await page.content();
  const url = page.url();
  const probeContext = await page
    .context()
    .browser()!
    .newContext({ viewport: page.viewportSize() ?? DESKTOP });
  const probe = await probeContext.newPage();
  await probe.route("**/*", (route) => {
    const request = route.request();
    if (request.url() === url && request.resourceType() === "document")
      return route.fulfill({ status: 200, contentType: "text/html", body: html });
    if (request.resourceType() === "script") return route.abort();
    return route.continue();
  });
  await probe.goto(url);
  return { target: probe, done: () => probeContext.close() };
}

/** axe-core on the current page: no serious or critical WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page) {
  const { target, done } = await auditablePage(page);
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  await done();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** Full-page screenshots at phone and desktop width into tests/.screenshots (ignored by git). */
export async function captureWidths(page: Page, name: string) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}
