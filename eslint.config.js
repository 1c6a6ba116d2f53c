// ESLint flat config: TypeScript's recommended rules and the React hooks rules.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "data/**",
      ".cache/**",
      "node_modules/**",
      "api/db/migrations/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // shared/ is the vocabulary both sides agree on (issue 31): it imports neither side.
    files: ["shared/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**", "~/**", "**/api/**", "**/server/**"],
              message: "shared/ imports neither side: move what both need into shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The reference API stands in for someone else's server: it keeps its own rules and imports
    // nothing of its client (issue 31). Its tests too; tests/contract alone sees both sides.
    files: ["api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**", "~/**", "!**/node_modules/**"],
              message:
                "api/ imports nothing from the portal: give the API its own rule (api/domain) or move the wire vocabulary to shared/, and prove agreement in tests/contract.",
            },
          ],
        },
      ],
    },
  },
  {
    // The portal reaches the reference API only over HTTP; server/ alone mounts it.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/api/**"],
              message:
                "The portal talks to the API over HTTP only (server/ mounts the embedded one).",
            },
          ],
        },
      ],
    },
  },
  {
    // Every journey checks its pages with axe: specs take `test` and `expect` from ./support.
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: "Import test and expect from ./support (it runs axe on every page).",
            },
          ],
        },
      ],
    },
  },
);
