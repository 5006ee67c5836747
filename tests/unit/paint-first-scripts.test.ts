import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AFTER_FIRST_PAINT, paintFirstScripts } from "~/server/paint-first-scripts.server";

/** The page as React streams it, cut into chunks at the given byte offsets. */
async function rewritten(page: string, cuts: number[]): Promise<string> {
  const bytes = Buffer.from(page);
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [0, ...offsets, bytes.length]
    .slice(1)
    .map((end, index, ends) => bytes.subarray(index ? ends[index - 1] : 0, end));
  return text(Readable.from(chunks).pipe(paintFirstScripts()));
}

/** The end of a page as Remix 2.17's `<Scripts>` renders it (lazy route discovery on). */
const MODULE_SCRIPT = [
  ";",
  'import * as route0 from "/build/root-GORZQS77.js";',
  'import * as route1 from "/build/routes/_site-5R4YHV6J.js";',
  'window.__remixManifest = {"entry":{"module":"/build/entry.client.js","imports":[]},"url":"/build/manifest.js"};',
  'window.__remixRouteModules = {"root":route0,"routes/_site":route1};',
  "",
  'import("/build/entry.client.js");',
].join("\n");
const PAGE =
  '<html><head><link rel="stylesheet" href="/build/_assets/tailwind.css"/></head><body><h1>Écoles · स्कूल 😊</h1>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/root-GORZQS77.js"/>' +
  '<script nonce="abc">window.__remixContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${MODULE_SCRIPT}</script></body></html>`;

const EXPECTED_SCRIPT = [
  AFTER_FIRST_PAINT,
  `for (const link of document.querySelectorAll('link[rel="modulepreload-after-paint"]')) link.rel = "modulepreload";`,
  'const [route0, route1] = await Promise.all([import("/build/root-GORZQS77.js"), import("/build/routes/_site-5R4YHV6J.js")]);;',
  "",
  "",
  'window.__remixManifest = {"entry":{"module":"/build/entry.client.js","imports":[]},"url":"/build/manifest.js"};',
  'window.__remixRouteModules = {"root":route0,"routes/_site":route1};',
  "",
  'import("/build/entry.client.js");',
].join("\n");
const EXPECTED = PAGE.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload-after-paint"',
).replace(MODULE_SCRIPT, EXPECTED_SCRIPT);

describe("scripts after the first paint", () => {
  it("makes the preloads inert and has the module script import the routes once the page has painted", async () => {
    const page = await rewritten(PAGE, []);
    expect(page).toBe(EXPECTED);
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).not.toMatch(/^import \* as/m);
    // Everything else arrives untouched: the context script, the manifest, the entry's import.
    expect(page).toContain('<script nonce="abc">window.__remixContext = {};</script>');
    expect(page).toContain('window.__remixRouteModules = {"root":route0,"routes/_site":route1};');
  });

  it("gives the same page however the stream is cut: inside a link, the script or a character", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        expect(await rewritten(PAGE, cuts)).toBe(EXPECTED);
      }),
      { numRuns: 500 },
    );
  });

  it("leaves a module script without route imports as it is", async () => {
    const page = '<script type="module" async="">import("/build/entry.client.js");</script>';
    expect(await rewritten(page, [10, 40])).toBe(page);
  });

  it("holds nothing back at the end of a stream, even one cut in half a link or inside the script", async () => {
    for (const page of [
      '<p>ok</p><link rel="module',
      '<p>ok</p><script type="module" as',
      '<p>ok</p><script type="module" async="">import * as route0 from "/build/root.js";',
    ])
      expect(await rewritten(page, [page.length - 3])).toBe(page);
  });
});
