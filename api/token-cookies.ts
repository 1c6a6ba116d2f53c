// Token delivery as cookies (API_TOKEN_COOKIES=on), as a PHP API delivers them with LexikJWT's
// `set_cookies: { BEARER: ~ }` and gesdinet's `cookie: { enabled: true }` left at their defaults
// (docs/decisions: the sources and commits these defaults are read from).
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ApiDeps } from "./context";

/** LexikJWT: the `set_cookies` key of its docs and the cookie token extractor's default name. */
export const ACCESS_TOKEN_COOKIE = "BEARER";
/** gesdinet: the cookie is named after `token_parameter_name`, default "refresh_token". */
export const REFRESH_TOKEN_COOKIE = "refresh_token";

/** Both bundles' cookie defaults: path "/", no domain, secure, httpOnly, samesite lax. */
const ATTRIBUTES = { path: "/", secure: true, httpOnly: true, sameSite: "Lax" } as const;

export type IssuedPair = { token: string; refresh_token: string };

/**
 * The answer of a call that issues a pair (login, refresh, switch_user). Without cookies: the
 * body. With them: lexik's BEARER cookie (lifetime null = token_ttl), gesdinet's refresh_token
 * cookie (expiring with the token), and both removed from the body
 * (`remove_token_from_body_when_cookies_used` and `remove_token_from_body`, default true); lexik's
 * AuthenticationSuccessHandler answers 204 when nothing is left of the body.
 */
export function deliverPair(
  c: Context,
  deps: ApiDeps,
  pair: IssuedPair,
  refreshExpires: Date,
): Response {
  if (!deps.config.tokenCookies) return c.json(pair);
  const now = deps.clock();
  const ttl = deps.config.jwt.ttl;
  setCookie(c, ACCESS_TOKEN_COOKIE, pair.token, {
    ...ATTRIBUTES,
    expires: new Date(now.getTime() + ttl * 1000),
    maxAge: ttl,
  });
  setCookie(c, REFRESH_TOKEN_COOKIE, pair.refresh_token, {
    ...ATTRIBUTES,
    expires: refreshExpires,
    maxAge: Math.max(0, Math.floor((refreshExpires.getTime() - now.getTime()) / 1000)),
  });
  return c.body(null, 204);
}

/**
 * The JWT of a call: the Authorization header, else (cookies on) the BEARER cookie. Lexik's chain
 * extractor asks the header first and the cookie extractor after it; the cookie extractor is
 * enabled beside `set_cookies`, as lexik's docs configure it.
 */
export function presentedJwt(c: Context, deps: ApiDeps): string | undefined {
  const fromHeader = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  if (fromHeader || !deps.config.tokenCookies) return fromHeader;
  return getCookie(c, ACCESS_TOKEN_COOKIE) || undefined;
}

/**
 * The refresh token of a refresh or invalidate call: the body's `refresh_token`, else its cookie.
 * gesdinet's ChainExtractor asks the body, the query and the cookie in that order, whatever
 * `cookie.enabled` says (the cookie extractor is always registered).
 */
export function presentedRefreshToken(c: Context, body: Record<string, unknown>): unknown {
  return body.refresh_token ?? getCookie(c, REFRESH_TOKEN_COOKIE);
}

/** gesdinet's LogoutEventListener: with cookies enabled the answer clears the refresh cookie. */
export function clearRefreshCookie(c: Context, deps: ApiDeps) {
  if (deps.config.tokenCookies) deleteCookie(c, REFRESH_TOKEN_COOKIE, ATTRIBUTES);
}
