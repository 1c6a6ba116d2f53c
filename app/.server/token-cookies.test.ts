// Tokens delivered as cookies (LexikJWT `set_cookies`, gesdinet `cookie.enabled`, their defaults:
// 204 answers, tokens only in Set-Cookie): the portal keeps a jar per token pair in its session,
// sends it with every call of that pair, and reads its tokens from it.
import { parse } from "cookie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { impersonate, logout, requireAdvertiser } from "./auth";
import { createPortalContext, type PortalContext } from "./context";
import { identityOf, readClaims } from "./identity";
import { login } from "../routes/_index/login.server";
import { unseal } from "./seal";
import {
  COOKIE_LIMIT,
  RequestSession,
  SESSION_COOKIE,
  decodeSessionCookie,
  type SessionData,
} from "./session";
import { requestToken } from "./upstream/authentication";
import { PairJar } from "./upstream/client";
import { UpstreamUnreadableError } from "./upstream/errors";
import { COOKIE_UPSTREAM, createCookieTokenMock } from "../../tests/mocks/cookie-tokens";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { http, HttpResponse } from "msw";
import { messagesOf } from "./logger";

startMockUpstream();

const cookieOptions = { secrets: ["s"], secure: false };
const whoIs = z.object({ caller: z.string(), impersonator: z.string().nullable() });

function useUpstream(options?: Parameters<typeof createCookieTokenMock>[0]) {
  const upstream = createCookieTokenMock(options);
  server.use(...upstream.handlers);
  return upstream;
}
beforeEach(() => useUpstream());
afterEach(() => vi.restoreAllMocks());

function contextWith(data: SessionData = {}): PortalContext {
  return createPortalContext({
    nonce: "n",
    session: new RequestSession(data, cookieOptions),
    upstreamUrl: COOKIE_UPSTREAM,
  });
}

/** The session cookie's sealed value and its plaintext, after this response. */
function sealed(context: PortalContext) {
  const header = context.session.setCookieHeader();
  if (!header) throw new Error("the session did not change");
  const value = parse(header.split(";")[0]!)[SESSION_COOKIE]!;
  return { header, plain: JSON.stringify(unseal(value, "session", cookieOptions)) };
}

/** The next request of the same browser: the session as the cookie holds it. */
function nextRequest(context: PortalContext): PortalContext {
  const header = context.session.setCookieHeader()!;
  return contextWith(decodeSessionCookie(header.split(";")[0], cookieOptions.secrets));
}

const loginForm = (email: string, password: string) =>
  new Request("http://portal.test/", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
  });

async function loggedIn(email: string, password: string) {
  const context = contextWith();
  await login(loginForm(email, password), context);
  return context;
}
const shop = () => loggedIn("shop@example.com", "shop-password");
const admin = () => loggedIn("admin@example.com", "admin-password");

const cookiesSent = (request: { headers: Headers }) => request.headers.get("Cookie") ?? "";

describe("tokens delivered as cookies", () => {
  it("login: a 204 whose tokens are only in cookies starts the session, each token stored once", async () => {
    const context = await shop();

    expect(identityOf(context.session)).toMatchObject({
      roles: ["ROLE_ADVERTISER"],
      advertiserId: 1,
    });
    const { token, refreshToken, cookies } = context.session.main!;
    expect(cookies?.map(([name]) => name).sort()).toEqual(["BEARER", "refresh_token"]);
    // The jar holds the tokens: the sealed session does not carry them a second time.
    const { plain } = sealed(context);
    expect(plain.split(token)).toHaveLength(2);
    expect(plain.split(refreshToken)).toHaveLength(2);
  });

  it("a page call sends the pair's cookies (the upstream knows the caller by them)", async () => {
    const context = nextRequest(await shop());
    const requests = recordRequests();

    const { api } = await requireAdvertiser(context);
    expect(await api.get("/api/adv/clients/1", whoIs)).toMatchObject({
      caller: "shop@example.com",
    });

    const { token, refreshToken } = context.session.main!;
    expect(cookiesSent(requests[0]!)).toContain(`BEARER=${token}`);
    expect(cookiesSent(requests[0]!)).toContain(`refresh_token=${refreshToken}`);
  });

  it("refresh with the refresh token held only in the jar: the new pair comes from the 204's cookies", async () => {
    useUpstream({ expiresIn: 30 }); // under the 60 s margin: the first call refreshes
    const first = nextRequest(await shop());
    const before = first.session.main!;
    const requests = recordRequests();

    const { api } = await requireAdvertiser(first);
    await api.get("/api/adv/clients/1", whoIs);

    const refresh = requests.find((r) => r.path === "/api/authentication_token/refresh")!;
    expect(cookiesSent(refresh)).toContain(`refresh_token=${before.refreshToken}`);
    const after = nextRequest(first).session.main!;
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.token).not.toBe(before.token);
    expect(after.cookies?.find(([name]) => name === "refresh_token")?.[1]).toBe(after.refreshToken);
    // The page call after the refresh went with the new pair's cookie.
    const page = requests.filter((r) => r.path === "/api/adv/clients/1").at(-1)!;
    expect(cookiesSent(page)).toContain(`BEARER=${after.token}`);
  });

  it("impersonation: the impersonated pair gets a jar of its own, the administrator's stays; the session cookie stays under 4 KB", async () => {
    const adminSession = nextRequest(await admin());
    const adminPair = adminSession.session.main!;
    const requests = recordRequests();

    await impersonate(adminSession, "shop@example.com");

    const switched = requests.find((r) => r.path === "/api/adv/switch_user")!;
    expect(cookiesSent(switched)).toContain(`BEARER=${adminPair.token}`);
    const both = nextRequest(adminSession);
    expect(both.session.main).toEqual(adminPair);
    const impersonated = both.session.impersonation!;
    expect(readClaims(impersonated.token)).toMatchObject({
      username: "shop@example.com",
      impersonator: "admin@example.com",
    });
    expect(impersonated.cookies?.find(([name]) => name === "BEARER")?.[1]).toBe(impersonated.token);

    const { api } = await requireAdvertiser(both);
    expect(await api.get("/api/adv/clients/1", whoIs)).toEqual({
      caller: "shop@example.com",
      impersonator: "admin@example.com",
    });
    const page = requests.at(-1)!;
    expect(cookiesSent(page)).toContain(`BEARER=${impersonated.token}`);
    expect(cookiesSent(page)).not.toContain(adminPair.token);
    const { header } = sealed(adminSession);
    expect(header.length).toBeLessThan(COOKIE_LIMIT);
  });

  it("an answer with neither a body nor the cookies is unreadable (a 502 page), not a 500", async () => {
    server.use(
      http.post(`${COOKIE_UPSTREAM}/api/authentication_token`, () =>
        HttpResponse.text(null, { status: 204 }),
      ),
    );
    const log = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const target = { baseUrl: COOKIE_UPSTREAM };
    await expect(requestToken(target, "shop@example.com", "shop-password")).rejects.toBeInstanceOf(
      UpstreamUnreadableError,
    );
    expect(messagesOf(log.mock.calls)).toContain(
      "upstream POST /api/authentication_token answer unreadable at token: custom",
    );
  });

  it("body tokens and cookies together (remove_token_from_body off): the body's pair, stored once", async () => {
    server.use(
      http.post(`${COOKIE_UPSTREAM}/api/authentication_token`, () =>
        Response.json(
          { token: "body.jwt.token", refresh_token: "r1" },
          {
            headers: [
              ["Set-Cookie", "BEARER=body.jwt.token; Path=/; Secure; HttpOnly; SameSite=lax"],
              ["Set-Cookie", "refresh_token=r1; Path=/; Secure; HttpOnly; SameSite=lax"],
            ],
          },
        ),
      ),
    );
    const pair = await requestToken({ baseUrl: COOKIE_UPSTREAM }, "a@example.com", "p");
    expect(pair).toMatchObject({ token: "body.jwt.token", refreshToken: "r1" });
  });
});

describe("logout", () => {
  it("at an upstream without /api/token/invalidate: one line tells the operator, without the token", async () => {
    const context = nextRequest(await shop());
    useUpstream({ invalidate: false });
    const { refreshToken } = context.session.main!;
    const log = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    const response = await logout(context);

    expect(response.headers.get("Location")).toBe("/");
    expect(messagesOf(log.mock.calls)).toEqual([
      "logout: the upstream has no POST /api/token/invalidate (404); the refresh token stays valid upstream until it expires",
    ]);
    expect(JSON.stringify(log.mock.calls)).not.toContain(refreshToken);
  });

  it("at an upstream with it: the jar's refresh cookie goes along, nothing is logged", async () => {
    const context = nextRequest(await shop());
    const { refreshToken } = context.session.main!;
    const requests = recordRequests();
    const log = vi.spyOn(console, "warn").mockImplementation(() => undefined);

    await logout(context);

    expect(cookiesSent(requests[0]!)).toContain(`refresh_token=${refreshToken}`);
    expect(log).not.toHaveBeenCalled();
  });
});

describe("Secure cookies over plain http", () => {
  const secure = "BEARER=secret-value; Path=/; Secure; HttpOnly; SameSite=lax";

  it("are kept and sent for a loopback upstream (tough-cookie's allowSecureOnLocal)", () => {
    const jar = new PairJar("http://127.0.0.1:8080");
    jar.keep("http://127.0.0.1:8080/api/authentication_token", [secure], () => undefined);
    expect(jar.header("http://127.0.0.1:8080/api/adv/posts")).toBe("BEARER=secret-value");
    const restored = new PairJar("http://127.0.0.1:8080", jar.cookies);
    expect(restored.header("http://127.0.0.1:8080/api/adv/posts")).toBe("BEARER=secret-value");
  });

  it("are refused from any other http host, with a line naming the cookie (not its value)", () => {
    const lines: string[] = [];
    const jar = new PairJar("http://api.internal");
    jar.keep("http://api.internal/api/authentication_token", [secure], (line) => lines.push(line));
    expect(jar.header("http://api.internal/api/adv/posts")).toBeUndefined();
    expect(lines).toEqual([
      "upstream cookie BEARER not kept: Cookie is Secure but this is not a secure connection",
    ]);
  });
});
