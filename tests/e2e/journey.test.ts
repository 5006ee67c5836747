import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage } from "../support/browser";
import { limitJourney, step, takeJourneyStop } from "../support/journey";
import type { RunningServer } from "../support/server";

/** The harness itself: a journey that runs out of time stops, and says where it was. */
describe("browser journeys", () => {
  let browser: Browser;
  // Nothing listens here: every request of these tests is answered (or held) by the test.
  const nowhere = { url: "http://127.0.0.1:9" } as RunningServer;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("stops a journey at its deadline: its browser context closes, and the reason names the step and the waiting request", async () => {
    const { context, page } = await openPage(browser, nowhere, { javaScript: false });
    await page.route("**/*", () => {
      // Held: never answered, as a server that hangs.
    });
    limitJourney(1_500);
    step("opens the held page");
    const failure = await page.goto("/held-forever").then(
      () => undefined,
      (error: Error) => error,
    );
    // Its navigation was aborted by the closing context, not left to wait.
    expect(failure?.message).toMatch(/closed|ERR_ABORTED/);
    await expect.poll(() => browser.contexts().includes(context)).toBe(false);
    const reason = takeJourneyStop();
    expect(reason).toContain('Journey stopped at its 1.5 s deadline during step "opens the held page"');
    expect(reason).toMatch(/Requests still waiting: GET \/held-forever \(sent \d+\.\d s before\)\./);
  });

  it("closes the contexts of a finished journey, so the next test starts with none of them", async () => {
    const { page } = await openPage(browser, nowhere, { javaScript: false });
    await page.route("**/*", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Open</title>" }),
    );
    await page.goto("/open");
    expect(browser.contexts()).toHaveLength(1);
  });

  it("finds no context left open by the test before", () => {
    expect(browser.contexts()).toEqual([]);
  });
});
