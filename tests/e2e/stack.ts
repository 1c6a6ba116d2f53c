// Where the e2e servers listen, from E2E_PORT (playwright.config.ts starts them; specs that call
// the upstream directly read its address here), the upstream profile the spec-proxy project runs
// against, and the news site server's fixed clock.
import { tokyoDate } from "../../shared/tokyo-calendar";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);

/** The portal in proxy mode (ADV_API_URL) in front of `npm run api`, for the spec-proxy project. */
export const PROXY_PORTAL_PORT = E2E_PORT + 2;
/** The reference API on its own (`npm run api`), the proxy-mode portal's upstream. */
export const UPSTREAM_API_PORT = E2E_PORT + 3;
export const UPSTREAM_API_URL = `http://127.0.0.1:${UPSTREAM_API_PORT}`;

/**
 * The reference API's profile and token delivery for spec-proxy: SPEC §7 only, tokens as cookies
 * (issue 29). E2E_API_PROFILE=full E2E_API_TOKEN_COOKIES=off runs the same journeys against the
 * full profile with body tokens.
 */
export const UPSTREAM_PROFILE = process.env.E2E_API_PROFILE ?? "spec";
export const UPSTREAM_TOKEN_COOKIES = process.env.E2E_API_TOKEN_COOKIES ?? "on";

/** The news site's own server (news-site.spec.ts), its clock fixed at NEWS_SITE_NOW. */
export const NEWS_SITE_PORT = E2E_PORT + 4;

// Decided once, in the runner (which loads this first): its workers inherit the variable, so the
// server, the browser and the spec agree on the day even when the run starts at 23:59:59.
process.env.E2E_NEWS_SITE_NOW ??= `${tokyoDate(new Date())}T23:59:59+09:00`;
/**
 * "Now" for the news site's journey (its server's and browser's clocks, and the spec's "today"): by
 * default the last second of today in Tokyo, where a run used to cross midnight; E2E_NEWS_SITE_NOW
 * (an ISO instant) sets another.
 */
export const NEWS_SITE_NOW = new Date(process.env.E2E_NEWS_SITE_NOW);
