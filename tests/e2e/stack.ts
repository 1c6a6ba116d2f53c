// Where the e2e servers listen, from E2E_PORT (playwright.config.ts starts them; specs that call
// the upstream directly read its address here), and the upstream profile the spec-proxy project
// runs against.
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
