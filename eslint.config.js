// ESLint for the whole project: type-aware TypeScript rules, React, hooks and accessibility of
// JSX. `npm run lint` runs it with Prettier's check and knip; CI runs `npm run lint`, and main has
// no warning (decision 0022).
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The layers, top to bottom (docs/decisions/0046-layers-checked-by-lint.md). A layer is a folder,
 * or files of one: `app/utils` holds the browser-safe helpers (`shared`) and the helpers of the
 * route modules and /api (`web`, its .server modules); `app/` itself holds config.server.ts and
 * the entries Remix and Express start from. A file in no layer may import nothing: a new folder
 * is placed here first. server.ts, outside app/, is the top, and checked by no layer.
 */
const LAYERS = {
  entry: [
    { type: "app", fileInternalPath: ["root.tsx", "entry.{client,server}.tsx", "context.ts"] },
    { type: "server", fileInternalPath: "app.server.ts" },
  ],
  cli: [{ type: "cli" }],
  server: [{ type: "server" }],
  api: [{ type: "api" }],
  routes: [{ type: "routes" }],
  web: [{ type: "utils", fileInternalPath: "*.server.ts" }],
  components: [{ type: "components" }],
  services: [{ type: "services" }],
  /** The services' own errors and input parsing: plain modules the pages may run too. */
  serviceContract: [{ type: "services", fileInternalPath: "!**/*.server.ts" }],
  mail: [{ type: "mail" }],
  config: [{ type: "app", fileInternalPath: "config.server.ts" }],
  db: [{ type: "db" }],
  shared: [{ type: "utils", fileInternalPath: "!*.server.ts" }],
  domain: [{ type: "domain" }],
  /** Files the build bundles as they are (the stylesheet, images): they import nothing. */
  assets: [{ type: "app", fileInternalPath: ["*.css", "assets/**"] }],
};

/** What each layer may import besides itself, values and types alike. */
const MAY_IMPORT = {
  entry: Object.keys(LAYERS),
  cli: ["server", "services", "mail", "config", "db", "domain"],
  server: ["services", "components", "config", "shared", "domain"],
  api: ["server", "web", "services", "config", "shared", "domain"],
  routes: ["web", "components", "serviceContract", "mail", "shared", "domain"],
  web: ["components", "serviceContract", "mail", "shared", "domain"],
  // A component may bundle its own files (the Hindi pages' font); assets import nothing back.
  components: ["shared", "domain", "assets"],
  services: ["mail", "config", "db", "domain"],
  mail: ["domain"],
  config: ["domain"],
  db: ["domain"],
  shared: ["domain"],
  domain: [],
};

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "tests/.screenshots/", "uploads/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Unused names are mistakes; a leading underscore marks one kept on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // Remix route modules throw Responses (redirects, 404s) by design.
      "@typescript-eslint/only-throw-error": "off",
      // Event handlers and form actions may return promises React does not await.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // Remix loaders and actions, and implementations of async interfaces, are async without
      // always awaiting: the interface, not the body, decides.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests read JSON answers loosely on purpose: the assertion, not a type, checks their shape.
    files: ["tests/**/*.ts", "bench/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    // The layers point one way (decision 0046): each layer imports only the layers below it.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server.ts"],
    plugins: { boundaries },
    settings: {
      // Resolves the ~/ alias of tsconfig.json's paths, so `~/services/x` is known as a service.
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      "boundaries/elements": [
        { type: "domain", pattern: "app/domain", partialMatch: false },
        { type: "db", pattern: "db", partialMatch: false },
        { type: "mail", pattern: "app/mail", partialMatch: false },
        { type: "services", pattern: "app/services", partialMatch: false },
        { type: "utils", pattern: "app/utils", partialMatch: false },
        { type: "components", pattern: "app/components", partialMatch: false },
        { type: "routes", pattern: "app/routes", partialMatch: false },
        { type: "api", pattern: "app/api", partialMatch: false },
        { type: "server", pattern: "app/server", partialMatch: false },
        { type: "cli", pattern: "app/cli", partialMatch: false },
        // The files directly in app/: config.server.ts, and the entries Remix starts from.
        { type: "app", pattern: "app", partialMatch: false },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          checkInternals: true,
          message:
            "{{from.element.filePath}} may not import {{to.element.filePath}} ({{dependency.kind}}): the layers point one way (docs/decisions/0046-layers-checked-by-lint.md).",
          policies: [
            ...Object.entries(MAY_IMPORT).map(([from, below]) => ({
              from: { element: LAYERS[from] },
              allow: { to: { element: [...LAYERS[from], ...below.flatMap((layer) => LAYERS[layer])] } },
            })),
            {
              // Above the services a type-only import may name any layer's type: it is erased
              // from the build, so it neither ships server code nor makes a cycle at run time
              // (a component's `typeof loader`, the shape a service answers).
              from: {
                element: ["components", "web", "routes", "api", "server", "cli", "entry"].flatMap(
                  (layer) => LAYERS[layer],
                ),
              },
              allow: { to: { element: Object.values(LAYERS).flat() }, dependency: { kind: "type" } },
            },
            {
              // The status schemas are built in their services (statusInput); the pages parse
              // them in route-input.server.ts. Only those, by name.
              from: { element: { type: "utils", fileInternalPath: "route-input.server.ts" } },
              allow: {
                to: {
                  element: {
                    type: "services",
                    fileInternalPath: "{enquiries,teacher-applications}.server.ts",
                  },
                },
                dependency: { specifiers: "*StatusInput" },
              },
            },
            {
              // Decision 0001: the Remix bundle would open a second database, and a class from
              // both bundles fails `instanceof`.
              from: { element: LAYERS.routes },
              disallow: {
                to: { element: [{ type: "services", fileInternalPath: "**/*.server.ts" }, { type: "db" }] },
                dependency: { kind: "value" },
              },
              message:
                "Routes use context.services and never the database (decision 0001); import types only.",
            },
          ],
        },
      ],
    },
  },
  {
    // Frameworks through their public interfaces (issue 15): no replacing another library's
    // methods on its objects, no private keys of React, readline or pino. A real need is argued
    // in a decision record and disabled on that line with the reason.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "AssignmentExpression > MemberExpression.left[property.name=/^(write|end|writeHead|setHeader|handle|emit|_writeToOutput)$/]",
          message: "Do not replace a library's methods (res.write, app.handle…): use its public interface.",
        },
        {
          selector: "MemberExpression[property.name=/^(__react|_writeToOutput$|_dump$|_readableState$)/]",
          message: "That is a library's private member: use its public interface.",
        },
        {
          selector: "Literal[value=/^__react/]",
          message: "React's private keys change between releases: wait on what the user sees.",
        },
        {
          selector: "MemberExpression[object.name='pino'][property.name='symbols']",
          message: "pino's symbols are private: use its options and transports.",
        },
      ],
    },
  },
  { files: ["app/**/*.{ts,tsx}"], ...react.configs.flat.recommended },
  { files: ["app/**/*.{ts,tsx}"], ...react.configs.flat["jsx-runtime"] },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "18.3" } },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Types say what a component takes.
      "react/prop-types": "off",
    },
  },
  {
    // Plain JavaScript configuration files are not in the TypeScript project.
    files: ["**/*.js", "**/*.cjs", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
