import { readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, type RunningServer } from "../support/server";
import { startSite } from "../support/site";

const CLIENT = path.join(PROJECT_ROOT, "build", "client");

/** An answer as it comes over the wire: status, headers and the still-encoded bytes. */
function fetchRaw(url: string, acceptEncoding?: string) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on("error", reject);
  });
}

/** The framework chunk (the largest script), the stylesheet and the hero drawing of the build. */
function builtFiles(): Array<{ url: string; type: RegExp; bytes: Buffer }> {
  const shared = readdirSync(path.join(CLIENT, "_shared")).filter((name) => name.endsWith(".js"));
  const largest = shared.sort(
    (a, b) =>
      readFileSync(path.join(CLIENT, "_shared", b)).length -
      readFileSync(path.join(CLIENT, "_shared", a)).length,
  )[0]!;
  const assets = readdirSync(path.join(CLIENT, "_assets"));
  // The site's stylesheet (the Devanagari font's small @font-face sheet is the Hindi pages' own).
  const css = assets.find((name) => name.startsWith("tailwind-") && name.endsWith(".css"))!;
  const hero = assets.find((name) => /^home-hero-.*\.svg$/.test(name))!;
  return [
    {
      url: `/build/_shared/${largest}`,
      type: /^application\/javascript; charset=UTF-8$/,
      bytes: readFileSync(path.join(CLIENT, "_shared", largest)),
    },
    {
      url: `/build/_assets/${css}`,
      type: /^text\/css; charset=UTF-8$/,
      bytes: readFileSync(path.join(CLIENT, "_assets", css)),
    },
    {
      url: `/build/_assets/${hero}`,
      type: /^image\/svg\+xml$/,
      bytes: readFileSync(path.join(CLIENT, "_assets", hero)),
    },
  ];
}

describe("the browser build", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSite();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it.each([
    ["brotli to a browser that takes it", "gzip, deflate, br, zstd", "br", brotliDecompressSync],
    ["gzip to one that takes only gzip", "gzip", "gzip", gunzipSync],
    ["the file itself to one that takes neither", undefined, undefined, (bytes: Buffer) => bytes],
  ] as const)(
    "is sent as %s, compressed at build time, cached for good",
    async (_label, accept, encoding, decode) => {
      for (const file of builtFiles()) {
        const answer = await fetchRaw(server.url + file.url, accept);
        expect(answer.status, file.url).toBe(200);
        expect(answer.headers["content-encoding"], file.url).toBe(encoding);
        expect(answer.headers["content-type"], file.url).toMatch(file.type);
        expect(answer.headers["cache-control"], file.url).toContain("immutable");
        expect(decode(answer.body).equals(file.bytes), file.url).toBe(true);
        if (encoding) {
          // Made at build time at the strongest setting: smaller than on-the-fly gzip would be.
          expect(answer.body.length, file.url).toBeLessThan(file.bytes.length / 2.5);
          expect(answer.headers.vary, file.url).toContain("Accept-Encoding");
        }
      }
    },
  );
});
