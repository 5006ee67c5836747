import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import express, { type RequestHandler, type Router } from "express";
import { SCHOOL } from "~/domain/brand";

/**
 * /api/docs: the OpenAPI document (/api/openapi.json) as a browsable reference, drawn by Swagger
 * UI from our own origin (decision 0039). The page is plain HTML with no inline script or style;
 * its scripts and stylesheet are swagger-ui-dist's own files plus a few lines that start it,
 * served under /api/docs/assets/ with their content hash in the name, so they are cached for a
 * year and never go stale. Nothing here reaches the public pages' JavaScript.
 */
export const API_DOCS_PATH = "/api/docs";
const ASSETS_PATH = `${API_DOCS_PATH}/assets`;
const DOCUMENT_URL = "/api/openapi.json";

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));

/**
 * Starts Swagger UI on the page's `#reference`. `validatorUrl: null`: its default asks
 * validator.swagger.io about the document, a request to another site; `tryItOutEnabled`
 * stays off so reading the reference sends nothing to the API until asked.
 */
const START_SCRIPT = `"use strict";
window.addEventListener("DOMContentLoaded", function () {
  var reference = document.getElementById("reference");
  reference.textContent = "";
  window.SwaggerUIBundle({
    url: reference.getAttribute("data-document"),
    domNode: reference,
    validatorUrl: null,
    deepLinking: true,
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
    presets: [window.SwaggerUIBundle.presets.apis],
  });
});
`;

/** The page around the reference: a heading, the document's own link (all there is without JavaScript). */
const PAGE_STYLE = `body{margin:0;font-family:system-ui,sans-serif;color:#1f2937}
.api-docs-header{padding:1rem 1.25rem;border-bottom:1px solid #e5e7eb}
.api-docs-header h1{margin:0 0 .25rem;font-size:1.25rem}
.api-docs-header p{margin:0}
.api-docs-header a{color:#1d4ed8}
.api-docs-note{padding:0 1.25rem}
`;

type Asset = { url: string; type: string; bytes: Buffer };

function asset(name: string, type: string, bytes: Buffer): Asset {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const extension = path.extname(name);
  return { url: `${ASSETS_PATH}/${path.basename(name, extension)}.${hash}${extension}`, type, bytes };
}

const JS = "application/javascript; charset=UTF-8";
const CSS = "text/css; charset=UTF-8";

function loadAssets() {
  const file = (name: string) => readFileSync(path.join(swaggerUiDir, name));
  return {
    swaggerScript: asset("swagger-ui-bundle.js", JS, file("swagger-ui-bundle.js")),
    swaggerStyle: asset("swagger-ui.css", CSS, file("swagger-ui.css")),
    startScript: asset("start.js", JS, Buffer.from(START_SCRIPT)),
    pageStyle: asset("page.css", CSS, Buffer.from(PAGE_STYLE)),
  };
}

/**
 * The reference page's own policy, in place of the site's: the same sources ('self' only, no
 * inline script or style, nothing from another origin), without the nonce the page does not use.
 */
const API_DOCS_POLICY =
  "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
  "connect-src 'self';base-uri 'none';form-action 'none';frame-ancestors 'none'";

function page(assets: ReturnType<typeof loadAssets>): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API reference | ${SCHOOL.name}</title>
<link rel="stylesheet" href="${assets.swaggerStyle.url}">
<link rel="stylesheet" href="${assets.pageStyle.url}">
<script src="${assets.swaggerScript.url}" defer></script>
<script src="${assets.startScript.url}" defer></script>
</head>
<body>
<header class="api-docs-header">
<h1>${SCHOOL.name} API reference</h1>
<p>The OpenAPI 3.1 document: <a href="${DOCUMENT_URL}">${DOCUMENT_URL}</a></p>
</header>
<main id="reference" data-document="${DOCUMENT_URL}">
<noscript><p class="api-docs-note">The browsable reference needs JavaScript: the document above has every operation.</p></noscript>
</main>
</body>
</html>
`;
}

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

type Encodings = { br: Buffer; gzip: Buffer };

/** Compressed once per process, on first request (a 1.7 MB script is not gzipped per visit). */
function encodingsOf(bytes: Buffer): () => Promise<Encodings> {
  let encodings: Promise<Encodings> | undefined;
  return () =>
    (encodings ??= Promise.all([
      compressBrotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      compressGzip(bytes, { level: 9 }),
    ]).then(([br, gz]) => ({ br, gzip: gz })));
}

function serveAsset(file: Asset): RequestHandler {
  const encodings = encodingsOf(file.bytes);
  return (req, res, next) => {
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    encodings().then((compressed) => {
      const body = encoding ? compressed[encoding] : file.bytes;
      res.writeHead(200, {
        "Content-Type": file.type,
        ...(encoding ? { "Content-Encoding": encoding } : {}),
        "Content-Length": String(body.length),
        "Cache-Control": "public, max-age=31536000, immutable",
        Vary: "Accept-Encoding",
      });
      res.end(req.method === "HEAD" ? undefined : body);
    }, next);
  };
}

/** The reference page and its files, mounted ahead of the /api router. */
export function apiDocs(): Router {
  const assets = loadAssets();
  const html = page(assets);
  const router = express.Router({ strict: true });
  router.get(API_DOCS_PATH, (_req, res) => {
    res
      .set({
        "Content-Security-Policy": API_DOCS_POLICY,
        "Cache-Control": "no-cache",
        "Content-Type": "text/html; charset=utf-8",
      })
      .send(html);
  });
  for (const file of Object.values(assets)) router.get(file.url, serveAsset(file));
  return router;
}
