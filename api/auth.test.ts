// @vitest-environment node
// Login, refresh, switch_user and the bearer-token checks of every protected call.
import { SignJWT, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, TEST_NOW } from "./testing/db";
import { body, claimsOf, demo, get, loginAdmin, loginShop, postJson } from "./testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const invalidCredentials = { code: 401, message: "Invalid credentials." };
const refreshNotFound = { code: 401, message: "JWT Refresh Token Not Found" };

describe("POST /api/authentication_token", () => {
  test("an advertiser gets a token pair with the advertiser claims", async () => {
    const response = await postJson(api.app, "/api/authentication_token", {
      email: demo.shop.email,
      password: demo.shop.password,
    });
    expect(response.status).toBe(200);
    const pair = await body(response);
    expect(pair.refresh_token).toMatch(/^[0-9a-f]{64}$/);
    const claims = claimsOf(pair.token);
    expect(claims).toMatchObject({
      roles: ["ROLE_ADVERTISER"],
      username: "shop@example.com",
      user_login_id: 2,
      advertiser: 1,
    });
    expect(claims.administrator).toBeUndefined();
    expect(claims.impersonator).toBeUndefined();
    expect(claims.iat).toBe(TEST_NOW.getTime() / 1000);
    expect(claims.exp - claims.iat).toBe(3600);
  });

  test("an administrator gets the administrator claims", async () => {
    const claims = claimsOf((await loginAdmin(api.app)).token);
    expect(claims).toMatchObject({
      roles: ["ROLE_ADMINISTRATOR"],
      username: "admin@example.com",
      administrator: 1,
    });
    expect(claims.advertiser).toBeUndefined();
  });

  test("emails are compared case-insensitively", async () => {
    const response = await postJson(api.app, "/api/authentication_token", {
      email: "Shop@Example.COM",
      password: demo.shop.password,
    });
    expect(response.status).toBe(200);
  });

  test.each([
    ["a wrong password", { email: "shop@example.com", password: "wrong-password" }],
    ["an unknown email", { email: "nobody@example.com", password: "shop-password" }],
  ])("%s is refused with 401 Invalid credentials", async (_, credentials) => {
    const response = await postJson(api.app, "/api/authentication_token", credentials);
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual(invalidCredentials);
  });

  test("a malformed body is a 400 hydra:Error", async () => {
    const response = await api.app.request("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect((await body(response))["@type"]).toBe("hydra:Error");
  });
});

describe("POST /api/authentication_token/refresh", () => {
  test("a valid refresh token gives a fresh access token and a successor refresh token", async () => {
    const pair = await loginShop(api.app);
    api.setNow(new Date(TEST_NOW.getTime() + 2 * 3600_000)); // the access token has expired by now
    try {
      expect((await get(api.app, "/api/adv/posts", pair.token)).status).toBe(401);
      const response = await postJson(api.app, "/api/authentication_token/refresh", {
        refresh_token: pair.refresh_token,
      });
      expect(response.status).toBe(200);
      const refreshed = await body(response);
      // Rotation: a new refresh token each time (sessions.test.ts covers the reuse window).
      expect(refreshed.refresh_token).toMatch(/^[0-9a-f]{64}$/);
      expect(refreshed.refresh_token).not.toBe(pair.refresh_token);
      expect(claimsOf(refreshed.token)).toMatchObject({
        advertiser: 1,
        roles: ["ROLE_ADVERTISER"],
        sid: claimsOf(pair.token).sid,
      });
      expect((await get(api.app, "/api/adv/posts", refreshed.token)).status).toBe(200);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test.each([
    ["an unknown token", { refresh_token: "0".repeat(64) }],
    ["a malformed token", { refresh_token: "not-a-token" }],
    ["a missing token", {}],
  ])("%s is refused", async (_, payload) => {
    const response = await postJson(api.app, "/api/authentication_token/refresh", payload);
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual(refreshNotFound);
  });

  test("an expired refresh token is refused", async () => {
    const pair = await loginShop(api.app);
    api.setNow(new Date(TEST_NOW.getTime() + 2_592_000_000 + 1000));
    try {
      const response = await postJson(api.app, "/api/authentication_token/refresh", {
        refresh_token: pair.refresh_token,
      });
      expect(response.status).toBe(401);
      expect(await body(response)).toEqual(refreshNotFound);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("POST /api/adv/switch_user", () => {
  test("an administrator obtains an advertiser's token pair marked with the impersonator", async () => {
    const admin = await loginAdmin(api.app);
    const response = await postJson(
      api.app,
      "/api/adv/switch_user?to=shop%40example.com",
      {},
      admin.token,
    );
    expect(response.status).toBe(200);
    const pair = await body(response);
    expect(claimsOf(pair.token)).toMatchObject({
      roles: ["ROLE_ADVERTISER"],
      username: "shop@example.com",
      advertiser: 1,
      impersonator: "admin@example.com",
    });
    // The impersonated token acts as the advertiser, not as an administrator.
    expect((await get(api.app, "/api/adv/site_summary", pair.token)).status).toBe(403);
    expect((await get(api.app, "/api/adv/clients/1", pair.token)).status).toBe(200);

    // Refreshing keeps the impersonator claim.
    const refreshed = await body(
      await postJson(api.app, "/api/authentication_token/refresh", {
        refresh_token: pair.refresh_token,
      }),
    );
    expect(claimsOf(refreshed.token)).toMatchObject({
      advertiser: 1,
      impersonator: "admin@example.com",
    });
  });

  test("an advertiser may not switch user", async () => {
    const shop = await loginShop(api.app);
    const response = await postJson(
      api.app,
      "/api/adv/switch_user?to=other%40example.com",
      {},
      shop.token,
    );
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({
      "@type": "hydra:Error",
      "hydra:description": "Access Denied.",
    });
  });

  test.each([["nobody@example.com"], ["admin@example.com"], [""]])(
    "target %j is not found",
    async (to) => {
      const admin = await loginAdmin(api.app);
      const response = await postJson(
        api.app,
        `/api/adv/switch_user?to=${encodeURIComponent(to)}`,
        {},
        admin.token,
      );
      expect(response.status).toBe(404);
      expect((await body(response))["hydra:description"]).toBe("Not Found");
    },
  );
});

describe("bearer tokens on protected calls", () => {
  test("no token", async () => {
    const response = await get(api.app, "/api/adv/posts");
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ code: 401, message: "JWT Token not found" });
  });

  test("a garbled token", async () => {
    const response = await get(api.app, "/api/adv/posts", "abc.def.ghi");
    expect(await body(response)).toEqual({ code: 401, message: "Invalid JWT Token" });
  });

  test("a token signed with another key", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({
      roles: ["ROLE_ADMINISTRATOR"],
      user_login_id: 1,
      administrator: 1,
    })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuedAt(TEST_NOW.getTime() / 1000)
      .setExpirationTime(TEST_NOW.getTime() / 1000 + 600)
      .sign(privateKey);
    const response = await get(api.app, "/api/adv/site_summary", forged);
    expect(await body(response)).toEqual({ code: 401, message: "Invalid JWT Token" });
  });

  test("a token whose claims do not match the login is refused", async () => {
    const forged = await new SignJWT({
      roles: ["ROLE_ADVERTISER"],
      user_login_id: 2,
      advertiser: 2,
    })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuedAt(TEST_NOW.getTime() / 1000)
      .setExpirationTime(TEST_NOW.getTime() / 1000 + 600)
      .sign(api.config.jwt.privateKey);
    expect((await get(api.app, "/api/adv/posts", forged)).status).toBe(401);
  });

  test("an expired token", async () => {
    const { token } = await loginShop(api.app);
    api.setNow(new Date(TEST_NOW.getTime() + 3601_000));
    try {
      const response = await get(api.app, "/api/adv/posts", token);
      expect(response.status).toBe(401);
      expect(await body(response)).toEqual({ code: 401, message: "Expired JWT Token" });
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("a token used before is refused once it expires, to the second (its signature is checked once)", async () => {
    const { token } = await loginShop(api.app);
    const { exp } = claimsOf(token) as { exp: number };
    expect((await get(api.app, "/api/adv/posts", token)).status).toBe(200);
    try {
      api.setNow(new Date(exp * 1000 - 1));
      expect((await get(api.app, "/api/adv/posts", token)).status).toBe(200);
      api.setNow(new Date(exp * 1000));
      const response = await get(api.app, "/api/adv/posts", token);
      expect(response.status).toBe(401);
      expect(await body(response)).toEqual({ code: 401, message: "Expired JWT Token" });
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("public calls need no token", async () => {
    expect((await get(api.app, "/api/adv/prefectures")).status).toBe(200);
  });
});
