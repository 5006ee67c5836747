// `npm run build` runs this after `remix build`, from the project's folder:
// 1. The browser build is compressed once, as hard as brotli and gzip go (static-assets.server.ts).
// 2. server.ts and everything it imports from app/ and db/ become one JavaScript module,
//    build/node/server.js (packages stay in node_modules), so `npm start` and the tests' servers
//    run compiled code: through tsx every start compiled ~130 modules anew (docs/performance.md,
//    "Server start"). Files that ship with the code are found from the project's folder
//    (db/project-files.ts), so the bundle's own place does not matter.
import path from "node:path";
import { build } from "esbuild";
import { precompressAssets } from "../server/static-assets.server";

const SERVER_BUNDLE = path.join("build", "node", "server.js");

const browserBuild = path.resolve("build", "client");
console.log(`Precompressed ${precompressAssets(browserBuild)} files in ${browserBuild}`);

await build({
  entryPoints: ["server.ts"],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Stack traces in the logs name the source files (npm start runs node --enable-source-maps).
  sourcemap: true,
  logLevel: "warning",
});
console.log(`Compiled the server into ${SERVER_BUNDLE}`);
