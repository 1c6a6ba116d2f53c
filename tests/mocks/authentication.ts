// The upstream's token endpoints (SPEC §7 Authentication): login, refresh, invalidate (logout)
// and switch_user.
// Stateful like the real thing: it knows its accounts, issues realistic token pairs and accepts
// each refresh token once (gesdinet single_use), so a duplicate refresh fails as it would live.
import { http, HttpResponse } from "msw";
import {
  advertiserClaims,
  administratorClaims,
  impersonationClaims,
  makeRefreshToken,
  makeToken,
  type TokenClaims,
} from "../fixtures/tokens";
import type { TokenPair } from "~/.server/session";
import { api, authenticate, jwtError } from "./upstream";

export type Account = { email: string; password: string; claims: TokenClaims };

export const demoAccounts: Account[] = [
  { email: "admin@example.com", password: "admin-password", claims: administratorClaims() },
  { email: "shop@example.com", password: "shop-password", claims: advertiserClaims() },
];

/**
 * Issues token pairs as the upstream does (`expiresIn` seconds unless told), keeping each refresh
 * token's claims in `refreshTokens` until it is used.
 */
export function tokenIssuer(expiresIn: number) {
  const refreshTokens = new Map<string, TokenClaims>();
  // Tests issue several tokens within one second; real issues are seconds apart. Advancing `iat`
  // keeps every token distinct, as a refreshed token is in production.
  let lastIat = 0;

  /** Issues a pair the upstream will later accept for a refresh. */
  async function issue(
    claims: TokenClaims,
    options: { expiresIn?: number } = {},
  ): Promise<TokenPair> {
    lastIat = Math.max(Math.floor(Date.now() / 1000), lastIat + 1);
    const token = await makeToken(claims, {
      expiresIn: options.expiresIn ?? expiresIn,
      iat: lastIat,
    });
    const refreshToken = makeRefreshToken();
    refreshTokens.set(refreshToken, claims);
    return { token, refreshToken };
  }
  return { refreshTokens, issue };
}

export function createAuthenticationMock({
  accounts = demoAccounts,
  expiresIn = 3600,
}: { accounts?: Account[]; expiresIn?: number } = {}) {
  const { refreshTokens, issue } = tokenIssuer(expiresIn);
  const calls = {
    login: [] as { email: string; password: string }[],
    refresh: [] as string[],
    invalidate: [] as string[],
    switchUser: [] as { to: string | null; token: string | undefined }[],
  };

  const wire = ({ token, refreshToken }: TokenPair) =>
    HttpResponse.json({ token, refresh_token: refreshToken });

  const handlers = [
    http.post(api("/api/authentication_token"), async ({ request }) => {
      const { email, password } = (await request.json()) as { email: string; password: string };
      calls.login.push({ email, password });
      const account = accounts.find((a) => a.email === email && a.password === password);
      if (!account) return jwtError("Invalid credentials.");
      return wire(await issue(account.claims));
    }),

    http.post(api("/api/authentication_token/refresh"), async ({ request }) => {
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      calls.refresh.push(refresh_token);
      const claims = refreshTokens.get(refresh_token);
      if (!claims) return jwtError("JWT Refresh Token Not Found");
      refreshTokens.delete(refresh_token);
      return wire(await issue(claims));
    }),

    http.post(api("/api/token/invalidate"), async ({ request }) => {
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      calls.invalidate.push(refresh_token);
      if (!refreshTokens.delete(refresh_token)) {
        return HttpResponse.json(
          { code: 400, message: "No refresh_token found." },
          { status: 400 },
        );
      }
      return HttpResponse.json({
        code: 200,
        message: "The supplied refresh_token has been invalidated.",
      });
    }),

    http.post(api("/api/adv/switch_user"), async ({ request }) => {
      const to = new URL(request.url).searchParams.get("to");
      calls.switchUser.push({
        to,
        token: request.headers.get("Authorization")?.replace(/^Bearer /, ""),
      });
      const admin = await authenticate(request);
      if (admin instanceof Response) return admin;
      if (!admin.roles.includes("ROLE_ADMINISTRATOR"))
        return HttpResponse.json({}, { status: 403 });
      const target = accounts.find(
        (a) => a.email === to && a.claims.roles.includes("ROLE_ADVERTISER"),
      );
      if (!target) return HttpResponse.json({}, { status: 404 });
      return wire(
        await issue(impersonationClaims({ ...target.claims, impersonator: admin.username })),
      );
    }),
  ];

  return { handlers, issue, calls };
}

export type AuthenticationMock = ReturnType<typeof createAuthenticationMock>;
