// @vitest-environment node
// A deleted advertiser is granted nothing: no login, no refresh, and tokens issued before the
// deletion stop working at once (the database is checked on every request).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { clients } from "./db/schema";
import { createTestApi } from "./testing/db";
import { body, demo, get, loginAdmin, loginOther, postJson } from "./testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
let before: { token: string; refresh_token: string };
let impersonation: { token: string; refresh_token: string };

beforeAll(async () => {
  api = await createTestApi();
  before = await loginOther(api.app);
  const admin = await loginAdmin(api.app);
  impersonation = await body(
    await postJson(api.app, "/api/adv/switch_user?to=other%40example.com", {}, admin.token),
  );
  expect((await get(api.app, "/api/adv/posts", before.token)).status).toBe(200);
  await api.db.update(clients).set({ isDeleted: true }).where(eq(clients.id, 2));
});
afterAll(() => api.close());

test("login is refused like wrong credentials", async () => {
  const response = await postJson(api.app, "/api/authentication_token", {
    email: demo.other.email,
    password: demo.other.password,
  });
  expect(response.status).toBe(401);
  expect(await body(response)).toEqual({ code: 401, message: "Invalid credentials." });
});

test("a token issued before the deletion is rejected on every call", async () => {
  for (const path of ["/api/adv/posts", "/api/adv/clients/2", "/api/adv/user_logins/3"]) {
    const response = await get(api.app, path, before.token);
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ code: 401, message: "Invalid JWT Token" });
  }
  expect((await get(api.app, "/api/adv/posts", impersonation.token)).status).toBe(401);
});

test("refresh tokens are refused", async () => {
  for (const refreshToken of [before.refresh_token, impersonation.refresh_token]) {
    const response = await postJson(api.app, "/api/authentication_token/refresh", {
      refresh_token: refreshToken,
    });
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ code: 401, message: "JWT Refresh Token Not Found" });
  }
});

test("an administrator can no longer switch to it, but still reads its record", async () => {
  const admin = await loginAdmin(api.app);
  expect(
    (await postJson(api.app, "/api/adv/switch_user?to=other%40example.com", {}, admin.token))
      .status,
  ).toBe(404);
  const client = await body(await get(api.app, "/api/adv/clients/2", admin.token));
  expect(client.isDeleted).toBe(true);
  const summary = await body(await get(api.app, "/api/adv/site_summary", admin.token));
  expect(summary.advertisers).toBe(1);
});
