import type { Browser, BrowserContext, Page } from "playwright-core";
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

  let first: { context: BrowserContext; page: Page } | undefined;
  const openHtml = (page: Page) =>
    page.route("**/*", (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { "set-cookie": "left=behind; Path=/" },
        body: "<title>Open</title>",
      }),
    );

  it("keeps the context of a passed journey for the next test", async () => {
    first = await openPage(browser, nowhere, { javaScript: true });
    const { context, page } = first;
    await openHtml(page);
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto("/open");
    expect(await page.evaluate(() => confirm("Accepted by this test's listener?"))).toBe(true);
    await page.evaluate(() => localStorage.setItem("left", "behind"));
    expect(await context.cookies()).toHaveLength(1);
  });

  it("hands it over with nothing of that journey left: page, routes, listeners, cookies, storage", async () => {
    const { context, page } = await openPage(browser, nowhere, { javaScript: true });
    expect(context).toBe(first?.context);
    expect(browser.contexts()).toEqual([context]);
    expect(page.url()).toBe("about:blank");
    expect(await context.cookies()).toEqual([]);
    // The last test's route is gone: nothing listens where `nowhere` points.
    const failure = await page.goto("/open").then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(/net::ERR_/);
    await openHtml(page);
    await page.goto("/open");
    expect(await page.evaluate(() => localStorage.getItem("left"))).toBeNull();
    // With no listener left, Playwright dismisses a dialog.
    expect(await page.evaluate(() => confirm("Accepted by a listener of the last test?"))).toBe(false);
  });
});
