// Token calls: login, refresh, logout (invalidate) and switch_user (SPEC §7 Authentication).
import { z } from "zod";
import type { TokenPair } from "../session";
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from "./client";

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
