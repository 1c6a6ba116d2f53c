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
      "tests/routes/**/*.test.ts",
    ],
    environment: "node",
    // Once per run: the PGlite test template (rebuilt when its sources changed) and the build check.
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
