import { describe, expect, it } from "vitest";
import { API_DOCS_PATH } from "~/server/api-docs.server";
import { captureWidths, openPage } from "../support/browser";
import { siteAndBrowserForFile, type SiteAndBrowser } from "../support/site-and-browser";

/**
 * Issue 23, point 4: /api/docs draws every operation of /api/openapi.json with files from the
 * site itself (no request leaves the origin) and nothing against its Content-Security-Policy.
 */
type OpenApiDocument = { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };
const METHODS = new Set(["get", "post", "put", "patch", "delete"]);

describe("API reference", () => {
  let site: SiteAndBrowser;
  siteAndBrowserForFile((started) => (site = started));

  it("shows every operation of the document, loading nothing from another origin and breaking no policy", async () => {
    const { context, page } = await openPage(site.browser, site.server, { javaScript: true });
    const origin = new URL(site.server.url).origin;
    const requests: string[] = [];
    const policyReports: string[] = [];
    context.on("request", (request) => requests.push(request.url()));
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) policyReports.push(message.text());
    });
    page.on("pageerror", (error) => policyReports.push(`page error: ${error.message}`));

    const response = await page.goto(API_DOCS_PATH);
    expect(response?.status()).toBe(200);
    const document = (await (await fetch(`${site.server.url}/api/openapi.json`)).json()) as OpenApiDocument;
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.has(method))
        .map((method) => ({ method, path })),
    );
    expect(operations.length).toBeGreaterThan(10);

    // Swagger UI draws one block per operation, its method and path in the summary line.
    const blocks = page.locator(".opblock");
    await expect.poll(() => blocks.count(), { timeout: 15_000 }).toBe(operations.length);
    for (const { method, path } of operations) {
      const block = page.locator(`.opblock-${method}`).filter({
        has: page.locator(".opblock-summary-path", { hasText: new RegExp(`^${escape(path)}$`) }),
      });
      await expect.poll(() => block.count(), { timeout: 5_000 }).toBe(1);
    }
    await expect.poll(() => page.getByRole("heading", { name: /Zipat/ }).first().isVisible()).toBe(true);

    // Opening an operation shows its parameters and answers, still from the same origin.
    await page
      .locator(".opblock-summary-path", { hasText: /^\/auth\/login$/ })
      .first()
      .click();
    await expect.poll(() => page.locator(".opblock.is-open .responses-table").count()).toBeGreaterThan(0);

    await captureWidths(page, "api-docs");
    const elsewhere = requests.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
    expect(requests.some((url) => url.endsWith("/api/openapi.json"))).toBe(true);
    expect(policyReports).toEqual([]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
