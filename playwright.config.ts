// e2e against the real stack: the production build on loopback, embedded API, a fresh data dir.
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const DATA_DIR = `.cache/e2e-data`;
// A second server speaking API Platform 4's dialect (API_FORMAT=apip4, issue 16) for dialect.spec.ts.
const APIP4_PORT = PORT + 1;
const APIP4_DATA_DIR = `.cache/e2e-data-apip4`;

const serve = (port: number, dataDir: string, env = "") => ({
  command: `rm -rf ${dataDir} && ${env}NODE_ENV=production PORT=${port} HOST=127.0.0.1 DATA_DIR=${dataDir} LOGIN_MAX_FAILURES_PER_ADDRESS=1000 REGISTRATION_LIMIT=1000 npx tsx server/index.ts`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "pipe" as const,
});

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
  projects: [
    // Every spec (dialect.spec.ts included) against the default dialect, apip3.
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } },
    // dialect.spec.ts again against the API_FORMAT=apip4 server.
    {
      name: "apip4",
      testMatch: /dialect\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: `http://127.0.0.1:${APIP4_PORT}`,
      },
    },
  ],
  webServer: [serve(PORT, DATA_DIR), serve(APIP4_PORT, APIP4_DATA_DIR, "API_FORMAT=apip4 ")],
});
