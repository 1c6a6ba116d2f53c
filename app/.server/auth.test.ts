import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  SESSION_EXPIRED_MESSAGE,
  impersonate,
  logout,
  requireAccess,
  requireAdministrator,
  requireAdvertiser,
  requireRoles,
  storeEmailChangeTokens,
  unimpersonate,
  upstreamFor,
  upstreamForStream,
} from "./auth";
import { createPortalContext, type PortalContext } from "./context";
import { ROLE_ADMINISTRATOR, ROLE_ADVERTISER, ROLE_IMPERSONATOR } from "./identity";
import { RequestSession, decodeSessionCookie, type SessionData } from "./session";
import { UpstreamUnavailableError } from "./upstream/errors";
import { getClient, getSiteSummary, listPosts } from "./upstream/resources";
import { changeEmail } from "./upstream/accounts";
import { advertiserClaims, administratorClaims, makeTokenPair } from "../../tests/fixtures/tokens";
import { administratorsHandlers } from "../../tests/mocks/administrators";
import {
  createAuthenticationMock,
  type AuthenticationMock,
} from "../../tests/mocks/authentication";
import { clientFixture, clientsHandlers } from "../../tests/mocks/clients";
import { postsHandlers } from "../../tests/mocks/posts";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM, api, hydraError, jwtError } from "../../tests/mocks/upstream";

startMockUpstream();

const cookieOptions = { secrets: ["s"], secure: false };

let upstream: AuthenticationMock;
beforeEach(() => {
  upstream = createAuthenticationMock();
  server.use(...upstream.handlers, ...clientsHandlers(), ...administratorsHandlers());
});

function contextWith(data: SessionData): PortalContext {
  return createPortalContext({
    nonce: "n",
    session: new RequestSession(data, cookieOptions),
    upstreamUrl: UPSTREAM,
  });
}

/** What the browser will hold after this response. */
function committedSession(context: PortalContext): SessionData | undefined {
  const header = context.session.setCookieHeader();
  return header === undefined
    ? undefined
    : decodeSessionCookie(header.split(";")[0], cookieOptions.secrets);
}

/** Runs `fn`, expecting it to throw a redirect Response, and returns its Location. */
async function redirectOf(fn: () => Promise<unknown>): Promise<string | null> {
  const thrown = await fn().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Location");
}

const refreshes = (requests: { path: string }[]) =>
  requests.filter((r) => r.path === "/api/authentication_token/refresh");

describe("token refresh", () => {
  it("uses a token with more than 60 s left as it is, and leaves the cookie alone", async () => {
    const pair = await upstream.issue(advertiserClaims(), { expiresIn: 600 });
    const context = contextWith({ main: pair });
    const requests = recordRequests();

    const { api: client } = await requireAdvertiser(context);
    await getClient(client, 1);

    expect(requests.map((r) => r.path)).toEqual(["/api/adv/clients/1"]);
    expect(requests[0]?.token).toBe(pair.token);
    expect(context.session.setCookieHeader()).toBeUndefined();
  });

  it("refreshes a token with less than 60 s left before the call, and stores the new pair", async () => {
    const pair = await upstream.issue(advertiserClaims(), { expiresIn: 30 });
    const context = contextWith({ main: pair });
    const requests = recordRequests();

    const { api: client } = await requireAdvertiser(context);
    await getClient(client, 1);

    // The refreshed advertiser's record is read once (still not deleted, SPEC §6), then the call.
    expect(requests.map((r) => r.path)).toEqual([
      "/api/authentication_token/refresh",
      "/api/adv/clients/1",
      "/api/adv/clients/1",
    ]);
    const fresh = context.session.main;
    expect(fresh?.token).not.toBe(pair.token);
    expect(fresh?.refreshToken).not.toBe(pair.refreshToken);
    expect(requests[1]?.token).toBe(fresh?.token);
    expect(committedSession(context)).toEqual({ main: fresh });
  });

  it("refreshes the impersonation pair while impersonating, leaving the administrator's pair as it was", async () => {
    const admin = await upstream.issue(administratorClaims());
    const impersonation = await upstream.issue(
      advertiserClaims({ impersonator: "admin@example.com" }),
      { expiresIn: 30 },
    );
    const context = contextWith({ main: admin, impersonation });
    const requests = recordRequests();

    const { api: client } = await requireAdvertiser(context);
    await getClient(client, 1);

    expect(upstream.calls.refresh).toEqual([impersonation.refreshToken]);
    expect(context.session.main).toEqual(admin);
    expect(context.session.impersonation?.token).not.toBe(impersonation.token);
    expect(requests.at(-1)?.token).toBe(context.session.impersonation?.token);
    expect(committedSession(context)).toEqual({
      main: admin,
      impersonation: context.session.impersonation,
    });
  });

  it("refreshes only once when the loaders of one request call the upstream in parallel", async () => {
    const pair = await upstream.issue(advertiserClaims(), { expiresIn: 30 });
    const context = contextWith({ main: pair });
    server.use(...postsHandlers());
    const requests = recordRequests();

    // The layout, the page and a validation each guard and call the upstream at the same time, on
    // different URLs and methods: the per-request GET memo cannot merge them, so only the single
    // flight of the refresh keeps the (single-use) refresh token from being spent twice.
    const results = await Promise.allSettled([
      requireAdvertiser(context).then(({ api: client }) => getClient(client, 1)),
      requireAdvertiser(context).then(({ api: client }) =>
        listPosts(client, {}, { page: 1, itemsPerPage: 10 }),
      ),
      requireAdvertiser(context).then(({ api: client }) =>
        client.send("POST", "/api/adv/posts/validate", { title: "冬の大売り出し" }, z.unknown()),
      ),
    ]);

    // Without the single flight the second refresh spends a used token and logs the user out.
    expect(upstream.calls.refresh).toEqual([pair.refreshToken]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const [layout, page] = results as [
      PromiseFulfilledResult<{ id: number }>,
      PromiseFulfilledResult<{ member: unknown[] }>,
      unknown,
    ];
    expect(layout.value.id).toBe(1);
    expect(page.value.member.length).toBeGreaterThan(0);
    expect(refreshes(requests)).toHaveLength(1);
    const fresh = context.session.main;
    expect(fresh?.token).not.toBe(pair.token);
    const calls = requests.filter((r) => r.path !== "/api/authentication_token/refresh");
    expect(calls.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /api/adv/clients/1",
      "GET /api/adv/clients/1", // the deleted check of the one refresh
      "GET /api/adv/posts",
      "POST /api/adv/posts/validate",
    ]);
    for (const call of calls) expect(call.token).toBe(fresh?.token);
    expect(committedSession(context)?.main).toEqual(fresh);
  });

  it("refreshes once after a 401 and retries the call with the new token", async () => {
    const pair = await upstream.issue(advertiserClaims());
    const context = contextWith({ main: pair });
    server.use(
      http.get(api("/api/adv/clients/1"), () => jwtError("Invalid JWT Token"), { once: true }),
    );
    const requests = recordRequests();

    const record = await getClient(upstreamFor(context, "main"), 1);

    expect(record.id).toBe(1);
    expect(requests.map((r) => r.path)).toEqual([
      "/api/adv/clients/1",
      "/api/authentication_token/refresh",
      "/api/adv/clients/1", // the deleted check
      "/api/adv/clients/1",
    ]);
    expect(requests[0]?.token).toBe(pair.token);
    expect(requests[3]?.token).toBe(context.session.main?.token);
    expect(context.session.main?.token).not.toBe(pair.token);
  });

  it("refreshes once when parallel calls all get a 401 for the same token", async () => {
    const pair = await upstream.issue(advertiserClaims());
    const context = contextWith({ main: pair });
    server.use(
      http.get(api("/api/adv/clients/1"), ({ request }) =>
        request.headers.get("Authorization") === `Bearer ${pair.token}`
          ? jwtError("Invalid JWT Token")
          : undefined,
      ),
    );
    const requests = recordRequests();
    const client = upstreamFor(context, "main");

    await Promise.all([
      getClient(client, 1),
      client.get("/api/adv/clients/1", z.unknown(), { groups: "detail" }),
    ]);

    expect(refreshes(requests)).toHaveLength(1);
  });

  it("logs out with the spec's message and redirects to Login when the refresh token is refused", async () => {
    const pair = await makeTokenPair(advertiserClaims(), { expiresIn: 30 }); // unknown to the upstream
    const context = contextWith({ main: pair });
    const requests = recordRequests();

    const { api: client } = await requireAdvertiser(context);
    expect(await redirectOf(() => getClient(client, 1))).toBe("/");

    expect(requests.map((r) => r.path)).toEqual(["/api/authentication_token/refresh"]);
    expect(context.session.main).toBeUndefined();
    expect(context.session.impersonation).toBeUndefined();
    expect(committedSession(context)).toEqual({
      flash: { kind: "error", message: SESSION_EXPIRED_MESSAGE },
    });
    expect(context.session.takeFlash()).toEqual({
      kind: "error",
      message: SESSION_EXPIRED_MESSAGE,
    });
  });

  it("logs out a deleted advertiser at refresh, though the upstream still refreshes the pair", async () => {
    const pair = await upstream.issue(advertiserClaims(), { expiresIn: 30 });
    const context = contextWith({ main: pair });
    server.use(...clientsHandlers([clientFixture(1, { isDeleted: true })]));
    const requests = recordRequests();

    const { api: client } = await requireAdvertiser(context);
    expect(await redirectOf(() => listPosts(client, {}, { page: 1, itemsPerPage: 10 }))).toBe("/");

    expect(requests.map((r) => r.path)).toEqual([
      "/api/authentication_token/refresh",
      "/api/adv/clients/1",
      "/api/token/invalidate",
    ]);
    // The fresh pair is ended upstream, and nothing was asked with it but the check.
    expect(upstream.calls.invalidate).toHaveLength(1);
    expect(upstream.calls.invalidate[0]).not.toBe(pair.refreshToken);
    expect(context.session.main).toBeUndefined();
    expect(committedSession(context)).toEqual({
      flash: { kind: "error", message: SESSION_EXPIRED_MESSAGE },
    });
  });

  it("keeps the refreshed session when the deleted check cannot reach the upstream", async () => {
    const pair = await upstream.issue(advertiserClaims(), { expiresIn: 30 });
    const context = contextWith({ main: pair });
    server.use(
      http.get(api("/api/adv/clients/1"), () => hydraError(503, "Service Unavailable"), {
        once: true,
      }),
    );

    const { api: client } = await requireAdvertiser(context);
    expect((await getClient(client, 1)).id).toBe(1);
    expect(context.session.main?.token).not.toBe(pair.token);
  });

  it("logs out when the refresh after a 401 is refused", async () => {
    const pair = await makeTokenPair(advertiserClaims()); // valid for an hour, refresh token unknown
    const context = contextWith({ main: pair });
    server.use(http.get(api("/api/adv/clients/1"), () => jwtError("Invalid JWT Token")));

    expect(await redirectOf(() => getClient(upstreamFor(context, "main"), 1))).toBe("/");
    expect(context.session.main).toBeUndefined();
    expect(committedSession(context)?.flash?.message).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it("when the impersonation dies, ends the administrator's own session upstream too, once", async () => {
    const admin = await upstream.issue(administratorClaims());
    // Valid for 30 s, its refresh token unknown upstream (ended elsewhere): the refresh is refused.
    const impersonation = await makeTokenPair(
      advertiserClaims({ impersonator: "admin@example.com" }),
      { expiresIn: 30 },
    );
    const context = contextWith({ main: admin, impersonation });

    const { api: client } = await requireAdvertiser(context);
    const outcomes = await Promise.allSettled([
      getClient(client, 1),
      client.get("/api/adv/clients/1", z.unknown(), { groups: "detail" }),
    ]);

    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      const thrown = (outcome as PromiseRejectedResult).reason as Response;
      expect(thrown.headers.get("Location")).toBe("/");
    }
    expect(upstream.calls.invalidate).toEqual([admin.refreshToken]);
    expect(committedSession(context)).toEqual({
      flash: { kind: "error", message: SESSION_EXPIRED_MESSAGE },
    });
  });

  it("when the administrator's session dies while impersonating, ends the impersonation upstream", async () => {
    const admin = await makeTokenPair(administratorClaims(), { expiresIn: 30 });
    const impersonation = await upstream.issue(
      advertiserClaims({ impersonator: "admin@example.com" }),
    );
    const context = contextWith({ main: admin, impersonation });

    expect(await redirectOf(() => getSiteSummary(upstreamFor(context, "main")))).toBe("/");
    expect(upstream.calls.invalidate).toEqual([impersonation.refreshToken]);
    expect(context.session.main).toBeUndefined();
    expect(context.session.impersonation).toBeUndefined();
  });

  it("keeps the user logged in when the refresh fails because the upstream is down", async () => {
    const pair = await upstream.issue(advertiserClaims(), { expiresIn: 30 });
    const context = contextWith({ main: pair });
    server.use(
      http.post(api("/api/authentication_token/refresh"), () =>
        hydraError(503, "Service Unavailable"),
      ),
    );
    const client = upstreamFor(context, "main");

    await expect(getClient(client, 1)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(context.session.main).toEqual(pair);
    expect(context.session.setCookieHeader()).toBeUndefined();
  });
});

describe("upstreamForStream (a download that calls the upstream after its headers are sent)", () => {
  it("renews a token that would expire during the download, before the response starts", async () => {
    const pair = await upstream.issue(administratorClaims(), { expiresIn: 300 });
    const context = contextWith({ main: pair });
    const requests = recordRequests();

    const client = await upstreamForStream(context);

    expect(refreshes(requests)).toHaveLength(1);
    const fresh = context.session.main!.token;
    expect(fresh).not.toBe(pair.token);
    expect(committedSession(context)?.main?.token).toBe(fresh);
    await getClient(client, 1);
    expect(requests.at(-1)?.token).toBe(fresh);
  });

  it("pins a token with time to spare: never refreshes later, even after a 401", async () => {
    const pair = await upstream.issue(administratorClaims());
    const context = contextWith({ main: pair });
    server.use(http.get(api("/api/adv/clients/1"), () => jwtError("Invalid JWT Token")));
    const requests = recordRequests();

    const client = await upstreamForStream(context);
    await expect(getClient(client, 1)).rejects.toThrow();

    expect(refreshes(requests)).toHaveLength(0);
    expect(requests.every((r) => r.token === pair.token)).toBe(true);
    expect(context.session.setCookieHeader()).toBeUndefined();
  });
});

describe("guards", () => {
  it("sends an anonymous visitor to Login", async () => {
    const context = contextWith({});

    expect(await redirectOf(() => requireAdvertiser(context))).toBe("/");
    expect(await redirectOf(() => requireAdministrator(context))).toBe("/");
  });

  it("sends a visitor whose cookie holds an unreadable token to Login", async () => {
    const context = contextWith({ main: { token: "not-a-jwt", refreshToken: "x".repeat(64) } });

    expect(await redirectOf(() => requireAdvertiser(context))).toBe("/");
  });

  it("lets an advertiser into advertiser pages only", async () => {
    const context = contextWith({ main: await makeTokenPair(advertiserClaims()) });

    const { identity } = await requireAdvertiser(context);
    expect(identity).toMatchObject({ roles: [ROLE_ADVERTISER], advertiserId: 1 });
    expect(await redirectOf(() => requireAdministrator(context))).toBe("/");
  });

  it("lets an administrator into administrator pages only", async () => {
    const context = contextWith({ main: await makeTokenPair(administratorClaims()) });

    const { identity } = await requireAdministrator(context);
    expect(identity).toMatchObject({ roles: [ROLE_ADMINISTRATOR], administratorId: 1 });
    expect(await redirectOf(() => requireAdvertiser(context))).toBe("/");
  });

  it("requires every listed role, and a route with no roles listed lets nobody in", async () => {
    const context = contextWith({ main: await makeTokenPair(administratorClaims()) });

    expect(
      await redirectOf(() => requireRoles(context, [ROLE_ADMINISTRATOR, ROLE_IMPERSONATOR])),
    ).toBe("/");
    expect(await redirectOf(() => requireRoles(context, []))).toBe("/");
  });

  it("gives an impersonating administrator the advertiser's pages and the impersonator role, not the admin pages", async () => {
    const context = contextWith({
      main: await makeTokenPair(administratorClaims()),
      impersonation: await makeTokenPair(advertiserClaims({ impersonator: "admin@example.com" })),
    });

    const { identity } = await requireAdvertiser(context);
    expect(identity.roles).toEqual(expect.arrayContaining([ROLE_ADVERTISER, ROLE_IMPERSONATOR]));
    expect(identity.impersonator).toMatchObject({
      administratorId: 1,
      username: "admin@example.com",
    });
    await expect(
      requireRoles(context, [ROLE_ADVERTISER, ROLE_IMPERSONATOR]),
    ).resolves.toBeDefined();
    expect(await redirectOf(() => requireAdministrator(context))).toBe("/");
  });

  it("calls the upstream with the impersonated advertiser's token while impersonating", async () => {
    const admin = await upstream.issue(administratorClaims());
    const impersonation = await upstream.issue(
      advertiserClaims({ impersonator: "admin@example.com" }),
    );
    const context = contextWith({ main: admin, impersonation });
    const requests = recordRequests();

    await getClient((await requireAdvertiser(context)).api, 1);

    expect(requests[0]?.token).toBe(impersonation.token);
  });

  it("passes public routes without a session and guards the others by their access level", async () => {
    const context = contextWith({ main: await makeTokenPair(advertiserClaims()) });

    await expect(requireAccess(contextWith({}), "public")).resolves.toBeUndefined();
    await expect(requireAccess(context, "advertiser")).resolves.toMatchObject({
      identity: { advertiserId: 1 },
    });
    expect(await redirectOf(() => requireAccess(context, "administrator"))).toBe("/");
  });
});

describe("impersonation", () => {
  it("switches user with the administrator's token and keeps both pairs", async () => {
    const admin = await upstream.issue(administratorClaims());
    const context = contextWith({ main: admin });

    const response = await impersonate(context, "shop@example.com");

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/advertiser");
    expect(upstream.calls.switchUser).toEqual([{ to: "shop@example.com", token: admin.token }]);
    expect(context.session.main).toEqual(admin);
    expect(context.session.impersonation?.token).toBeDefined();
    expect(context.session.impersonation?.refreshToken).toMatch(/^[0-9a-f]{64}$/);
    expect(committedSession(context)).toEqual({
      main: admin,
      impersonation: context.session.impersonation,
    });

    // The rest of the portal now sees the advertiser, with the admin behind it.
    const { identity } = await requireAdvertiser(context);
    expect(identity).toMatchObject({
      advertiserId: 1,
      username: "shop@example.com",
      impersonator: { administratorId: 1, username: "admin@example.com", userLoginId: 1 },
    });
  });

  it("refreshes an expiring administrator token before switching user", async () => {
    const admin = await upstream.issue(administratorClaims(), { expiresIn: 30 });
    const context = contextWith({ main: admin });

    await impersonate(context, "shop@example.com");

    expect(upstream.calls.refresh).toEqual([admin.refreshToken]);
    expect(upstream.calls.switchUser[0]?.token).toBe(context.session.main?.token);
    expect(context.session.impersonation).toBeDefined();
  });

  it("does not let an advertiser impersonate anyone", async () => {
    const context = contextWith({ main: await upstream.issue(advertiserClaims()) });

    expect(await redirectOf(() => impersonate(context, "shop@example.com"))).toBe("/");
    expect(upstream.calls.switchUser).toEqual([]);
    expect(context.session.impersonation).toBeUndefined();
  });

  it("returns to the administrator: only the impersonation pair goes", async () => {
    const admin = await upstream.issue(administratorClaims());
    const context = contextWith({ main: admin });
    await impersonate(context, "shop@example.com");
    const impersonation = context.session.impersonation!;

    const response = await unimpersonate(context);

    expect(response.headers.get("Location")).toBe("/administrator");
    expect(upstream.calls.invalidate).toEqual([impersonation.refreshToken]);
    expect(context.session.main).toEqual(admin);
    expect(context.session.impersonation).toBeUndefined();
    expect(committedSession(context)).toEqual({ main: admin });
    const { identity } = await requireAdministrator(context);
    expect(identity.roles).toEqual([ROLE_ADMINISTRATOR]);
    await expect(getSiteSummary(upstreamFor(context, "main"))).resolves.toMatchObject({
      advertisers: 40,
    });
  });

  it("refuses to unimpersonate when nobody is impersonating", async () => {
    const admin = await makeTokenPair(administratorClaims());
    const context = contextWith({ main: admin });

    expect(await redirectOf(() => unimpersonate(context))).toBe("/");
    expect(context.session.main).toEqual(admin);
  });
});

describe("logout", () => {
  it("ends both sessions upstream, clears every token and expires the cookie", async () => {
    const main = await upstream.issue(administratorClaims());
    const impersonation = await upstream.issue(
      advertiserClaims({ impersonator: "admin@example.com" }),
    );
    const context = contextWith({ main, impersonation });

    const response = await logout(context);

    expect(response.headers.get("Location")).toBe("/");
    expect(upstream.calls.invalidate.sort()).toEqual(
      [main.refreshToken, impersonation.refreshToken].sort(),
    );
    expect(context.session.main).toBeUndefined();
    expect(context.session.impersonation).toBeUndefined();
    const header = context.session.setCookieHeader();
    expect(header).toMatch(/^__session=;/);
    expect(header).toContain("Max-Age=0");
    expect(header).toContain("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    expect(await redirectOf(() => requireAdvertiser(context))).toBe("/");
  });

  it("still logs out locally when the upstream cannot be reached", async () => {
    server.use(http.post(api("/api/token/invalidate"), () => HttpResponse.error()));
    const context = contextWith({ main: await upstream.issue(advertiserClaims()) });

    const response = await logout(context);

    expect(response.headers.get("Location")).toBe("/");
    expect(context.session.main).toBeUndefined();
  });
});

describe("the e-mail change's tokens", () => {
  const path = "/api/adv/user_logins/5/update_email";
  /** The upstream changes the e-mail and answers `answer` (a 204 when it is null). */
  const answering = (answer: unknown) =>
    server.use(
      http.patch(api(path), () =>
        answer === null ? new HttpResponse(null, { status: 204 }) : HttpResponse.json(answer),
      ),
    );

  /** Changes the e-mail through the advertiser's session, as the 変更 action does. */
  async function change(context: PortalContext) {
    const { api: client } = await requireAdvertiser(context);
    await storeEmailChangeTokens(
      context,
      await changeEmail(client, 5, "new@example.com"),
      () => {},
    );
  }

  it.each(["refreshToken", "refresh_token"] as const)(
    "stores the pair our reference API answers (token and %s) as it is",
    async (key) => {
      const context = contextWith({ main: await upstream.issue(advertiserClaims()) });
      const fresh = await makeTokenPair(advertiserClaims());
      answering({ token: fresh.token, [key]: fresh.refreshToken });
      const requests = recordRequests();

      await change(context);

      expect(context.session.main).toEqual(fresh);
      expect(refreshes(requests)).toHaveLength(0);
    },
  );

  it("exchanges §7's lone refreshToken for a fresh pair at once", async () => {
    const context = contextWith({ main: await upstream.issue(advertiserClaims()) });
    const given = await upstream.issue(advertiserClaims());
    answering({ refreshToken: given.refreshToken });

    await change(context);

    expect(upstream.calls.refresh).toEqual([given.refreshToken]);
    expect(context.session.main?.refreshToken).not.toBe(given.refreshToken);
    expect(committedSession(context)?.main).toEqual(context.session.main);
  });

  it.each([null, {}, "<html>done</html>"])(
    "refreshes with the stored refresh token when the answer (%j) has no token",
    async (answer) => {
      const stored = await upstream.issue(advertiserClaims());
      const context = contextWith({ main: stored });
      if (typeof answer === "string")
        server.use(http.patch(api(path), () => HttpResponse.text(answer)));
      else answering(answer);

      await change(context);

      expect(upstream.calls.refresh).toEqual([stored.refreshToken]);
      expect(context.session.main?.token).not.toBe(stored.token);
    },
  );

  it("logs out with the expiry message when that refresh is refused", async () => {
    const context = contextWith({ main: await makeTokenPair(advertiserClaims()) }); // unknown upstream
    answering(null);

    expect(await redirectOf(() => change(context))).toBe("/");
    expect(context.session.main).toBeUndefined();
    expect(committedSession(context)?.flash?.message).toBe(SESSION_EXPIRED_MESSAGE);
  });

  it("keeps the given refresh token when the upstream is down for the refresh", async () => {
    const stored = await upstream.issue(advertiserClaims());
    const context = contextWith({ main: stored });
    answering({ refreshToken: "given-refresh-token" });
    server.use(
      http.post(api("/api/authentication_token/refresh"), () =>
        hydraError(503, "Service Unavailable"),
      ),
    );

    await change(context);

    expect(context.session.main).toEqual({
      token: stored.token,
      refreshToken: "given-refresh-token",
    });
  });
});
