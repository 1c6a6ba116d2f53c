// The security baseline through the real server: login by form, cookie flags, encrypted session,
// sessions that end, CSP nonce, Origin and Host checks, login throttling, headers on every path,
// no token in HTML, and friendly pages when the upstream is down.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeSessionCookie } from "../../app/.server/session";
import { oldSessionCookie } from "../fixtures/old-session-cookie";
import { TEST_SECRET, startPortalOnly, startStack, type Stack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  // The portal throttles after 3 failures, the API after 4: each limit can be seen on its own.
  stack = await startStack({ LOGIN_MAX_FAILURES: "3" }, { LOGIN_MAX_FAILURES: "4" });
});
afterAll(async () => {
  await stack?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function loginPost(
  origin: string | undefined,
  email = "shop@example.com",
  password = "shop-password",
  // React Router addresses the index route's action as "/?index" (its <Form> does the same).
  pathname = "/?index",
) {
  return stack.fetch(pathname, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
    },
    body: form({ email, password }),
  });
}

/** A new advertiser of this test's own (registration is public). */
async function register(email: string, password: string) {
  const response = await stack.fetch("/api/adv/advertiser_entries", {
    method: "POST",
    headers: { "Content-Type": "application/ld+json" },
    body: JSON.stringify({
      email,
      newPassword: password,
      newPasswordConfirm: password,
      companyName: "株式会社スロットル",
      personInCharge: "山田",
      tel: "03-1234-5678",
      zipCode: "1000001",
      prefecture: "/api/adv/prefectures/13",
      city: "千代田区",
      address: "1-1",
    }),
  });
  expect(response.status).toBe(201);
  return email;
}

describe("login through the form", () => {
  it("sets an HttpOnly, SameSite=Lax session cookie and redirects by role", async () => {
    const response = await loginPost(stack.base);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/advertiser");
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // plain http demo; https PUBLIC_ORIGIN adds it

    const session = cookie.split(";")[0]!;
    const page = await stack.fetch("/advertiser", { headers: { Cookie: session } });
    const html = await page.text();
    expect(page.status).toBe(200);
    // This session's own tokens: neither the page nor the cookie shows any part of them.
    const { main } = decodeSessionCookie(session, [TEST_SECRET]);
    const secrets = [...main!.token.split("."), main!.refreshToken];
    for (const part of secrets) {
      expect(html).not.toContain(part);
      expect(session).not.toContain(part);
      expect(Buffer.from(session.split("=")[1]!, "base64url").toString("latin1")).not.toContain(
        part,
      );
    }
    expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{20,}/);
  });

  it("reads a session cookie of the seal before the JWE as logged out, never as an error", async () => {
    const main = await stack.tokens("shop@example.com", "shop-password");
    const old = oldSessionCookie({ main }, TEST_SECRET);

    const page = await stack.fetch("/advertiser", { headers: { Cookie: old } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/?redirectTo=%2Fadvertiser");
    const login = await stack.fetch("/", { headers: { Cookie: old } });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("ログイン");
  });

  it("refuses posts from another origin or with no origin at all", async () => {
    expect((await loginPost("https://evil.example")).status).toBe(403);
    expect((await loginPost(undefined)).status).toBe(403);
  });

  it("throttles failures per account and address, whatever the spelling of the path", async () => {
    const email = await register("throttled-portal@example.com", "throttled-password");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await loginPost(stack.base, email, "wrong-pass")).status);
    expect(statuses).toEqual([401, 401, 401]);
    // The portal's own limit (the API's is not reached yet) holds even for the right password,
    // and for every path that reaches the action.
    for (const pathname of ["/?index", "//?index", "/_root.data?index", "/?index&x=1"]) {
      const limited = await loginPost(stack.base, email, "throttled-password", pathname);
      expect(limited.status, pathname).toBe(429);
      expect(Number(limited.headers.get("retry-after")), pathname).toBeGreaterThan(0);
      if (!pathname.includes(".data")) {
        expect(await limited.text()).toContain("ログインの試行回数が上限に達しました");
      }
    }
    // Successes are not counted and another account is not locked: one office, one address.
    expect((await loginPost(stack.base)).status).toBe(302);
    expect((await loginPost(stack.base)).status).toBe(302);
  });

  it("shows the upstream's own throttling in Japanese", async () => {
    const email = await register("throttled-upstream@example.com", "throttled-password");
    // Guesses straight at the API, from the address the portal forwards for this browser: the
    // portal has counted none of them, the API refuses what follows.
    for (let i = 0; i < 4; i++) {
      const response = await stack.fetch("/api/authentication_token", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: "wrong-password" }),
      });
      expect(response.status).toBe(401);
    }
    const api = await stack.fetch("/api/authentication_token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "throttled-password" }),
    });
    expect(api.status).toBe(429);
    const limited = await loginPost(stack.base, email, "throttled-password");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("ログインの試行回数が上限に達しました");
  });
});

describe("sessions that end", () => {
  async function loggedIn(email: string, password: string) {
    const response = await loginPost(stack.base, email, password);
    expect(response.status).toBe(302);
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }
  const myPage = (cookie: string) => stack.fetch("/advertiser", { headers: { Cookie: cookie } });

  it("logout ends the session upstream: a saved cookie replayed later opens nothing", async () => {
    const saved = await loggedIn("shop@example.com", "shop-password");
    expect((await myPage(saved)).status).toBe(200);
    const { main } = decodeSessionCookie(saved, [TEST_SECRET]);

    const logout = await stack.fetch("/logout", {
      method: "POST",
      headers: {
        Cookie: saved,
        Origin: stack.base,
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect(logout.status).toBe(302);

    const replayed = await myPage(saved);
    expect(replayed.status).toBe(302);
    // Login, which would bring the user back to My Page.
    expect(replayed.headers.get("location")).toBe("/?redirectTo=%2Fadvertiser");
    // And the refresh token it held is dead at the API too.
    const refresh = await stack.fetch("/api/authentication_token/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refresh_token: main!.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });

  it("a password change ends the user's other browser sessions and keeps this one", async () => {
    const here = await loggedIn("other@example.com", "other-password");
    const elsewhere = await loggedIn("other@example.com", "other-password");
    const { main } = decodeSessionCookie(here, [TEST_SECRET]);
    const loginId = JSON.parse(
      Buffer.from(main!.token.split(".")[1]!, "base64url").toString("utf8"),
    ).user_login_id;
    const change = (from: string, to: string) =>
      stack.fetch(`/api/adv/user_logins/${loginId}/update_password`, {
        method: "PATCH",
        headers: {
          Authorization: `Bearer ${main!.token}`,
          "Content-Type": "application/merge-patch+json",
        },
        body: JSON.stringify({ oldPassword: from, newPassword: to, newPasswordConfirm: to }),
      });
    expect((await change("other-password", "other-password-2")).status).toBe(200);
    try {
      const ended = await myPage(elsewhere);
      expect(ended.status).toBe(302);
      expect(ended.headers.get("location")).toBe("/?redirectTo=%2Fadvertiser");
      expect((await myPage(here)).status).toBe(200);
    } finally {
      expect((await change("other-password-2", "other-password")).status).toBe(200);
    }
  });
});

describe("headers and pages", () => {
  it("enforces a CSP whose per-request nonce is on every script", async () => {
    const first = await stack.fetch("/");
    const second = await stack.fetch("/");
    const csp = first.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("serves the sandbox payment pages with their own CSP, framable by the portal only", async () => {
    const page = await stack.fetch("/sandbox-pay/pay/no-such-key");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("お支払い情報が見つかりません。");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain("nonce-");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const pop = await stack.fetch("/sandbox-pay/pop.js");
    expect(pop.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("answers an unknown page with the Japanese 404 page", async () => {
    const response = await stack.fetch("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("ページが見つかりません");
    expect(html).toMatch(/<html lang="ja"/);
  });
});

describe("behind an https proxy (PUBLIC_ORIGIN set)", () => {
  let portal: Awaited<ReturnType<typeof startPortalOnly>>;
  let port: number;
  beforeAll(async () => {
    portal = await startPortalOnly(
      { PUBLIC_ORIGIN: "https://ads.example.jp" },
      // Stands in for the embedded API: answers every /api, /media, /site and /sandbox-pay path.
      (_req, res) => void res.json({ ok: true }),
    );
    port = portal.port;
  });
  afterAll(() => portal.close());

  /** A raw request, so the Host header can be anything a proxy might send. */
  function raw(pathname: string, host: string, method = "GET") {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: pathname,
            method,
            headers: {
              Host: host,
              Origin: "https://ads.example.jp",
              "Content-Type": "application/x-www-form-urlencoded",
            },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (body += chunk));
            res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          },
        );
        req.on("error", reject);
        req.end(method === "POST" ? "email=a%40example.com&password=x" : undefined);
      },
    );
  }

  it("sends nosniff and HSTS on every path, the embedded API's and media's included", async () => {
    for (const pathname of ["/", "/api/adv/prefectures", "/media/x.png", "/site/preview", "/x"]) {
      const { headers } = await raw(pathname, "ads.example.jp");
      expect(headers["x-content-type-options"], pathname).toBe("nosniff");
      expect(headers["strict-transport-security"], pathname).toMatch(/max-age=\d+/);
      expect(headers["referrer-policy"], pathname).toBe("strict-origin-when-cross-origin");
    }
  });

  it("hands the sandbox payment provider's paths to the embedded API", async () => {
    for (const pathname of ["/sandbox-pay/pop.js", "/sandbox-pay/pay/key"]) {
      const { status, body } = await raw(pathname, "ads.example.jp");
      expect(status, pathname).toBe(200);
      expect(JSON.parse(body), pathname).toEqual({ ok: true });
    }
  });

  it("refuses another Host with a clear 400, never a 500, and serves its own", async () => {
    const wrong = await raw("/?index", "127.0.0.1:3000", "POST");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("https://ads.example.jp");
    expect((await raw("/", "evil.example")).status).toBe(400);
    expect((await raw("/", "ads.example.jp")).status).toBe(200);
  });
});

describe("when the upstream is down", () => {
  let portal: Awaited<ReturnType<typeof startPortalOnly>>;
  let base: string;
  beforeAll(async () => {
    portal = await startPortalOnly();
    base = portal.base;
  });
  afterAll(() => portal.close());

  it("login shows a friendly message and keeps the email", async () => {
    const response = await fetch(`${base}/?index`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: form({ email: "shop@example.com", password: "shop-password" }),
    });
    const html = await response.text();
    expect(html).toContain("ただいまログインできません");
    expect(html).toContain('value="shop@example.com"');
    expect(html).not.toContain("shop-password");
    expect(html).not.toMatch(/at .+\.(js|ts):\d+/); // no stack trace
  });

  it("a logged-in page shows the Japanese unavailable page", async () => {
    const shopToken = await stack.tokens("shop@example.com", "shop-password");
    const response = await fetch(`${base}/advertiser`, {
      headers: { Cookie: stack.cookieFor({ main: shopToken }) },
      redirect: "manual",
    });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("ただいま接続できません");
    expect(html).not.toMatch(/at .+\.(js|ts):\d+/);
  });
});
