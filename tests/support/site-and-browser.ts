import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { callApi } from "./app";
import { closeContextsOf, launchBrowser } from "./browser";
import type { RunningServer } from "./server";
import { E2E_ADMIN, startSite } from "./site";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

export type SiteAndBrowser = { server: RunningServer; browser: Browser; adminToken: string };

/**
 * The Chromium of this test worker, shared by the files it runs one after another (the module
 * stays loaded from file to file: isolate is off, vitest.config.ts). A browser holds no data of a
 * site: cookies, storage and cache live in its contexts, and every file's contexts are closed when
 * the file ends. Launching and closing one per file cost 0.6-0.8 s of the file's time on this
 * machine, 36 times a run (security and bot-check take it too, with their own sites). One that crashed or was closed is launched anew. Playwright stops it
 * when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;
export async function browserOfThisWorker(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * One site (its ADMIN signed in through the API) and the worker's Chromium for a whole test file:
 * the site started before the file's first test and handed to `started`; after its last test the
 * site is stopped and every browser context the file opened is closed.
 */
export function siteAndBrowserForFile(
  started: (site: SiteAndBrowser) => void,
  /** The server's extra environment, read when the file starts (e.g. SMTP_URL of a stand-in started in an earlier beforeAll). */
  env: () => Record<string, string> = () => ({}),
) {
  let running: Partial<SiteAndBrowser> = {};
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startSite({ env: env() }), browserOfThisWorker()]);
    running = { server, browser };
    const login = await callApi(server.url, "/auth/login", { json: E2E_ADMIN });
    started({ server, browser, adminToken: login.body.token as string });
  });
  afterAll(async () => {
    if (running.browser) await closeContextsOf(running.browser);
    await running.server?.dispose();
  });
}

/**
 * `siteAndBrowserForFile` with an SMTP stand-in for the file: the site's SMTP_URL is the sink,
 * retries come after a second, and `env` adds to that.
 */
export function siteWithMailForFile(
  started: (site: SiteAndBrowser & { sink: SmtpSink }) => void,
  env: Record<string, string> = {},
) {
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  siteAndBrowserForFile(
    (site) => started({ ...site, sink: sink! }),
    () => ({ SMTP_URL: sink!.url, MAIL_RETRY_SECONDS: "1", ...env }),
  );
}
