import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { callApi } from "./app";
import { launchBrowser } from "./browser";
import type { RunningServer } from "./server";
import { E2E_ADMIN, startSite } from "./site";

export type SiteAndBrowser = { server: RunningServer; browser: Browser; adminToken: string };

/**
 * One site (its ADMIN signed in through the API) and one Chromium for a whole test file: started
 * before the file's first test and handed to `started`, stopped after its last test.
 */
export function siteAndBrowserForFile(started: (site: SiteAndBrowser) => void) {
  let running: Partial<SiteAndBrowser> = {};
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startSite(), launchBrowser()]);
    running = { server, browser };
    const login = await callApi(server.url, "/auth/login", { json: E2E_ADMIN });
    started({ server, browser, adminToken: login.body.token as string });
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.dispose();
  });
}
