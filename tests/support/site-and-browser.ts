import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { callApi } from "./app";
import { launchBrowser } from "./browser";
import type { RunningServer } from "./server";
import { E2E_ADMIN, startSite } from "./site";
import { startSmtpSink, type SmtpSink } from "./smtp-sink";

export type SiteAndBrowser = { server: RunningServer; browser: Browser; adminToken: string };

/**
 * One site (its ADMIN signed in through the API) and one Chromium for a whole test file: started
 * before the file's first test and handed to `started`, stopped after its last test.
 */
export function siteAndBrowserForFile(
  started: (site: SiteAndBrowser) => void,
  /** The server's extra environment, read when the file starts (e.g. SMTP_URL of a stand-in started in an earlier beforeAll). */
  env: () => Record<string, string> = () => ({}),
) {
  let running: Partial<SiteAndBrowser> = {};
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startSite({ env: env() }), launchBrowser()]);
    running = { server, browser };
    const login = await callApi(server.url, "/auth/login", { json: E2E_ADMIN });
    started({ server, browser, adminToken: login.body.token as string });
  });
  afterAll(async () => {
    await running.browser?.close();
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
