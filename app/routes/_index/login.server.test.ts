import { parseWithZod } from "@conform-to/zod";
import { http } from "msw";
import { FormStrategy } from "remix-auth-form";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createPortalContext, type PortalContext } from "~/.server/context";
import { identityOf } from "~/.server/identity";
import { LoginThrottle } from "~/.server/login-throttle";
import {
  LOGIN_FAILED_MESSAGE,
  LOGIN_RATE_LIMITED_MESSAGE,
  LOGIN_UNAVAILABLE_MESSAGE,
  authenticator,
  credentialsSchema,
  login,
} from "./login.server";
import { RequestSession } from "~/.server/session";
import {
  administratorClaims,
  impersonationClaims,
  makeTokenPair,
} from "../../../tests/fixtures/tokens";
import {
  createAuthenticationMock,
  type AuthenticationMock,
} from "../../../tests/mocks/authentication";
import { clientFixture, clientsHandlers } from "../../../tests/mocks/clients";
import { recordRequests, server, startMockUpstream } from "../../../tests/mocks/server";
import { UPSTREAM, api, hydraError } from "../../../tests/mocks/upstream";
import { messagesOf } from "~/.server/logger";

startMockUpstream();

let upstream: AuthenticationMock;
beforeEach(() => {
  upstream = createAuthenticationMock();
  server.use(...upstream.handlers, ...clientsHandlers());
});

function context(
  session = new RequestSession({}, { secrets: ["s"], secure: false }),
  loginThrottle = new LoginThrottle({ perAccount: 3, perAddress: 10, windowSeconds: 60 }),
): PortalContext {
  return createPortalContext({ nonce: "n", session, upstreamUrl: UPSTREAM, loginThrottle });
}

/** The form errors of a refused login, and its status. */
const refusal = (status: number, message: string) => ({
  loggedIn: false,
  status,
  result: expect.objectContaining({ error: { "": [message] } }),
});

function loginForm(fields: Record<string, string>) {
  return new Request("http://portal.test/", { method: "POST", body: new URLSearchParams(fields) });
}

describe("login", () => {
  it("stores the upstream's token pair in a fresh session", async () => {
    const ctx = context();
    const requests = recordRequests();

    const outcome = await login(
      loginForm({ email: "shop@example.com", password: "shop-password", redirectTo: "/x" }),
      ctx,
    );

    expect(outcome).toEqual({ loggedIn: true, redirectTo: "/x" });
    expect(upstream.calls.login).toEqual([
      { email: "shop@example.com", password: "shop-password" },
    ]);
    expect(requests[0]?.headers.has("Authorization")).toBe(false);
    expect(ctx.session.main?.refreshToken).toMatch(/^[0-9a-f]{64}$/);
    expect(identityOf(ctx.session)).toMatchObject({ roles: ["ROLE_ADVERTISER"], advertiserId: 1 });
    expect(ctx.session.setCookieHeader()).toMatch(/^__session=/);
  });

  it("sends the e-mail address without surrounding spaces", async () => {
    await login(
      loginForm({ email: "  admin@example.com ", password: "admin-password" }),
      context(),
    );

    expect(upstream.calls.login[0]?.email).toBe("admin@example.com");
  });

  it("replaces an earlier session, impersonation included", async () => {
    const session = new RequestSession(
      {
        main: await makeTokenPair(administratorClaims()),
        impersonation: await makeTokenPair(impersonationClaims()),
      },
      { secrets: ["s"], secure: false },
    );

    await login(
      loginForm({ email: "shop@example.com", password: "shop-password" }),
      context(session),
    );

    expect(session.impersonation).toBeUndefined();
    expect(identityOf(session)?.username).toBe("shop@example.com");
  });

  it("refuses a deleted advertiser whose credentials the upstream still accepts (SPEC §6)", async () => {
    server.use(...clientsHandlers([clientFixture(1, { isDeleted: true })]));
    const ctx = context();
    const requests = recordRequests();

    const outcome = await login(
      loginForm({ email: "shop@example.com", password: "shop-password" }),
      ctx,
    );
    // As wrong credentials: the login page answers LOGIN_FAILED_MESSAGE.
    expect(outcome).toEqual(refusal(401, LOGIN_FAILED_MESSAGE));
    expect(requests.map((r) => r.path)).toEqual([
      "/api/authentication_token",
      "/api/adv/clients/1",
      "/api/token/invalidate",
    ]);
    expect(upstream.calls.invalidate).toHaveLength(1);
    expect(ctx.session.main).toBeUndefined();
    expect(ctx.session.setCookieHeader()).toBeUndefined();
  });

  it("reads the client record once at login, and not for an administrator", async () => {
    const requests = recordRequests();
    await login(loginForm({ email: "shop@example.com", password: "shop-password" }), context());
    await login(loginForm({ email: "admin@example.com", password: "admin-password" }), context());
    expect(requests.map((r) => r.path)).toEqual([
      "/api/authentication_token",
      "/api/adv/clients/1",
      "/api/authentication_token",
    ]);
  });

  it("answers wrong credentials with LOGIN_FAILED_MESSAGE and leaves the session alone", async () => {
    const ctx = context();

    expect(
      await login(loginForm({ email: "shop@example.com", password: "wrong-password" }), ctx),
    ).toEqual(refusal(401, LOGIN_FAILED_MESSAGE));
    expect(ctx.session.main).toBeUndefined();
    expect(ctx.session.setCookieHeader()).toBeUndefined();
  });

  it("answers 503 in Japanese when the upstream is down, and logs the status and path", async () => {
    server.use(
      http.post(api("/api/authentication_token"), () => hydraError(503, "Service Unavailable")),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    expect(
      await login(loginForm({ email: "shop@example.com", password: "shop-password" }), context()),
    ).toEqual(refusal(503, LOGIN_UNAVAILABLE_MESSAGE));
    expect(messagesOf(warn.mock.calls)).toContain(
      "upstream POST /api/authentication_token answered 503",
    );
    warn.mockRestore();
  });
});

describe("login on one parse of the form", () => {
  it("puts the errors beside the fields in Japanese, keeps the typed address, asks no one", async () => {
    const requests = recordRequests();

    const outcome = await login(loginForm({ email: "shop@", password: "" }), context());

    expect(outcome).toMatchObject({
      loggedIn: false,
      status: 400,
      result: {
        initialValue: { email: "shop@" },
        error: {
          email: ["メールアドレスの形式が正しくありません。"],
          password: ["パスワードを入力してください。"],
        },
      },
    });
    expect(JSON.stringify(outcome)).not.toContain('password":"');
    expect(requests).toEqual([]);
  });

  it("keeps the address but never the password when the login is refused", async () => {
    const outcome = await login(
      loginForm({ email: "shop@example.com", password: "wrong-password" }),
      context(),
    );

    expect(outcome).toMatchObject({ result: { initialValue: { email: "shop@example.com" } } });
    expect(JSON.stringify(outcome)).not.toContain("wrong-password");
  });

  it("asks the throttle before the upstream: a locked-out account waits, with Retry-After", async () => {
    const ctx = context();
    for (let i = 0; i < 3; i += 1) {
      await login(loginForm({ email: "shop@example.com", password: "wrong-password" }), ctx);
    }
    const requests = recordRequests();

    const outcome = await login(
      loginForm({ email: "shop@example.com", password: "shop-password" }),
      ctx,
    );

    expect(outcome).toMatchObject({
      ...refusal(429, LOGIN_RATE_LIMITED_MESSAGE),
      headers: { "Retry-After": expect.stringMatching(/^\d+$/) },
    });
    expect(requests).toEqual([]);
  });

  it("answers a body that is no readable form with a 400, not a 500", async () => {
    const broken = new Request("http://portal.test/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
      body: "--other\r\nnot a part at all",
    });

    const answer = await login(broken, context()).catch((error: unknown) => error);

    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(400);
  });
});

describe("one authenticator for every login", () => {
  it("uses remix-auth-form's FormStrategy as shipped", () => {
    expect(authenticator.get("credentials")?.constructor).toBe(FormStrategy);
  });

  it("gives each of two logins at once its own request's session, upstream and throttle", async () => {
    const shop = context(
      undefined,
      new LoginThrottle({ perAccount: 1, perAddress: 10, windowSeconds: 60 }),
    );
    const admin = context(
      undefined,
      new LoginThrottle({ perAccount: 1, perAddress: 10, windowSeconds: 60 }),
    );

    const [refused, loggedIn] = await Promise.all([
      login(loginForm({ email: "shop@example.com", password: "wrong-password" }), shop),
      login(loginForm({ email: "admin@example.com", password: "admin-password" }), admin),
    ]);

    expect(refused).toEqual(refusal(401, LOGIN_FAILED_MESSAGE));
    expect(loggedIn).toEqual({ loggedIn: true, redirectTo: null });
    expect(shop.session.main).toBeUndefined();
    expect(identityOf(admin.session)?.username).toBe("admin@example.com");
    // The failure counted on the refused login's throttle only.
    expect(shop.loginThrottle.retryAfter("shop@example.com", "unknown")).toBeGreaterThan(0);
    expect(admin.loginThrottle.retryAfter("shop@example.com", "unknown")).toBeUndefined();
  });

  it("leaves the posted body read: nothing after the login parses it again", async () => {
    const request = loginForm({ email: "shop@example.com", password: "shop-password" });

    await login(request, context());

    expect(request.bodyUsed).toBe(true);
    await expect(request.formData()).rejects.toThrow(TypeError);
  });
});

describe("credentialsSchema", () => {
  const messages = (fields: Record<string, string | undefined>) => {
    const result = credentialsSchema.safeParse(fields);
    return result.success ? {} : result.error.flatten().fieldErrors;
  };

  it("accepts an e-mail address and a password", () => {
    expect(
      credentialsSchema.parse({ email: " shop@example.com ", password: "shop-password" }),
    ).toEqual({
      email: "shop@example.com",
      password: "shop-password",
    });
  });

  it("rejects a missing e-mail address and password in Japanese", () => {
    expect(messages({})).toEqual({
      email: ["メールアドレスを入力してください。"],
      password: ["パスワードを入力してください。"],
    });
  });

  it("rejects an invalid e-mail address in Japanese", () => {
    expect(messages({ email: "shop@", password: "x" })).toEqual({
      email: ["メールアドレスの形式が正しくありません。"],
    });
    expect(messages({ email: "", password: "x" }).email).toEqual([
      "メールアドレスの形式が正しくありません。",
    ]);
  });

  it("asks for both fields when the login form is posted empty (as the route parses it)", () => {
    const form = new FormData();
    form.set("email", "");
    form.set("password", "");

    const submission = parseWithZod(form, { schema: credentialsSchema });

    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      email: ["メールアドレスを入力してください。"],
      password: ["パスワードを入力してください。"],
    });
  });
});
