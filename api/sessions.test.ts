// @vitest-environment node
// Sessions that end (logout, password and e-mail changes, resets, reuse of a rotated token) and
// login throttling, as a client of the reference API sees them.
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, TEST_NOW } from "./testing/db";
import {
  body,
  claimsOf,
  get,
  login,
  loginAdmin,
  patchJson,
  postJson,
  refreshWith,
  updatePassword,
} from "./testing/http";
import { freshAdvertiser } from "./testing/accounts";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A fresh advertiser login of this test's own, so no test sees another's sessions. */
async function newAdvertiser() {
  const user = await freshAdvertiser(api.db, "session");
  return { ...user, path: `/api/adv/user_logins/${user.userLoginId}` };
}

const refresh = (refreshToken: string) => refreshWith(api.app, refreshToken);
const at = (ms: number) => api.setNow(new Date(TEST_NOW.getTime() + ms));
const whoAmI = (token: string) => get(api.app, "/api/adv/posts", token);

describe("refresh-token rotation", () => {
  test("each refresh hands out a successor; the old token works only within the reuse window", async () => {
    const user = await newAdvertiser();
    const pair = await login(api.app, user.email, user.password);
    try {
      at(1000);
      const first = await body(await refresh(pair.refresh_token));
      // A parallel request of the same browser, a moment later, still carries the old token.
      at(5000);
      const parallel = await refresh(pair.refresh_token);
      expect(parallel.status).toBe(200);
      expect((await body(parallel)).refresh_token).not.toBe(first.refresh_token);
      // The successor keeps the session going.
      at(60_000);
      const second = await body(await refresh(first.refresh_token));
      expect((await whoAmI(second.token)).status).toBe(200);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("a rotated token presented after the window ends the whole session", async () => {
    const user = await newAdvertiser();
    const pair = await login(api.app, user.email, user.password);
    try {
      at(1000);
      const successor = await body(await refresh(pair.refresh_token));
      at(1000 + 31_000);
      expect((await refresh(pair.refresh_token)).status).toBe(401);
      // Someone else held a copy: the legitimate successor and its access token are dead too.
      expect((await refresh(successor.refresh_token)).status).toBe(401);
      expect((await whoAmI(successor.token)).status).toBe(401);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("no refresh outlives the session's absolute lifetime", async () => {
    const user = await newAdvertiser();
    let { refresh_token: token } = await login(api.app, user.email, user.password);
    try {
      // Refreshing every 10 days keeps each token inside its 14-day idle lifetime...
      for (let day = 10; day < 30; day += 10) {
        at(day * 86_400_000);
        const response = await refresh(token);
        expect(response.status).toBe(200);
        token = (await body(response)).refresh_token;
      }
      // ...but the session itself ends 30 days after login.
      at(30 * 86_400_000 + 1000);
      expect((await refresh(token)).status).toBe(401);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("POST /api/token/invalidate (logout)", () => {
  test("ends the session: its refresh token and its access token stop working", async () => {
    const user = await newAdvertiser();
    const pair = await login(api.app, user.email, user.password);
    const other = await login(api.app, user.email, user.password);
    const response = await postJson(api.app, "/api/token/invalidate", {
      refresh_token: pair.refresh_token,
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      code: 200,
      message: "The supplied refresh_token has been invalidated.",
    });
    expect((await refresh(pair.refresh_token)).status).toBe(401);
    expect((await whoAmI(pair.token)).status).toBe(401);
    // Another browser of the same user is another session.
    expect((await whoAmI(other.token)).status).toBe(200);
  });

  test("an unknown or missing token is a 400", async () => {
    for (const payload of [{ refresh_token: "0".repeat(64) }, {}]) {
      const response = await postJson(api.app, "/api/token/invalidate", payload);
      expect(response.status).toBe(400);
      expect(await body(response)).toEqual({ code: 400, message: "No refresh_token found." });
    }
  });
});

describe("changes that end the other sessions", () => {
  test("changing one's own password ends every other session at once, and keeps the caller's", async () => {
    const user = await newAdvertiser();
    const here = await login(api.app, user.email, user.password);
    const elsewhere = await login(api.app, user.email, user.password);
    const response = await updatePassword(
      api.app,
      user.path,
      user.password,
      "brand-new-password-1",
      here.token,
    );
    expect(response.status).toBe(200);
    expect((await whoAmI(elsewhere.token)).status).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(401);
    expect((await whoAmI(here.token)).status).toBe(200);
    expect((await refresh(here.refresh_token)).status).toBe(200);
  });

  test("an administrator's reset ends all the user's sessions, access tokens included", async () => {
    const user = await newAdvertiser();
    const session = await login(api.app, user.email, user.password);
    const admin = await loginAdmin(api.app);
    const impersonation = await body(
      await postJson(api.app, `/api/adv/switch_user?to=${user.email}`, {}, admin.token),
    );
    const response = await patchJson(
      api.app,
      `${user.path}/update_password`,
      { newPassword: "temporary-password-1", newPasswordConfirm: "temporary-password-1" },
      admin.token,
    );
    expect(response.status).toBe(200);
    expect((await whoAmI(session.token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(401);
    expect((await whoAmI(impersonation.token)).status).toBe(401);
    // The administrator's own session is not the user's.
    expect((await get(api.app, "/api/adv/site_summary", admin.token)).status).toBe(200);
  });

  test("an administrator changing their own password ends the impersonations they opened", async () => {
    const user = await newAdvertiser();
    const admin = await loginAdmin(api.app);
    const impersonation = await body(
      await postJson(api.app, `/api/adv/switch_user?to=${user.email}`, {}, admin.token),
    );
    const adminPath = `/api/adv/user_logins/${claimsOf(admin.token).user_login_id}`;
    const change = (from: string, to: string) =>
      updatePassword(api.app, adminPath, from, to, admin.token);
    expect((await change("admin-password", "admin-password-2")).status).toBe(200);
    try {
      expect((await whoAmI(impersonation.token)).status).toBe(401);
      expect((await get(api.app, "/api/adv/site_summary", admin.token)).status).toBe(200);
    } finally {
      expect((await change("admin-password-2", "admin-password")).status).toBe(200);
    }
  });
});

describe("access tokens", () => {
  async function signed(claims: Record<string, unknown>, withExp: boolean) {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256" })
      .setIssuedAt(TEST_NOW.getTime() / 1000);
    if (withExp) jwt.setExpirationTime(TEST_NOW.getTime() / 1000 + 600);
    return jwt.sign(api.config.jwt.privateKey);
  }

  test("a token without exp, or without its session, is refused even when correctly signed", async () => {
    const user = await newAdvertiser();
    const { token } = await login(api.app, user.email, user.password);
    const claims = claimsOf(token) as unknown as Record<string, unknown>;
    const { exp: _exp, iat: _iat, ...rest } = claims;
    expect((await whoAmI(await signed(rest, true))).status).toBe(200);
    expect((await whoAmI(await signed(rest, false))).status).toBe(401);
    const { sid: _sid, ...withoutSession } = rest;
    expect((await whoAmI(await signed(withoutSession, true))).status).toBe(401);
  });
});

describe("login throttling", () => {
  let address = 0;
  /** Each test speaks from its own address (through the trusted loopback proxy, the portal). */
  const from = () => `203.0.113.${++address}`;
  const attempt = (ip: string, email: string, password: string) =>
    api.app.request("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password }),
    });

  test("five failures for one account from one address lock that pair out, with Retry-After", async () => {
    const user = await newAdvertiser();
    const ip = from();
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(ip, user.email, "wrong-password")).status).toBe(401);
    }
    const locked = await attempt(ip, user.email, user.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await body(locked)).code).toBe(429);
    // The same account from another address, and another account from this one, still log in.
    expect((await attempt(from(), user.email, user.password)).status).toBe(200);
    const other = await newAdvertiser();
    expect((await attempt(ip, other.email, other.password)).status).toBe(200);
    // The window passes.
    try {
      at(15 * 60_000);
      expect((await attempt(ip, user.email, user.password)).status).toBe(200);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("an address guessing across many accounts is stopped by the wider limit", async () => {
    const ip = from();
    for (let i = 0; i < 50; i += 1) {
      const status = (await attempt(ip, `nobody${i}@example.com`, "wrong")).status;
      expect(status).toBe(401);
    }
    const user = await newAdvertiser();
    expect((await attempt(ip, user.email, user.password)).status).toBe(429);
  });

  test("successful logins are not counted (one office, one address)", async () => {
    const user = await newAdvertiser();
    const ip = from();
    for (let i = 0; i < 12; i += 1) {
      expect((await attempt(ip, user.email, user.password)).status).toBe(200);
    }
    // A success also clears the account's earlier failures.
    for (let i = 0; i < 4; i += 1) await attempt(ip, user.email, "wrong-password");
    expect((await attempt(ip, user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await attempt(ip, user.email, "wrong-password");
    expect((await attempt(ip, user.email, user.password)).status).toBe(200);
  });

  test("X-Forwarded-For is believed only from a trusted proxy", async () => {
    const resolve = api.app.request.bind(api.app);
    const user = await newAdvertiser();
    const spoofed = (ip: string) =>
      resolve(
        "/api/authentication_token",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
          body: JSON.stringify({ email: user.email, password: "wrong-password" }),
        },
        // A direct peer on the internet, not the portal on loopback.
        { incoming: { socket: { remoteAddress: "198.51.100.7" } } },
      );
    // Rotating the header does not escape the per-account limit: the peer address counts.
    for (let i = 0; i < 5; i += 1) expect((await spoofed(`192.0.2.${i}`)).status).toBe(401);
    expect((await spoofed("192.0.2.99")).status).toBe(429);
  });
});
