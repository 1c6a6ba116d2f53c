// Self-service password reset through the real portal (production build) against the mocked
// upstream: with the extension, the login page links to our pages and each step answers as a
// person expects (the same 「メールを送信しました」 for any address, errors beside the fields, a
// dead link's page, the done page); without it (404, as the PHP server answers), the inquiry form
// as before. The token never reaches an upstream URL, a log line or another origin's Referer.
// What the process learns about the upstream is kept for 10 minutes: the "absent" tests move the
// clock past that, so they run last.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { http, HttpResponse, passthrough } from "msw";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../../app/.server/env";
import { encodeSessionCookie } from "../../app/.server/session";
import { EXTENSION_TTL_MS } from "../../app/.server/upstream/extensions";
import { createPortalApp } from "../../server/app";
import { advertiserClaims, makeRefreshToken, makeToken } from "../fixtures/tokens";
import { recordRequests, server, startMockUpstream, type RecordedRequest } from "../mocks/server";
import { api, constraintViolationList, hydraError, UPSTREAM } from "../mocks/upstream";
import { TEST_SECRET } from "./stack";

startMockUpstream();

const INQUIRY_URL = "https://inquiry.example.com/form";
const TOKEN = "T0ken-of-the-mail_0123456789abcdefghijklmnop";
const NOW = new Date("2026-11-20T12:00:00+09:00");

let portal: Server;
let base = "";
const logged: string[] = [];

beforeAll(async () => {
  // Read by the build's env() (the pages' links), as a deployment sets it.
  process.env.INQUIRY_URL = INQUIRY_URL;
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  const env = parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: "/tmp/unused",
    INQUIRY_URL,
  });
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const app = createPortalApp({ env, build, upstreamUrl: () => UPSTREAM });
  portal = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
  for (const level of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
  }
});

afterAll(async () => {
  await new Promise((resolve) => portal?.close(resolve));
  vi.useRealTimers();
  vi.restoreAllMocks();
});

beforeEach(() => {
  // The test's own requests to the portal go through; only the upstream is mocked.
  server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
});

/** The upstream calls among the recorded requests (the test's own to the portal pass through). */
const upstreamCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith("/api/"));

const get = (pathname: string, cookie = "") =>
  fetch(`${base}${pathname}`, { headers: { Cookie: cookie }, redirect: "manual" });

const post = (pathname: string, form: Record<string, string>, cookie = "") =>
  fetch(`${base}${pathname}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });

/** The text of the error paragraph a field links to (aria-describedby → id). */
function errorBeside(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const describedBy = input && /aria-describedby="([^"]+)"/.exec(input)?.[1];
  if (!describedBy) return null;
  for (const id of describedBy.split(" ")) {
    const found = new RegExp(`<p class="field-error" id="${id}">([^<]*)</p>`).exec(html);
    if (found) return found[1]!;
  }
  return null;
}

/** The reset calls of a present extension; `answers` overrides per call. */
function presentUpstream(answers: { check?: () => Response; reset?: () => Response } = {}) {
  const bodies: unknown[] = [];
  server.use(
    http.post(api("/api/adv/password_resets"), async ({ request }) => {
      const body = (await request.json()) as { email?: string };
      bodies.push(body);
      return body.email
        ? HttpResponse.json({ message: "sent" }, { status: 202 })
        : constraintViolationList([{ propertyPath: "email", message: "入力してください。" }]);
    }),
    http.post(api("/api/adv/password_resets/check"), async ({ request }) => {
      bodies.push(await request.json());
      return answers.check?.() ?? new HttpResponse(null, { status: 204 });
    }),
    http.post(api("/api/adv/password_resets/reset"), async ({ request }) => {
      bodies.push(await request.json());
      return answers.reset?.() ?? new HttpResponse(null, { status: 204 });
    }),
  );
  return bodies;
}

describe("the upstream has the reset", () => {
  it("the login page links 「パスワードをお忘れの方はこちら」 to our request page, found by a probe that changes nothing", async () => {
    const bodies = presentUpstream();
    const requests = recordRequests();
    const html = await (await get("/")).text();
    expect(html).toMatch(/<a[^>]*href="\/password_reset"[^>]*>パスワードをお忘れの方はこちら<\/a>/);
    expect(html).not.toContain(INQUIRY_URL);
    expect(upstreamCalls(requests).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/adv/password_resets",
    ]);
    expect(bodies).toEqual([{}]);
  });

  it("any address gets the same 「メールを送信しました」 page; a malformed one an error beside the field", async () => {
    const bodies = presentUpstream();
    const form = await get("/password_reset");
    expect(form.status).toBe(200);
    const sent = await post("/password_reset", { email: " someone@example.com " });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/password_reset/sent");
    expect(bodies).toEqual([{ email: "someone@example.com" }]);
    const page = await (await get("/password_reset/sent")).text();
    expect(page).toContain("メールを送信しました");
    expect(page).toContain("入力されたメールアドレスが登録されている場合は");

    const refused = await post("/password_reset", { email: "not-an-address" });
    expect(refused.status).toBe(400);
    expect(errorBeside(await refused.text(), "email")).toBe(
      "メールアドレスの形式が正しくありません。",
    );
  });

  it("the upstream's rate limit is said in Japanese, the address kept", async () => {
    server.use(
      http.post(api("/api/adv/password_resets"), () =>
        HttpResponse.json({}, { status: 429, headers: { "Retry-After": "60" } }),
      ),
    );
    const limited = await post("/password_reset", { email: "someone@example.com" });
    expect(limited.status).toBe(429);
    const html = await limited.text();
    expect(html).toContain("短時間に多くの送信があったため");
    expect(html).toContain('value="someone@example.com"');
  });

  it("the link's page: the form; the token only in upstream bodies, no cache, the referrer policy", async () => {
    const bodies = presentUpstream();
    const requests = recordRequests();
    const response = await get(`/password_reset/${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    // Other origins get the origin alone, never the path that carries the token.
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    expect(html).toContain('name="newPassword"');
    expect(html).toContain('name="newPasswordConfirm"');
    // Nothing on the page is loaded from or links to another origin.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\/(?!127\.0\.0\.1)/);
    expect(bodies).toEqual([{ token: TOKEN }]);
    const calls = upstreamCalls(requests);
    expect(calls.map((r) => r.path)).toEqual(["/api/adv/password_resets/check"]);
    expect(calls.every((r) => !r.query.toString().includes(TOKEN))).toBe(true);
  });

  it("the upstream's violations stand beside newPassword and newPasswordConfirm, and ask for a retype", async () => {
    presentUpstream({
      reset: () =>
        constraintViolationList([
          { propertyPath: "newPassword", message: "このパスワードは使用できません。" },
          { propertyPath: "newPasswordConfirm", message: "パスワードが一致しません。" },
        ]),
    });
    const response = await post(`/password_reset/${TOKEN}`, {
      newPassword: "long-enough-1",
      newPasswordConfirm: "long-enough-1",
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(errorBeside(html, "newPassword")).toBe("このパスワードは使用できません。");
    expect(errorBeside(html, "newPasswordConfirm")).toBe("パスワードが一致しません。");
    expect(html).toContain("セキュリティのため、パスワードをもう一度入力してください。");
    expect(html).not.toContain("long-enough-1");
  });

  it("the portal's own rules first: too short and not equal, both in one round", async () => {
    const requests = recordRequests();
    presentUpstream();
    const response = await post(`/password_reset/${TOKEN}`, {
      newPassword: "short",
      newPasswordConfirm: "other",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(errorBeside(html, "newPassword")).toBe("パスワードは8文字以上で入力してください。");
    expect(errorBeside(html, "newPasswordConfirm")).toBe("パスワードが一致しません。");
    // The page around the form checks its link again; nothing is sent to set the password.
    expect(upstreamCalls(requests).map((r) => r.path)).toEqual(["/api/adv/password_resets/check"]);
  });

  it("done: the password is set, the portal's session ends, the done page links to the login", async () => {
    const bodies = presentUpstream();
    const cookie = encodeSessionCookie(
      { main: { token: await makeToken(advertiserClaims()), refreshToken: makeRefreshToken() } },
      { secrets: [TEST_SECRET], secure: false },
    ).split(";")[0]!;
    const response = await post(
      `/password_reset/${TOKEN}`,
      { newPassword: "brand-new-password", newPasswordConfirm: "brand-new-password" },
      cookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/password_reset/complete");
    expect(response.headers.get("Set-Cookie")).toMatch(/__session=/);
    expect(bodies).toEqual([
      { token: TOKEN, newPassword: "brand-new-password", newPasswordConfirm: "brand-new-password" },
    ]);
    const done = await (await get("/password_reset/complete")).text();
    expect(done).toContain("パスワードの再設定が完了しました。");
    expect(done).toMatch(/<a[^>]*href="\/"[^>]*>ログインページへ<\/a>/);
  });

  it("an expired or used link: a clear page (410) offering a new request, on opening and on submit", async () => {
    presentUpstream({
      check: () => hydraError(410, "This password reset link is invalid."),
      reset: () => hydraError(410, "This password reset link is invalid."),
    });
    const opened = await get(`/password_reset/${TOKEN}`);
    expect(opened.status).toBe(410);
    const html = await opened.text();
    expect(html).toContain(
      "このリンクは使用できません。有効期限が切れているか、すでに使用されています。",
    );
    expect(html).toMatch(/<a[^>]*href="\/password_reset"[^>]*>パスワードの再設定を申し込む<\/a>/);
    expect(html).not.toContain('name="newPassword"');
    const submitted = await post(`/password_reset/${TOKEN}`, {
      newPassword: "brand-new-password",
      newPasswordConfirm: "brand-new-password",
    });
    expect(submitted.status).toBe(410);
    expect(await submitted.text()).toContain("このリンクは使用できません。");
  });

  it("no log line carries the token", () => {
    expect(logged.filter((line) => line.includes(TOKEN))).toEqual([]);
  });
});

describe("the upstream has no reset (404, as a server with SPEC §7 only)", () => {
  beforeAll(() => {
    // Past what the process learnt in the tests above.
    vi.setSystemTime(new Date(NOW.getTime() + EXTENSION_TTL_MS + 1000));
  });

  beforeEach(() => {
    server.use(
      http.post(/^http:\/\/upstream\.test\/api\/adv\/password_resets/, ({ request }) =>
        HttpResponse.json({ message: `No route found for "POST ${request.url}"` }, { status: 404 }),
      ),
    );
  });

  it("the login page links to the inquiry form, as before", async () => {
    const html = await (await get("/")).text();
    expect(html).toMatch(
      new RegExp(`<a[^>]*href="${INQUIRY_URL}"[^>]*>パスワードをお忘れの方はこちら</a>`),
    );
    expect(html).not.toContain('href="/password_reset"');
  });

  it("our pages, reached directly, say the feature is unavailable and offer the inquiry form", async () => {
    for (const response of [
      await get("/password_reset"),
      await post("/password_reset", { email: "someone@example.com" }),
      await get(`/password_reset/${TOKEN}`),
    ]) {
      const html = await response.text();
      expect(response.status).not.toBe(500);
      expect(html).toContain("この機能は接続先のAPIでは利用できません。");
      expect(html).toContain(`href="${INQUIRY_URL}"`);
    }
  });
});
