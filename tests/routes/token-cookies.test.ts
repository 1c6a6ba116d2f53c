// The portal in front of the embedded API with API_TOKEN_COOKIES=on (tokens only in cookies, 204
// logins): login by form, pages, impersonation and logout work, and the browser gets the portal's
// session cookie only, never the upstream's token cookies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SECRET, startStack, type Stack } from "./stack";
import { decodeSessionCookie } from "../../app/.server/session";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { API_TOKEN_COOKIES: "on" });
});
afterAll(async () => {
  await stack?.close();
});

async function loginAs(email: string, password: string) {
  const response = await stack.fetch("/?index", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: stack.base },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return response;
}

const cookieNames = (response: Response) =>
  response.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")));

describe("API_TOKEN_COOKIES=on behind the portal", () => {
  it("an advertiser logs in, opens My Page and logs out; the browser holds only __session", async () => {
    const login = await loginAs("shop@example.com", "shop-password");
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/advertiser");
    expect(cookieNames(login)).toEqual(["__session"]);
    const cookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
    const session = decodeSessionCookie(cookie, [TEST_SECRET]);
    expect(session.main?.cookies?.map(([name]) => name).sort()).toEqual([
      "BEARER",
      "refresh_token",
    ]);

    const page = await stack.fetch("/advertiser", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(session.main!.token);

    const logout = await stack.fetch("/logout", {
      method: "POST",
      headers: { Cookie: cookie, Origin: stack.base },
    });
    expect(logout.status).toBe(302);
    // The session ended upstream too: its refresh token is refused.
    const refresh = await fetch(`${stack.base}/api/authentication_token/refresh`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: session.main!.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });
});
