// Unit, API and route tests (in-process). e2e runs in Playwright (playwright.config.ts).
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "api/**/*.test.ts",
      "server/**/*.test.ts",
      "shared/**/*.test.ts",
      "tests/routes/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
