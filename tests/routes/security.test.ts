// The security baseline through the real server: login by form, cookie flags, CSP nonce, Origin
// check, login rate limit, no token in HTML, and friendly pages when the upstream is down.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/.server/env";
import { createPortalApp } from "../../server/app";
import { TEST_SECRET, startStack, type Stack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ LOGIN_RATE_LIMIT: "5" });
});
afterAll(async () => {
  await stack?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function loginPost(
  origin: string | undefined,
  email = "shop@example.com",
  password = "shop-password",
) {
  // Remix addresses the index route's action as "/?index" (its <Form> does the same).
  return stack.fetch("/?index", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
    },
    body: form({ email, password }),
  });
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
    const { token, refreshToken } = await stack.tokens("shop@example.com", "shop-password");
    expect(page.status).toBe(200);
    expect(html).not.toContain(token.split(".")[1]!); // no JWT payload anywhere in the page
    expect(html).not.toContain(refreshToken);
    expect(html).not.toMatch(/eyJ[A-Za-z0-9_-]{20,}/);
  });

  it("refuses posts from another origin or with no origin at all", async () => {
    expect((await loginPost("https://evil.example")).status).toBe(403);
    expect((await loginPost(undefined)).status).toBe(403);
  });

  it("limits login attempts per minute with a Japanese message", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await loginPost(stack.base, "x@example.com", "wrong-pass")).status);
    expect(statuses.at(-1)).toBe(429);
    const limited = await loginPost(stack.base);
    expect(await limited.text()).toContain("ログインの試行回数が上限に達しました");
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

  it("answers an unknown page with the Japanese 404 page", async () => {
    const response = await stack.fetch("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("ページが見つかりません");
    expect(html).toMatch(/<html lang="ja"/);
  });
});

describe("when the upstream is down", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: TEST_SECRET,
      DATA_DIR: "/tmp/unused",
    });
    const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
    // Port 9 (discard) on loopback: nothing listens there, so every upstream call fails fast.
    const app = createPortalApp({ env, build, upstreamUrl: () => "http://127.0.0.1:9" });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

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
