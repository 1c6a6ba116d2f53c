// e2e against the real stack: the production build on loopback, embedded API, a fresh data dir.
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const DATA_DIR = `.cache/e2e-data`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Long journeys (create, apply, copy, edit) take 20–30 s on a busy 2-core machine.
  timeout: 90_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && NODE_ENV=production PORT=${PORT} HOST=127.0.0.1 DATA_DIR=${DATA_DIR} LOGIN_MAX_FAILURES_PER_ADDRESS=1000 REGISTRATION_LIMIT=1000 npx tsx server/index.ts`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
  },
});
