// Token calls: login, refresh, logout (invalidate) and switch_user (SPEC §7 Authentication).
import { z } from "zod";
import { readClaims } from "../identity";
import type { TokenPair } from "../session";
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from "./client";
import { UpstreamError } from "./errors";

/**
 * Where the token calls go, for which browser address (the upstream's login throttling), which
 * request's call count they add to and whose time budget they spend.
 */
export type UpstreamTarget = Pick<
  UpstreamClientOptions,
  "baseUrl" | "forwardedFor" | "timing" | "budget"
>;

const tokenResponse = z
  .object({ token: z.string(), refresh_token: z.string() })
  .transform(({ token, refresh_token }): TokenPair => ({ token, refreshToken: refresh_token }));

/** POST /api/authentication_token; throws UpstreamUnauthorizedError on wrong credentials. */
export function requestToken(
  target: UpstreamTarget,
  email: string,
  password: string,
): Promise<TokenPair> {
  return createUpstreamClient(target).send(
    "POST",
    "/api/authentication_token",
    { email, password },
    tokenResponse,
  );
}

/** POST /api/authentication_token/refresh, for the main and the impersonated pair alike. */
export function refreshTokenPair(target: UpstreamTarget, refreshToken: string): Promise<TokenPair> {
  return createUpstreamClient(target).send(
    "POST",
    "/api/authentication_token/refresh",
    { refresh_token: refreshToken },
    tokenResponse,
  );
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
  const client = createUpstreamClient({ ...target, tokens: { current: token, renew: token } });
  try {
    return (await client.get(`/api/adv/clients/${id}`, clientState)).isDeleted === true;
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return true;
    throw error;
  }
}

/**
 * POST /api/token/invalidate (gesdinet's logout): ends the upstream session of a refresh token.
 * Best effort: logout must succeed for the user even when the upstream cannot be reached.
 */
export async function invalidateRefreshToken(target: UpstreamTarget, refreshToken: string) {
  try {
    const response = await createUpstreamClient({ ...target, timeoutMs: 5000 }).request(
      "POST",
      "/api/token/invalidate",
      { json: { refresh_token: refreshToken } },
    );
    await response.body?.cancel();
  } catch {
    // Already ended (400) or unreachable (logged by the client): the cookie goes either way.
  }
}

/** POST /api/adv/switch_user?to={email} with the administrator's token. */
export async function switchUser(admin: UpstreamClient, email: string): Promise<TokenPair> {
  const response = await admin.request("POST", "/api/adv/switch_user", {
    query: { to: email },
    json: {},
  });
  return tokenResponse.parse(await response.json());
}
