// Token calls: login, refresh, logout (invalidate) and switch_user (SPEC §7 Authentication).
// A pair comes in the answer's body, or as cookies (LexikJWT `set_cookies`, gesdinet
// `cookie.enabled`: by default they take the tokens out of the body, and both gone is a 204), or
// both; each pair keeps its own cookie jar, sent with every call made with it.
import { z } from "zod";
import { readClaims } from "../identity";
import { log as portalLog } from "../logger";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, type TokenPair } from "../session";
import {
  createUpstreamClient,
  PairJar,
  type UpstreamClientOptions,
  type UpstreamCookies,
} from "./client";
import { UpstreamError } from "./errors";

/**
 * Where the token calls go, for which browser address (the upstream's login throttling), which
 * request's call count they add to and whose time budget they spend.
 */
export type UpstreamTarget = Pick<
  UpstreamClientOptions,
  "baseUrl" | "forwardedFor" | "timing" | "budget"
>;

/**
 * The pair an answer issued: each token from the body, else from the cookie the answer set (a
 * 204 has no body). Missing either, the answer is unreadable (a 502 page and one log line).
 */
function tokenResponse(jar: PairJar) {
  return z
    .object({ token: z.string().optional(), refresh_token: z.string().optional() })
    .nullish()
    .transform((body, ctx): TokenPair => {
      const token = body?.token ?? jar.lastSet.get(ACCESS_TOKEN_COOKIE);
      const refreshToken = body?.refresh_token ?? jar.lastSet.get(REFRESH_TOKEN_COOKIE);
      if (!token || !refreshToken) {
        const missing = token ? "refresh_token" : "token";
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: "no token" });
        return z.NEVER;
      }
      const cookies = jar.cookies;
      return cookies.length > 0 ? { token, refreshToken, cookies } : { token, refreshToken };
    });
}

/** POST /api/authentication_token; throws UpstreamUnauthorizedError on wrong credentials. */
export function requestToken(
  target: UpstreamTarget,
  email: string,
  password: string,
): Promise<TokenPair> {
  const jar = new PairJar(target.baseUrl);
  return createUpstreamClient({ ...target, cookies: jar }).send(
    "POST",
    "/api/authentication_token",
    { email, password },
    tokenResponse(jar),
  );
}

/**
 * POST /api/authentication_token/refresh, for the main and the impersonated pair alike: the
 * refresh token in the body (SPEC §7) and, with the pair's jar, in its cookie; gesdinet reads the
 * body first and the cookie when the body has none.
 */
export function refreshTokenPair(target: UpstreamTarget, pair: TokenPair): Promise<TokenPair> {
  const jar = new PairJar(target.baseUrl, pair.cookies);
  return createUpstreamClient({ ...target, cookies: jar }).send(
    "POST",
    "/api/authentication_token/refresh",
    { refresh_token: pair.refreshToken },
    tokenResponse(jar),
  );
}

/**
 * The pair after an ordinary call's answer set cookies: a BEARER or refresh_token cookie it set
 * replaces that token (the newest delivery wins), the jar is the jar after the answer.
 */
export function pairAfterCookies(pair: TokenPair, jar: PairJar): TokenPair {
  const cookies = jar.cookies;
  return {
    token: jar.lastSet.get(ACCESS_TOKEN_COOKIE) ?? pair.token,
    refreshToken: jar.lastSet.get(REFRESH_TOKEN_COOKIE) ?? pair.refreshToken,
    ...(cookies.length > 0 ? { cookies } : {}),
  };
}

const clientState = z.object({ isDeleted: z.boolean().optional() });

/**
 * SPEC §6: a deleted advertiser is granted nothing, even by an upstream that still issues their
 * tokens. Read with the pair's own token at login and at each refresh, not on every request:
 * GET /api/adv/clients/{advertiser claim}. True when the record says isDeleted or is gone (404);
 * a pair without the claim (an administrator) is not an advertiser's. Other failures throw.
 */
export async function isDeletedAdvertiser(
  target: UpstreamTarget,
  pair: TokenPair,
): Promise<boolean> {
  const id = readClaims(pair.token)?.advertiser;
  if (id === undefined) return false;
  const token = async () => pair.token;
  // The pair is not the session's yet: what this read sets is not kept.
  const cookies = readOnly(new PairJar(target.baseUrl, pair.cookies));
  const client = createUpstreamClient({
    ...target,
    cookies,
    tokens: { current: token, renew: token },
  });
  try {
    return (await client.get(`/api/adv/clients/${id}`, clientState)).isDeleted === true;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return true;
    throw error;
  }
}

/** Sends a jar's cookies and keeps nothing of the answers. */
const readOnly = (jar: UpstreamCookies): UpstreamCookies => ({
  header: (url) => jar.header(url),
  keep: () => undefined,
});

/**
 * POST /api/token/invalidate (gesdinet's logout): ends the upstream session of a pair's refresh
 * token (in the body, and in its cookie with the pair's jar). Best effort: logout must succeed
 * for the user even when the upstream cannot be reached. An upstream without the call (404, 405:
 * gesdinet's logout is an extension, not SPEC §7) leaves the token valid until it expires, which
 * the operator is told in one line (without the token).
 */
export async function invalidateRefreshToken(
  target: UpstreamTarget,
  pair: TokenPair,
  log: (line: string) => void = portalLog.warn,
) {
  const cookies = readOnly(new PairJar(target.baseUrl, pair.cookies));
  try {
    const response = await createUpstreamClient({ ...target, cookies, timeoutMs: 5000 }).request(
      "POST",
      "/api/token/invalidate",
      { json: { refresh_token: pair.refreshToken } },
    );
    await response.body?.cancel();
  } catch (error) {
    // Already ended (400) or unreachable (logged by the client): the cookie goes either way.
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 405)) {
      log(
        `logout: the upstream has no POST /api/token/invalidate (${error.status}); the refresh token stays valid upstream until it expires`,
      );
    }
  }
}

/**
 * POST /api/adv/switch_user?to={email} with the administrator's token and jar (`admin`); the
 * impersonated pair starts a jar of its own, as its cookies bear the same names as the admin's.
 */
export async function switchUser(
  target: UpstreamTarget,
  admin: Pick<UpstreamClientOptions, "tokens" | "cookies" | "memo">,
  email: string,
): Promise<TokenPair> {
  const jar = new PairJar(target.baseUrl);
  const client = createUpstreamClient({
    ...target,
    ...admin,
    cookies: { header: (url) => admin.cookies?.header(url), keep: (...a) => jar.keep(...a) },
  });
  const response = await client.request("POST", "/api/adv/switch_user", {
    query: { to: email },
    json: {},
  });
  // Both tokens as cookies: lexik's 204, no body to read.
  const empty = response.status === 204 || response.headers.get("Content-Length") === "0";
  return client.readAnswer("POST", "/api/adv/switch_user", empty ? undefined : response, (body) =>
    tokenResponse(jar).parse(body),
  );
}
