// The real portal (production build) and the embedded API on a fresh database, in-process on a
// loopback port, for route and security tests. Requires `npm run build` (npm test runs it first).
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import type { RequestHandler } from "express";
import { startEmbeddedApi } from "../../api/index";
import { tinyPng } from "../../api/testing/images";
import { parseEnv } from "../../app/.server/env";
import { encodeSessionCookie, type SessionData, type TokenPair } from "../../app/.server/session";
import { createPortalApp } from "../../server/app";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { SERVER_BUILD } from "../build-freshness";
import { advertiserClaims, makeRefreshToken, makeToken } from "../fixtures/tokens";

export const TEST_SECRET = "route-test-secret";

/**
 * The portal's production build, refused (saying to run `npm run build`) when it is missing or older
 * than a source it is built from, as the global setup found (tests/build-freshness.ts).
 */
export async function loadBuild(): Promise<ServerBuild> {
  const stale = inject("staleBuild");
  if (stale) throw new Error(stale);
  return (await import(path.resolve(SERVER_BUILD))) as ServerBuild;
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** A form's fields (a list for a repeated name), or its urlencoded text as it stands. */
export type FormFields = Record<string, string | string[]> | string;

/** A multipart form of `fields` and image `files` (each sent as `<name>.png`). */
export function multipart(fields: Record<string, string>, files: Record<string, Blob> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  for (const [name, file] of Object.entries(files)) body.set(name, file, `${name}.png`);
  return body;
}

/** The urlencoded body of `fields`, a repeated name once per value. */
export function formBody(fields: Exclude<FormFields, string>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of [value].flat()) body.append(name, v);
  return body;
}

/** The ad form's fields of a valid ad at the demo café, with its `title` and first text. */
export const adForm = (title: string, body1: string) => ({
  title,
  body1,
  eyecatchIndex: "1",
  storeName: "カフェ・ド・デモ",
  storeAddress: "東京都渋谷区神宮前1-2-3",
  storeTel: "03-1234-5678",
});

/** The contact details of a valid registration (and profile) form. */
export const CONTACT_FIELDS = {
  companyName: "カフェ・ド・テスト",
  personInCharge: "山田花子",
  tel: "03-1234-5678",
  zipCode: "1500001",
  prefecture: "/api/adv/prefectures/13",
  city: "渋谷区",
  address: "神南1-2-3",
};

/** A PNG of `width`×`height` as a browser's file input sends it. */
export const pngBlob = (width: number, height: number) =>
  new Blob([new Uint8Array(tinyPng(width, height))], { type: "image/png" });

/** The markup of the form named `name` (its aria-label) to its end; fails the test without one. */
export function formOf(html: string, name: string) {
  const start = html.indexOf(`aria-label="${name}"`);
  expect(start, `form ${name}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</form>", start));
}

/**
 * Posts `body` to the portal at `base` as its own page does: its Origin, `cookie`'s session, no
 * redirect followed, and `contentType` unless null (FormData brings its own, with the boundary).
 */
function sendTo(
  base: string,
  pathname: string,
  cookie: string | undefined,
  contentType: string | null,
  body?: BodyInit,
) {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      Origin: base,
      ...(contentType ? { "Content-Type": contentType } : {}),
    },
    body,
  });
}

/** Posts a form to the portal at `base`: urlencoded, or multipart for FormData. */
function postFormTo(
  base: string,
  pathname: string,
  cookie: string | undefined,
  fields: FormFields | FormData,
) {
  if (fields instanceof FormData) return sendTo(base, pathname, cookie, null, fields);
  const body = typeof fields === "string" ? fields : formBody(fields);
  return sendTo(base, pathname, cookie, "application/x-www-form-urlencoded", body);
}

/** `settings` go to the portal and the embedded API alike; `apiSettings` to the API only. */
export async function startStack(
  settings: Record<string, string> = {},
  apiSettings: Record<string, string> = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "omise-routes-"));
  // The build reads its settings from process.env (env()): it signs preview forms with this key,
  // which the embedded news site must share.
  process.env.SITE_PREVIEW_SECRET ??= "route-test-preview-secret";
  // Every test request comes from loopback: per-address limits would pile up across tests.
  const shared = {
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
    REGISTRATION_LIMIT: "1000",
    ...settings,
  };
  const env = parseEnv({
    SITE_PREVIEW_SECRET: process.env.SITE_PREVIEW_SECRET,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SECRET,
    ...shared,
  });
  const api = await startEmbeddedApi({
    dataDir,
    demo: true,
    env: { ...shared, ...apiSettings, SITE_PREVIEW_SECRET: env.sitePreviewSecret },
  });
  const build = await loadBuild();
  const listener = getRequestListener(api.app.fetch);
  // Calls ("GET /api/adv/audit_logs") the API answers 404 as an upstream without them would.
  const absentCalls: RegExp[] = [];
  let base = "";
  const app = createPortalApp({
    env,
    build,
    embeddedApi: (req, res) => {
      const call = `${req.method} ${(req.originalUrl ?? req.url).split("?")[0]}`;
      if (!absentCalls.some((pattern) => pattern.test(call))) return void listener(req, res);
      res.writeHead(404, { "Content-Type": "application/ld+json" });
      res.end(JSON.stringify({ "@type": "hydra:Error", "hydra:description": "Not Found" }));
    },
    upstreamUrl: () => base,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function tokens(email: string, password: string): Promise<TokenPair> {
    const response = await fetch(`${base}/api/authentication_token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { token: string; refresh_token: string };
    return { token: body.token, refreshToken: body.refresh_token };
  }

  async function switchUser(admin: TokenPair, email: string): Promise<TokenPair> {
    const response = await fetch(`${base}/api/adv/switch_user?to=${encodeURIComponent(email)}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
      body: "{}",
    });
    const body = (await response.json()) as { token: string; refresh_token: string };
    return { token: body.token, refreshToken: body.refresh_token };
  }

  /** A Cookie header carrying this session, signed as the server would sign it. */
  function cookieFor(data: SessionData): string {
    return encodeSessionCookie(data, { secrets: [TEST_SECRET], secure: false }).split(";")[0]!;
  }

  /** A fresh session of the account: its Cookie header and its access token for the API. */
  async function session(email: string, password: string) {
    const pair = await tokens(email, password);
    return { cookie: cookieFor({ main: pair }), token: pair.token };
  }

  /** A Cookie header with a fresh session of the account, logged in through the API. */
  const loginCookie = async (email: string, password: string) =>
    (await session(email, password)).cookie;

  /** The API's own answer to a GET of `pathname` with `token`, in JSON-LD as the portal asks. */
  const apiFetch = (pathname: string, token: string) =>
    fetch(`${base}${pathname}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/ld+json" },
    });

  /** The API's JSON for a GET of `pathname` with `token`, to see what a request stored. */
  const apiGet = async <T = Record<string, unknown>>(pathname: string, token: string) =>
    (await (await apiFetch(pathname, token)).json()) as T;

  const fetchPortal = (pathname: string, init: RequestInit = {}) =>
    fetch(`${base}${pathname}`, { redirect: "manual", ...init });

  /** A page as `cookie`'s session sees it (no redirect followed). */
  async function page(pathname: string, cookie?: string) {
    const response = await fetchPortal(pathname, { headers: cookie ? { Cookie: cookie } : {} });
    return { status: response.status, html: await response.text() };
  }

  /**
   * Posts a form as the portal's own page does: its Origin, `cookie`'s session, urlencoded (or
   * multipart for FormData, with its own boundary).
   */
  const postForm = (pathname: string, cookie: string | undefined, fields: FormFields | FormData) =>
    postFormTo(base, pathname, cookie, fields);

  /** Posts a form; on a redirect follows it with the session it set (to read the flash message). */
  async function submit(pathname: string, fields: FormFields, cookie: string) {
    const response = await postForm(pathname, cookie, fields);
    const location = response.headers.get("location");
    if (!location) return { status: response.status, location, html: await response.text() };
    const setCookie = response.headers.get("set-cookie");
    const next = setCookie ? setCookie.split(";")[0]! : cookie;
    return { status: response.status, location, html: (await page(location, next)).html };
  }

  return {
    base,
    /** The embedded API's settings, read per request: a test may switch e.g. `demo` for a while. */
    apiConfig: api.config,
    /** The embedded API's database, to see what a request stored. */
    db: api.db,
    /**
     * Calls the API is to lack (answered 404 as API Platform answers an unknown route), matched
     * against "METHOD /path": an upstream implementing SPEC §7 only.
     */
    absentCalls,
    tokens,
    switchUser,
    cookieFor,
    session,
    loginCookie,
    fetch: fetchPortal,
    apiFetch,
    apiGet,
    page,
    postForm,
    submit,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await api.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The administrator's ad detail on a stack of the test file's own, started before its tests and
 * closed after: the editor's and shop@'s sessions, the page and its forms (as the editor unless
 * told), an ad's order as the API holds it (read as shop@, the owner of the demo ads the files use),
 * and the action's guard against an advertiser and an anonymous visitor.
 */
export function adminAdDetailStack() {
  const at = { stack: undefined as unknown as Stack, admin: "", shop: "", shopToken: "" };
  beforeAll(async () => {
    at.stack = await startStack();
    const shop = await at.stack.session("shop@example.com", "shop-password");
    ({ cookie: at.shop, token: at.shopToken } = shop);
    at.admin = await at.stack.loginCookie("admin@example.com", "admin-password");
  });
  afterAll(async () => {
    await at.stack?.close();
  });
  const detail = (id: number) => `/administrator/advertisements/${id}/detail`;
  return Object.assign(at, {
    detail,
    page: (pathname: string, cookie = at.admin) => at.stack.page(pathname, cookie),
    /** Posts one form; on a redirect follows it with the session it set (the flash message). */
    submit: (id: number, fields: FormFields, cookie = at.admin) =>
      at.stack.submit(detail(id), fields, cookie),
    /** The ad's order as the API holds it, `T` naming the fields the test reads. */
    async orderOf<T>(id: number) {
      const post = await at.stack.apiGet<{ publishmentOrder: T | null }>(
        `/api/adv/posts/${id}`,
        at.shopToken,
      );
      return post.publishmentOrder;
    },
    /** Posts `body` to the ad's detail as shop@ and anonymously: both are sent to the top page. */
    async expectActionRefused(id: number, body: string) {
      const asShop = await at.stack.postForm(detail(id), at.shop, body);
      expect(asShop.status).toBe(302);
      expect(asShop.headers.get("location")).toBe("/");
      const anonymous = await at.stack.postForm(detail(id), undefined, body);
      expect(anonymous.status).toBe(302);
      expect(new URL(anonymous.headers.get("location")!, at.stack.base).pathname).toBe("/");
    },
  });
}

/**
 * The portal alone (production build), its upstream down (port 9 on loopback: nothing listens,
 * every call fails fast), for what must not depend on the upstream answering. `embeddedApi`
 * stands in for the embedded API's mount when a test needs those paths; `upstreamUrl` points the
 * portal at another upstream (one that never answers).
 */
export async function startPortalOnly(
  settings: Record<string, string> = {},
  embeddedApi?: RequestHandler,
  upstreamUrl = "http://127.0.0.1:9",
) {
  const env = parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: "/tmp/unused",
    ...settings,
  });
  const build = await loadBuild();
  const app = createPortalApp({ env, build, embeddedApi, upstreamUrl: () => upstreamUrl });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    /** The portal's HTTP server, e.g. to count what its connections read. */
    server,
    /** A logged-in advertiser's cookie with a fresh token: nothing needs the upstream first. */
    async advertiserCookie() {
      const main = { token: await makeToken(advertiserClaims()), refreshToken: makeRefreshToken() };
      return encodeSessionCookie({ main }, { secrets: [TEST_SECRET], secure: false }).split(
        ";",
      )[0]!;
    },
    /** Posts a form as the portal's own page does (see startStack's postForm). */
    postForm: (pathname: string, cookie: string | undefined, fields: FormFields | FormData) =>
      postFormTo(base, pathname, cookie, fields),
    /** Posts any `body` as `contentType` (none when null) with the page's Origin and `cookie`. */
    send: (
      pathname: string,
      cookie: string | undefined,
      contentType: string | null,
      body?: BodyInit,
    ) => sendTo(base, pathname, cookie, contentType, body),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PortalOnly = Awaited<ReturnType<typeof startPortalOnly>>;
