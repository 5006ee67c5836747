import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/server/low-priority-scripts.server";

/** The page as React streams it, cut into chunks at the given byte offsets. */
async function rewritten(page: string, cuts: number[]): Promise<string> {
  const bytes = Buffer.from(page);
  const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks = [0, ...offsets, bytes.length]
    .slice(1)
    .map((end, index, ends) => bytes.subarray(index ? ends[index - 1] : 0, end));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const PAGE =
  '<html><head><link rel="stylesheet" href="/build/_assets/tailwind.css"/></head><body><h1>Écoles · स्कूल 😊</h1>' +
  '<link rel="modulepreload" href="/build/manifest.js"/><link rel="modulepreload" href="/build/entry.client.js"/>' +
  '<script type="module" async="">import "/build/root.js";</script></body></html>';

const EXPECTED = PAGE.replaceAll(
  '<link rel="modulepreload"',
  '<link rel="modulepreload" fetchpriority="low"',
);

describe("low-priority module preloads", () => {
  it("marks every module preload low priority and changes nothing else", async () => {
    expect(await rewritten(PAGE, [])).toBe(EXPECTED);
    expect(EXPECTED.match(/fetchpriority="low"/g)).toHaveLength(2);
  });

  it("gives the same page however the stream is cut, inside a link or inside a character", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        expect(await rewritten(PAGE, cuts)).toBe(EXPECTED);
      }),
      { numRuns: 300 },
    );
  });

  it("holds nothing back from a page without preloads, even one ending in half the link's text", async () => {
    const page = '<p>ok</p><link rel="module';
    expect(await rewritten(page, [page.length - 3])).toBe(page);
  });
});
