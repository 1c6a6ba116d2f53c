// e2e against the real stack: the production build on loopback, embedded API, a fresh data dir;
// and (project spec-proxy) the portal in proxy mode in front of `npm run api`, fresh data dirs too.
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  E2E_PORT as PORT,
  NEWS_SITE_NOW,
  NEWS_SITE_PORT,
  PROXY_PORTAL_PORT,
  UPSTREAM_API_PORT,
  UPSTREAM_API_URL,
  UPSTREAM_PROFILE,
  UPSTREAM_TOKEN_COOKIES,
} from "./tests/e2e/stack";
import type { PortalOptions } from "./tests/e2e/support";
import { HEAP_FLAGS } from "./server/heap-flags";

const DATA_DIR = `.cache/e2e-data`;
// The default project runs in two workers, each on a portal of its own (its own port and data
// directory; support.ts picks by the worker's parallel index), so journeys never share data.
const SECOND_PORT = PORT + 5;
const SECOND_DATA_DIR = `.cache/e2e-data-2`;
const PORTALS = [PORT, SECOND_PORT].map((port) => `http://127.0.0.1:${port}`);
// A second server speaking API Platform 4's dialect (API_FORMAT=apip4, issue 16) for dialect.spec.ts.
const APIP4_PORT = PORT + 1;
const APIP4_DATA_DIR = `.cache/e2e-data-apip4`;

// The portal in proxy mode in front of the reference API run alone (`npm run api`), as an operator
// runs them (issue 29): two processes, the API in the spec profile with cookie tokens.
const PROXY_DATA_DIR = `.cache/e2e-data-proxy`;
const UPSTREAM_DATA_DIR = `.cache/e2e-data-upstream`;

// The news site's journey on its own server whose clock is fixed (tests/e2e/fixed-clock.mjs), so a
// run crossing 00:00 JST does not move "today" under it; its API on the portal's thread, where the
// fixed clock applies too.
const NEWS_SITE_DATA_DIR = `.cache/e2e-data-news-site`;
const FIXED_CLOCK = path.resolve("tests/e2e/fixed-clock.mjs");

const serve = (port: number, dataDir: string, env = "") => ({
  command: `rm -rf ${dataDir} && ${env}NODE_ENV=production PORT=${port} HOST=127.0.0.1 DATA_DIR=${dataDir} LOGIN_MAX_FAILURES_PER_ADDRESS=1000 REGISTRATION_LIMIT=1000 node ${HEAP_FLAGS.join(" ")} build/node/server.mjs`,
  url: `http://127.0.0.1:${port}/`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "pipe" as const,
});

/** `npm run api`: the reference API alone (demo accounts seeded: no DATABASE_URL). */
const upstreamApi = {
  command:
    `rm -rf ${UPSTREAM_DATA_DIR} && API_PROFILE=${UPSTREAM_PROFILE} API_TOKEN_COOKIES=${UPSTREAM_TOKEN_COOKIES} ` +
    `API_HOST=127.0.0.1 API_PORT=${UPSTREAM_API_PORT} DATA_DIR=${UPSTREAM_DATA_DIR} ` +
    `PUBLIC_ORIGIN=http://127.0.0.1:${PROXY_PORTAL_PORT} ` +
    // Access tokens shorter than the portal's refresh margin (60 s, app/.server/auth.ts): every
    // page refreshes the pair, so each journey also proves the refresh through the cookies.
    `JWT_TTL=30 LOGIN_MAX_FAILURES_PER_ADDRESS=1000 REGISTRATION_LIMIT=1000 npm run api`,
  url: `${UPSTREAM_API_URL}/readyz`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "pipe" as const,
};

/** The production build with ADV_API_URL: no embedded API, no demo mode, no payment sandbox. */
const proxyPortal = serve(
  PROXY_PORTAL_PORT,
  PROXY_DATA_DIR,
  `ADV_API_URL=${UPSTREAM_API_URL} PUBLIC_ORIGIN=http://127.0.0.1:${PROXY_PORTAL_PORT} ` +
    `SESSION_SECRET=e2e-proxy-session-secret-not-for-production `,
);

export default defineConfig<object, PortalOptions>({
  testDir: "tests/e2e",
  // A spec's tests run in order in one worker; specs are spread over the two workers. The projects
  // with one server of their own take one worker at a time.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Long journeys (create, apply, copy, edit) take 20–30 s on a busy 2-core machine.
  timeout: 90_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    // A user who asked for less motion gets no fades (app/routes/administrator.tsx): axe then
    // judges a dialog as it rests, never half-faded over the page (a busy machine caught one).
    reducedMotion: "reduce",
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
    // Every spec (dialect.spec.ts included; spec-upstream and news-site not) against the default
    // dialect, apip3.
    {
      name: "chromium",
      testIgnore: /(spec-upstream|news-site)\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], channel: undefined, portals: PORTALS },
    },
    // news-site.spec.ts against its fixed-clock server.
    {
      name: "news-site",
      workers: 1,
      testMatch: /news-site\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: `http://127.0.0.1:${NEWS_SITE_PORT}`,
      },
    },
    // dialect.spec.ts again against the API_FORMAT=apip4 server.
    {
      name: "apip4",
      workers: 1,
      testMatch: /dialect\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: `http://127.0.0.1:${APIP4_PORT}`,
      },
    },
    // The key journeys again, the portal in proxy mode in front of `npm run api` (spec profile),
    // with the specs that need neither the embedded API's /api nor the payment sandbox.
    {
      name: "spec-proxy",
      workers: 1,
      testMatch: /(spec-upstream|login)\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: `http://127.0.0.1:${PROXY_PORTAL_PORT}`,
      },
    },
  ],
  webServer: [
    serve(PORT, DATA_DIR),
    serve(SECOND_PORT, SECOND_DATA_DIR),
    serve(APIP4_PORT, APIP4_DATA_DIR, "API_FORMAT=apip4 "),
    serve(
      NEWS_SITE_PORT,
      NEWS_SITE_DATA_DIR,
      `EMBEDDED_API=inline E2E_FIXED_NOW=${NEWS_SITE_NOW.toISOString()} ` +
        `NODE_OPTIONS=--import=${FIXED_CLOCK} `,
    ),
    // The upstream before its portal (a portal in proxy mode starts without it, too).
    upstreamApi,
    proxyPortal,
  ],
});
