// Token calls: login, refresh and switch_user (SPEC §7 Authentication).
import { z } from "zod";
import type { TokenPair } from "../session";
import { createUpstreamClient, type UpstreamClient } from "./client";

const tokenResponse = z
  .object({ token: z.string(), refresh_token: z.string() })
  .transform(({ token, refresh_token }): TokenPair => ({ token, refreshToken: refresh_token }));

/** POST /api/authentication_token; throws UpstreamUnauthorizedError on wrong credentials. */
export function requestToken(baseUrl: string, email: string, password: string): Promise<TokenPair> {
  return createUpstreamClient({ baseUrl }).send(
    "POST",
    "/api/authentication_token",
    { email, password },
    tokenResponse,
  );
}

/** POST /api/authentication_token/refresh, for the main and the impersonated pair alike. */
export function refreshTokenPair(baseUrl: string, refreshToken: string): Promise<TokenPair> {
  return createUpstreamClient({ baseUrl }).send(
    "POST",
    "/api/authentication_token/refresh",
    { refresh_token: refreshToken },
    tokenResponse,
  );
}

/** POST /api/adv/switch_user?to={email} with the administrator's token. */
export async function switchUser(admin: UpstreamClient, email: string): Promise<TokenPair> {
  const response = await admin.request("POST", "/api/adv/switch_user", {
    query: { to: email },
    json: {},
  });
  return tokenResponse.parse(await response.json());
}
