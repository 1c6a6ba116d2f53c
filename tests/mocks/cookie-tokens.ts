// An upstream that delivers tokens as cookies, as LexikJWT `set_cookies: { BEARER: ~ }` and
// gesdinet `cookie: { enabled: true }` do with their defaults (ADR: sources and commits): both
// tokens out of the body, so login, refresh and switch_user answer 204 with two Set-Cookies
// (Path=/, Secure, HttpOnly, SameSite=lax). The refresh token is read from the body, else from
// its cookie (gesdinet's ChainExtractor); a call is authenticated by the Authorization header, else
// by the BEARER cookie (lexik's chain: header, then cookie).
import { http, HttpResponse } from "msw";
import { impersonationClaims, verifyToken } from "../fixtures/tokens";
import { demoAccounts, tokenIssuer, type Account } from "./authentication";

/** https: tough-cookie keeps Secure cookies only from https (or loopback) origins, as browsers do. */
export const COOKIE_UPSTREAM = "https://cookie-upstream.test";
const at = (path: string) => `${COOKIE_UPSTREAM}${path}`;

const ATTRIBUTES = "Path=/; Secure; HttpOnly; SameSite=lax";

// Answers with Set-Cookie are plain Responses: msw keeps the cookies of its own HttpResponse in a
// store of its own and adds them to every later request, which would hide what the portal sends.

/** The value of cookie `name` in a request's Cookie header. */
export function requestCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
}

export function createCookieTokenMock({
  accounts = demoAccounts,
  expiresIn = 3600,
  invalidate = true,
}: { accounts?: Account[]; expiresIn?: number; invalidate?: boolean } = {}) {
  const { refreshTokens, issue } = tokenIssuer(expiresIn);

  /** lexik's AuthenticationSuccessHandler with nothing left of the body: 204. */
  const delivered = ({ token, refreshToken }: { token: string; refreshToken: string }) =>
    new Response(null, {
      status: 204,
      headers: [
        ["Set-Cookie", `BEARER=${token}; Max-Age=${expiresIn}; ${ATTRIBUTES}`],
        ["Set-Cookie", `refresh_token=${refreshToken}; Max-Age=2592000; ${ATTRIBUTES}`],
      ],
    });

  const unauthorized = (message: string) =>
    HttpResponse.json({ code: 401, message }, { status: 401 });

  async function caller(request: Request) {
    const header = request.headers.get("Authorization")?.replace(/^Bearer /, "");
    const token = header ?? requestCookie(request, "BEARER");
    if (!token) return undefined;
    return verifyToken(token).catch(() => undefined);
  }

  const refreshTokenOf = async (request: Request) => {
    const body = (await request.json().catch(() => ({}))) as { refresh_token?: string };
    return body.refresh_token ?? requestCookie(request, "refresh_token");
  };

  const handlers = [
    http.post(at("/api/authentication_token"), async ({ request }) => {
      const { email, password } = (await request.json()) as { email: string; password: string };
      const account = accounts.find((a) => a.email === email && a.password === password);
      if (!account) return unauthorized("Invalid credentials.");
      return delivered(await issue(account.claims));
    }),
    http.post(at("/api/authentication_token/refresh"), async ({ request }) => {
      const presented = await refreshTokenOf(request);
      const claims = presented ? refreshTokens.get(presented) : undefined;
      if (!presented || !claims) return unauthorized("JWT Refresh Token Not Found");
      refreshTokens.delete(presented);
      return delivered(await issue(claims));
    }),
    http.post(at("/api/token/invalidate"), async ({ request }) => {
      if (!invalidate) return HttpResponse.json({ "@type": "hydra:Error" }, { status: 404 });
      const presented = await refreshTokenOf(request);
      if (!presented || !refreshTokens.delete(presented)) {
        return HttpResponse.json(
          { code: 400, message: "No refresh_token found." },
          { status: 400 },
        );
      }
      return Response.json(
        { code: 200, message: "The supplied refresh_token has been invalidated." },
        { headers: { "Set-Cookie": `refresh_token=; Max-Age=0; ${ATTRIBUTES}` } },
      );
    }),
    http.post(at("/api/adv/switch_user"), async ({ request }) => {
      const admin = await caller(request);
      if (!admin) return unauthorized("JWT Token not found");
      const to = new URL(request.url).searchParams.get("to");
      const target = accounts.find((a) => a.email === to);
      if (!target) return HttpResponse.json({}, { status: 404 });
      return delivered(
        await issue(impersonationClaims({ ...target.claims, impersonator: admin.username })),
      );
    }),
    // A page call (and the portal's deleted-advertiser check): who the upstream takes the caller
    // to be, by the header or by the cookie.
    http.get(at("/api/adv/clients/:id"), async ({ request, params }) => {
      const who = await caller(request);
      if (!who) return unauthorized("JWT Token not found");
      return HttpResponse.json({
        "@id": `/api/adv/clients/${String(params.id)}`,
        isDeleted: false,
        caller: who.username,
        impersonator: who.impersonator ?? null,
      });
    }),
  ];

  return { handlers, issue };
}
