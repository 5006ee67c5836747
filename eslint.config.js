// ESLint for the whole project: type-aware TypeScript rules, React, hooks and accessibility of
// JSX. `npm run lint` runs it with Prettier's check and knip; CI runs `npm run lint`, and main has
// no warning (decision 0022).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // The layers point one way (docs/conventions.md): the data layer knows nothing of the services.
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/app/*", "!**/app/domain"], message: "db/ may import app/domain only." }] },
      ],
    },
  },
  {
    // Routes get services from the load context and the database never (decision 0001): a value
    // import of either would put a second database into the Remix bundle.
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/services/*.server", "**/db/*"],
              allowTypeImports: true,
              message: "Routes use context.services; import types only.",
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
