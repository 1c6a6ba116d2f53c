// The portal's session against the real reference API with API_TOKEN_COOKIES=on, over HTTP on
// 127.0.0.1 as in CI: login, impersonation, a page call, a refresh and logout with tokens that
// exist only as cookies. The portal's clock (Date) is set to the API's (TEST_NOW).
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestApi, TEST_NOW } from "../../api/testing/db";
import { impersonate, logout, requireAdvertiser } from "./auth";
import { createPortalContext, type PortalContext } from "./context";
import { identityOf } from "./identity";
import { login } from "../routes/_index/login.server";
import { COOKIE_LIMIT, RequestSession, decodeSessionCookie, type SessionData } from "./session";
import { refreshTokenPair } from "./upstream/authentication";
import { UpstreamUnauthorizedError } from "./upstream/errors";

let api: Awaited<ReturnType<typeof createTestApi>>;
let server: ReturnType<typeof serve>;
let upstreamUrl: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW });
  api = await createTestApi({ env: { API_TOKEN_COOKIES: "on" } });
  server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  upstreamUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => server.close(resolve));
  await api.close();
});

const cookieOptions = { secrets: ["s"], secure: false };
const clientRecord = z.object({ "@id": z.string() }).passthrough();

function contextWith(data: SessionData = {}): PortalContext {
  return createPortalContext({
    nonce: "n",
    session: new RequestSession(data, cookieOptions),
    upstreamUrl,
  });
}

const setCookieOf = (context: PortalContext) => context.session.setCookieHeader()!;
/** The browser's next request, with the session cookie this response set. */
const nextRequest = (context: PortalContext) =>
  contextWith(decodeSessionCookie(setCookieOf(context).split(";")[0], cookieOptions.secrets));

const loginForm = (email: string, password: string) =>
  new Request("http://portal.test/", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
  });

describe("the reference API with API_TOKEN_COOKIES=on", () => {
  it("an administrator logs in, impersonates, reads a page, refreshes and logs out on cookie tokens", async () => {
    const first = contextWith();
    await login(loginForm("admin@example.com", "admin-password"), first);
    const adminPair = first.session.main!;
    expect(adminPair.cookies?.map(([name]) => name).sort()).toEqual(["BEARER", "refresh_token"]);
    expect(identityOf(first.session)?.roles).toContain("ROLE_ADMINISTRATOR");

    const second = nextRequest(first);
    await impersonate(second, "shop@example.com");
    const sealedSize = setCookieOf(second).length;
    // Measured: the sealed session of an impersonating administrator, both jars in it.
    console.info(`session cookie of an impersonating administrator: ${sealedSize} bytes`);
    expect(sealedSize).toBeLessThan(COOKIE_LIMIT);

    const third = nextRequest(second);
    expect(identityOf(third.session)).toMatchObject({ advertiserId: 1 });
    const { api: client } = await requireAdvertiser(third);
    expect(await client.get("/api/adv/clients/1", clientRecord)).toMatchObject({
      "@id": "/api/adv/clients/1",
    });

    // An hour on, the token is due: the impersonated pair renews from its cookie jar.
    vi.setSystemTime(TEST_NOW.getTime() + 3590_000);
    api.setNow(new Date(TEST_NOW.getTime() + 3590_000));
    const later = contextWith({
      main: third.session.main,
      impersonation: third.session.impersonation,
    });
    const before = later.session.impersonation!;
    const { api: again } = await requireAdvertiser(later);
    await again.get("/api/adv/clients/1", clientRecord);
    const after = nextRequest(later).session.impersonation!;
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.token).not.toBe(before.token);

    const last = nextRequest(later);
    const { main, impersonation } = last.session;
    await logout(last);
    // Both sessions ended upstream: their refresh tokens are refused.
    for (const pair of [main!, impersonation!]) {
      await expect(refreshTokenPair({ baseUrl: upstreamUrl }, pair)).rejects.toBeInstanceOf(
        UpstreamUnauthorizedError,
      );
    }
  });
});
