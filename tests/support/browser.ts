import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page, type Route } from "playwright-core";
import { expect } from "vitest";
import { callApi } from "./app";
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from "./chromium";
import { joinJourney } from "./journey";
import { PROJECT_ROOT, type RunningServer } from "./server";

const SCREENSHOT_DIR = path.join(PROJECT_ROOT, "tests", ".screenshots");
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export function launchBrowser(): Promise<Browser> {
  // Tests only (Lighthouse measures the browser as shipped): the compositor in the browser process
  // instead of a GPU process of its own, one process and its messages fewer for every frame
  // (admin-content file: 211 -> 196 core-seconds).
  return chromium.launch({
    executablePath: TEST_CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, "--in-process-gpu"],
  });
}

/**
 * Closes every context of the browser, kept ones included (a test file's end, when the browser
 * goes on to the worker's next file: tests/support/site-and-browser.ts).
 */
export async function closeContextsOf(browser: Browser) {
  idlePages.delete(browser);
  await Promise.all(browser.contexts().map((context) => context.close().catch(() => undefined)));
}

export type Mode = { javaScript: boolean; label: "JS off" | "JS on" };
/** Every journey runs twice: as a cheap phone with scripts off would see it, and with them. */
export const MODES: Mode[] = [
  { javaScript: false, label: "JS off" },
  { javaScript: true, label: "JS on" },
];

/** A browser context with its one page, kept between tests of a file (see openPage). */
type KeptPage = { context: BrowserContext; page: Page; javaScript: boolean; baseURL: string };
const idlePages = new WeakMap<Browser, KeptPage[]>();

/**
 * A page in a context of its own, signed out, at `viewport`. A context handed back by a passed
 * test (tests/support/journey.ts) is reused, reset first: opening a page costs Chromium 1.4
 * core-seconds more than a navigation in a kept one (a renderer process started and torn down;
 * docs/testing.md), and most journeys open one or two. A failed or stopped test's contexts are
 * closed instead, never reused.
 *
 * Reset means: no cookies, site storage, HTTP cache, permissions, routes, listeners or other
 * pages; reduced motion again; the page on about:blank. What no public call can undo, a clock
 * installed with `page.clock` or a script added with `addInitScript`, the test undoes by closing
 * its context itself (`await context.close()`): a closed context is never reused.
 */
export async function openPage(
  browser: Browser,
  server: RunningServer,
  { javaScript, viewport = DESKTOP }: { javaScript: boolean; viewport?: { width: number; height: number } },
): Promise<{ context: BrowserContext; page: Page }> {
  const idle = idlePages.get(browser) ?? [];
  idlePages.set(browser, idle);
  const index = idle.findIndex(
    (kept) => kept.javaScript === javaScript && kept.baseURL === server.url && !kept.page.isClosed(),
  );
  const [reused] = index >= 0 ? idle.splice(index, 1) : [];
  const kept = reused ?? (await newKeptPage(browser, server, javaScript, viewport));
  const { context, page } = kept;
  await page.setViewportSize(viewport);
  joinJourney(context, () => keepForReuse(idle, kept));
  return { context, page };
}

async function newKeptPage(
  browser: Browser,
  server: RunningServer,
  javaScript: boolean,
  viewport: { width: number; height: number },
): Promise<KeptPage> {
  const context = await browser.newContext({
    baseURL: server.url,
    javaScriptEnabled: javaScript,
    viewport,
    reducedMotion: "reduce",
  });
  if (!javaScript) scriptless.add(context);
  // A scriptless context's audit page (probeFor) closes with it.
  context.once("close", () => {
    // With the browser closing too, the probe may be gone already.
    void probes
      .get(context)
      ?.then((probe) => probe.page.context().close())
      .catch(() => undefined);
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, javaScript, baseURL: server.url };
}

const TEST_CONTEXT_EVENTS = [
  "backgroundpage",
  "console",
  "dialog",
  "page",
  "request",
  "requestfailed",
  "requestfinished",
  "response",
  "serviceworker",
  "weberror",
] as const;

/** Resets a passed journey's context (see openPage) and keeps it idle; closes it if that fails. */
async function keepForReuse(idle: KeptPage[], kept: KeptPage) {
  const { context, page } = kept;
  try {
    // Not "close": Playwright's own close() waits on it.
    for (const event of TEST_CONTEXT_EVENTS) context.removeAllListeners(event);
    page.removeAllListeners();
    await Promise.all(
      context
        .pages()
        .filter((other) => other !== page)
        .map((other) => other.close()),
    );
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("about:blank");
    await context.clearCookies();
    await context.clearPermissions();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Network.clearBrowserCache");
    await devtools.send("Storage.clearDataForOrigin", {
      origin: new URL(kept.baseURL).origin,
      storageTypes: "all",
    });
    await devtools.detach();
    idle.push(kept);
  } catch {
    await context.close().catch(() => undefined);
  }
}

/** A slow connection: the page shows at once, its scripts arrive `delayMs` later. */
export async function delayScripts(page: Page, delayMs = 1_500) {
  await page.route("**/build/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

/**
 * Resolves once React has hydrated the page and run the effects of that first render, as the
 * page says with `<html data-hydrated>` (app/entry.client.tsx): for tests of behaviour that only
 * exists with JavaScript (a focus trap, a select that saves on change).
 */
export async function untilHydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Edits the fields of the page's next form post to `pathname` on its way out, as a hand-made
 * post would send them. Editing the DOM instead races with React: any later render (a late
 * route-discovery answer is enough) writes the component's own value back into the field.
 */
export async function tamperNextPost(page: Page, pathname: string, edit: (fields: URLSearchParams) => void) {
  // With JavaScript, Remix's single fetch posts to the route's data URL.
  const dataPath = pathname === "/" ? "/_root.data" : `${pathname}.data`;
  const isTarget = (url: URL) => url.pathname === pathname || url.pathname === dataPath;
  const handler = async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    const fields = new URLSearchParams(request.postData() ?? "");
    edit(fields);
    await route.continue({ postData: fields.toString() });
    await page.unroute(isTarget, handler);
  };
  await page.route(isTarget, handler);
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

/** The page that audits a scriptless context's documents, and the document it serves next. */
type Probe = { page: Page; document: { url: string; html: string } | undefined; routed: string | undefined };
/**
 * One probe page per scriptless context, closed with it: opening a page costs Chromium over a
 * core-second on a 2-core machine (a renderer process), so all audits of its journeys share one.
 */
const probes = new WeakMap<BrowserContext, Promise<Probe>>();

function probeFor(context: BrowserContext): Promise<Probe> {
  let probe = probes.get(context);
  if (!probe) {
    probe = (async () => {
      // Kept with the visited context across its journeys, and closed with it (openPage).
      const created = await context.browser()!.newContext();
      created.once("close", () => probes.delete(context));
      return { page: await created.newPage(), document: undefined, routed: undefined };
    })();
    probes.set(context, probe);
  }
  return probe;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * axe needs script to run, and a page opened without JavaScript has none. So its exact HTML is
 * audited in a probe page that runs axe but none of the site's scripts: the same document a
 * visitor without JavaScript gets, served by the test under a policy that lets no script of its
 * own run (axe is put in through the browser's debugging protocol, which no policy stops). Only
 * the document is intercepted; its styles, fonts and images load as they would for the visitor.
 */
async function auditablePage(page: Page): Promise<Page> {
  if (!scriptless.has(page.context())) return page;
  const probe = await probeFor(page.context());
  const url = page.url();
  probe.document = { url, html: await page.content() };
  if (probe.routed !== url) {
    if (probe.routed) await probe.page.unrouteAll();
    await probe.page.route(new RegExp(`^${escapeRegExp(url)}$`), (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html",
        headers: { "content-security-policy": "script-src 'none'" },
        body: probe.document!.html,
      }),
    );
    probe.routed = url;
  }
  await probe.page.setViewportSize(page.viewportSize() ?? DESKTOP);
  await probe.page.goto(url);
  return probe.page;
}

/**
 * axe-core on the current page: no serious or critical WCAG 2.1 A/AA violation. `AXE=off` skips
 * it while working on something else (CI always audits): at 1.5 to 4.6 s of Chromium CPU per call
 * (the first audit of a document compiles axe's 0.5 MB anew) it is about a quarter of an admin
 * journey's time on two cores. A page state already audited in this file is not audited again.
 */
export async function expectAccessible(page: Page) {
  if (process.env.AXE === "off") return;
  const target = await auditablePage(page);
  // A toast fading in is half transparent until its animation ends: on a busy machine axe read
  // its text mid-fade as too faint (a colour-contrast "violation" that no visitor sees once it
  // has appeared). Finite animations are let finish first; endless ones (none today) are not waited for.
  await expect
    .poll(() =>
      target.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === "running" &&
                Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)),
            ).length,
      ),
    )
    .toBe(0);
  const state = await auditedState(target);
  let serious = audited.get(state);
  if (serious === undefined) {
    serious = await seriousViolations(target);
    audited.set(state, serious);
  }
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

type Violation = { id: string; help: string; targets: string[] };

/**
 * What axe saw, by page state, for this file's journeys: the JS-on run of a journey mostly
 * reaches the very documents its JS-off run audited, and an audit is a pure function of the
 * document, its styles and the viewport. Kept per worker: the browser files a worker runs share
 * this module (vitest.config.ts) and one build, so a state audited by one file holds for the next.
 */
const audited = new Map<string, Violation[]>();

/**
 * A page's state as axe sees it: the viewport and the document, without what differs between two
 * responses of the same page and that no rule reads (script elements, nonces, the forms' one-time
 * stamps, the hydration marker). What was typed or ticked is a property, not in the markup: it
 * counts too.
 */
async function auditedState(target: Page): Promise<string> {
  const state = await target.evaluate(() => {
    // A document rendered in the browser after a client-side navigation differs from the server's
    // in ways no rule reads: attribute order, React's comment markers and split text, and the ids
    // useId gives (":R5dj5:" on the server, ":r0:" in the browser), numbered here as they appear.
    const generatedIds = new Map<string, string>();
    const canonicalIds = (value: string) =>
      value.replace(/:[rR][0-9a-zA-Z]*:/g, (id) => {
        if (!generatedIds.has(id)) generatedIds.set(id, `:id${generatedIds.size}:`);
        return generatedIds.get(id)!;
      });
    const skipped = (element: Element) =>
      element.localName === "script" ||
      (element.localName === "link" && element.getAttribute("rel")?.startsWith("modulepreload"));
    const ignoredAttribute = (element: Element, name: string) =>
      name === "nonce" ||
      name === "data-hydrated" ||
      (name === "value" && element.getAttribute("type") === "hidden");
    const serialise = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
      if (node.nodeType !== Node.ELEMENT_NODE) return "";
      const element = node as Element;
      if (skipped(element)) return "";
      const attributes = Array.from(element.attributes)
        .filter((attribute) => !ignoredAttribute(element, attribute.name))
        .map((attribute) => `${attribute.name}=${JSON.stringify(canonicalIds(attribute.value))}`)
        .sort();
      const typed =
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
          ? element.type === "hidden"
            ? ""
            : ` typed=${JSON.stringify(element.value)}${element instanceof HTMLInputElement && element.checked ? " checked" : ""}`
          : "";
      const children = Array.from(element.childNodes, serialise).join("");
      return `<${element.localName} ${attributes.join(" ")}${typed}>${children}</${element.localName}>`;
    };
    return JSON.stringify([innerWidth, innerHeight, serialise(document.documentElement)]);
  });
  return createHash("sha256").update(state).digest("hex");
}

async function seriousViolations(target: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // axe.run inside the page itself. The default runs each frame apart and then opens a blank
    // page of its own to merge their results, which doubled an audit's time (2.2 s against 0.9 s
    // on /courses); the site has no frames to merge.
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}

/**
 * Pictures below the first screen load as a visitor scrolls near them (`loading="lazy"`): a
 * full-page screenshot brings each into view first, so it shows them as a visitor would.
 */
async function loadLazyImages(page: Page) {
  // Each look brings the first picture still loading into view: a quick scroll straight past a
  // picture can leave it unrequested, since lazy loading only looks at painted frames.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const loading = Array.from(document.images).filter((image) => !image.complete);
        loading[0]?.scrollIntoView({ block: "center" });
        return loading.length;
      }),
    )
    .toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Full-page screenshots at phone and desktop width into tests/.screenshots (ignored by git).
 * `fullPage: false` shows what the visitor sees, e.g. an open dialog over the page.
 * `SCREENSHOTS=off` skips them: CI does, since nobody looks at its copies.
 */
export async function captureWidths(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  if (process.env.SCREENSHOTS === "off") return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  for (const [label, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    // Let the new width settle first: reduced motion still gives every change a 0.01 ms transition.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((animation) => animation instanceof CSSTransition && animation.playState === "running")
              .length,
        ),
      )
      .toBe(0);
    if (fullPage) await loadLazyImages(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage });
  }
  await page.setViewportSize(original);
}
