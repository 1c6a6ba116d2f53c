// @vitest-environment node
// API_TOKEN_COOKIES=on: tokens delivered as LexikJWT `set_cookies` and gesdinet `cookie.enabled`
// deliver them with their defaults, and read back from those cookies.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApi, TEST_NOW } from "./testing/db";
import { body, claimsOf, demo, get, loginAdmin, postJson } from "./testing/http";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi({ env: { API_TOKEN_COOKIES: "on" } });
});
afterAll(() => api.close());

type SetCookie = { name: string; value: string; attributes: Map<string, string> };

/** The response's Set-Cookie headers by cookie name (attribute names lower-cased). */
function setCookies(response: Response): Map<string, SetCookie> {
  const cookies = new Map<string, SetCookie>();
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(/;\s*/);
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at);
    const attributes = new Map(
      rest.map((attribute) => {
        const [key, ...value] = attribute.split("=");
        return [key!.toLowerCase(), value.join("=")] as const;
      }),
    );
    cookies.set(name, { name, value: pair!.slice(at + 1), attributes });
  }
  return cookies;
}

const withCookies = (cookies: Map<string, SetCookie>) =>
  [...cookies.values()].map(({ name, value }) => `${name}=${value}`).join("; ");

const loginShop = () =>
  postJson(api.app, "/api/authentication_token", {
    email: demo.shop.email,
    password: demo.shop.password,
  });

describe("API_TOKEN_COOKIES=on", () => {
  test("login answers 204 with no body and the pair in BEARER and refresh_token cookies", async () => {
    const response = await loginShop();
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    const cookies = setCookies(response);
    expect([...cookies.keys()].sort()).toEqual(["BEARER", "refresh_token"]);

    const bearer = cookies.get("BEARER")!;
    expect(claimsOf(bearer.value)).toMatchObject({ username: demo.shop.email, advertiser: 1 });
    // lexik: lifetime null = token_ttl (3600 s); samesite lax, path /, no domain, secure, httpOnly.
    expect(bearer.attributes.get("max-age")).toBe("3600");
    expect(new Date(bearer.attributes.get("expires")!).getTime()).toBe(
      TEST_NOW.getTime() + 3600_000,
    );
    const refresh = cookies.get("refresh_token")!;
    expect(refresh.value).toMatch(/^[0-9a-f]{64}$/);
    // gesdinet: the cookie ends with the token (REFRESH_TOKEN_TTL, 14 days here).
    expect(refresh.attributes.get("max-age")).toBe(String(1_209_600));
    for (const cookie of [bearer, refresh]) {
      expect(cookie.attributes.get("path")).toBe("/");
      expect(cookie.attributes.get("samesite")?.toLowerCase()).toBe("lax");
      expect(cookie.attributes.has("secure")).toBe(true);
      expect(cookie.attributes.has("httponly")).toBe(true);
      expect(cookie.attributes.has("domain")).toBe(false);
    }
  });

  test("a protected call is authenticated by the BEARER cookie alone", async () => {
    const cookies = setCookies(await loginShop());
    const response = await api.app.request("/api/adv/clients/1", {
      headers: { Cookie: withCookies(cookies) },
    });
    expect(response.status).toBe(200);
    // Without header or cookie: lexik's 401, as before.
    expect((await get(api.app, "/api/adv/clients/1")).status).toBe(401);
  });

  test("refresh reads the refresh token from its cookie when the body has none", async () => {
    const cookies = setCookies(await loginShop());
    const response = await api.app.request("/api/authentication_token/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: withCookies(cookies) },
      body: "{}",
    });
    expect(response.status).toBe(204);
    const fresh = setCookies(response);
    expect(fresh.get("refresh_token")!.value).not.toBe(cookies.get("refresh_token")!.value);
    expect(claimsOf(fresh.get("BEARER")!.value).username).toBe(demo.shop.email);
    // Rotated: the old cookie's token is spent (after the reuse window, if any, the same 401).
    const again = await postJson(api.app, "/api/authentication_token/refresh", {
      refresh_token: fresh.get("refresh_token")!.value,
    });
    expect(again.status).toBe(204);
  });

  test("switch_user delivers the impersonated pair as cookies too", async () => {
    const admin = setCookies(await loginAdminCookies());
    const response = await api.app.request(
      `/api/adv/switch_user?to=${encodeURIComponent(demo.shop.email)}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: withCookies(admin) },
      },
    );
    expect(response.status).toBe(204);
    const cookies = setCookies(response);
    expect(claimsOf(cookies.get("BEARER")!.value)).toMatchObject({
      username: demo.shop.email,
      impersonator: demo.admin.email,
    });
    expect(cookies.get("refresh_token")!.value).toMatch(/^[0-9a-f]{64}$/);
  });

  test("invalidate takes the refresh cookie and clears it", async () => {
    const cookies = setCookies(await loginShop());
    const response = await api.app.request("/api/token/invalidate", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: withCookies(cookies) },
      body: "{}",
    });
    expect(response.status).toBe(200);
    const cleared = setCookies(response).get("refresh_token")!;
    expect(cleared.value).toBe("");
    expect(cleared.attributes.get("max-age")).toBe("0");
    const refresh = await postJson(api.app, "/api/authentication_token/refresh", {
      refresh_token: cookies.get("refresh_token")!.value,
    });
    expect(refresh.status).toBe(401);
  });
});

describe("API_TOKEN_COOKIES off (the default)", () => {
  test("the pair comes in the body, no cookie is set, and a BEARER cookie opens nothing", async () => {
    const plain = await createTestApi();
    try {
      const response = await postJson(plain.app, "/api/authentication_token", {
        email: demo.shop.email,
        password: demo.shop.password,
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([]);
      const pair = await body(response);
      const byCookie = await plain.app.request("/api/adv/clients/1", {
        headers: { Cookie: `BEARER=${pair.token}` },
      });
      expect(byCookie.status).toBe(401);
      expect((await loginAdmin(plain.app)).token).toBeTruthy();
    } finally {
      await plain.close();
    }
  });
});

function loginAdminCookies() {
  return postJson(api.app, "/api/authentication_token", {
    email: demo.admin.email,
    password: demo.admin.password,
  });
}
