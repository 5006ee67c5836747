/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // Everything the build writes lives under build/, so the top level stays small.
  assetsBuildDirectory: "build/client",
  publicPath: "/build/",
  serverBuildPath: "build/server/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
