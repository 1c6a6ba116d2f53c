// Unit, API and route tests (in-process). e2e runs in Playwright (playwright.config.ts).
import { availableParallelism } from "node:os";
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
      "tests/contract/**/*.test.ts",
    ],
    environment: "node",
    // Once per run: the PGlite test template (rebuilt when its sources changed) and the build check.
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One test file per core (vitest's default leaves one core to its main process, which mostly
    // waits): twice the files at once on the 2-core machine. Every file has its own databases, data
    // directories and ports (0), so they do not meet.
    poolOptions: { forks: { maxForks: availableParallelism() } },
  },
});
