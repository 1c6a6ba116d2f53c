// Small helpers to call the API in-process (app.request) from tests.
import type { Hono } from "hono";
import { decodeJwt } from "jose";
import type { ApiEnv } from "../context";
import { DEMO_ACCOUNTS } from "../db/seed-data";
import { tinyPng } from "./images";
import type { AccessClaims } from "../../shared/wire";

type App = Hono<ApiEnv>;

export const demo = DEMO_ACCOUNTS;

export function postJson(app: App, path: string, body: unknown, token?: string) {
  return app.request(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A merge-patch, as API Platform expects for PATCH (SPEC §7). */
export function patchJson(app: App, path: string, body: unknown, token?: string) {
  return app.request(path, {
    method: "PATCH",
    headers: {
      "Content-Type": "application/merge-patch+json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

export function get(app: App, path: string, token?: string) {
  return app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/**
 * POST media_objects of a 4×3 PNG (shop.png) with `headers`: a token, or the trial key and the
 * client address of an anonymous trial upload.
 */
export function uploadPng(app: App, headers: Record<string, string>) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(tinyPng(4, 3))], "shop.png"));
  return app.request("/api/adv/media_objects", { method: "POST", body: form, headers });
}

/** PATCH …/update_password of the login at `path` to `newPassword` (typed twice) as `token`. */
export const updatePassword = (
  app: App,
  path: string,
  oldPassword: string,
  newPassword: string,
  token: string,
) =>
  patchJson(
    app,
    `${path}/update_password`,
    { oldPassword, newPassword, newPasswordConfirm: newPassword },
    token,
  );

/** POST authentication_token/refresh with `refreshToken`. */
export const refreshWith = (app: App, refreshToken: string) =>
  postJson(app, "/api/authentication_token/refresh", { refresh_token: refreshToken });

export async function login(app: App, email: string, password: string) {
  const response = await postJson(app, "/api/authentication_token", { email, password });
  if (response.status !== 200) throw new Error(`login of ${email} failed: ${response.status}`);
  return (await response.json()) as { token: string; refresh_token: string };
}

export const loginAdmin = (app: App) => login(app, demo.admin.email, demo.admin.password);
export const loginShop = (app: App) => login(app, demo.shop.email, demo.shop.password);
export const loginOther = (app: App) => login(app, demo.other.email, demo.other.password);

export type Claims = AccessClaims & { iat: number; exp: number };

export const claimsOf = (token: string) => decodeJwt(token) as Claims;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function body(response: Response): Promise<any> {
  return response.json();
}

/**
 * Applies for publication of `adId` (region 1, locality 1, course 1: one month) as `token`'s
 * advertiser; answers the new order as the API serialises it. Anything but 201 throws.
 */
export async function placeOrder(
  app: App,
  token: string,
  adId: number,
  publishesAt = "2025-07-01",
) {
  const response = await postJson(
    app,
    "/api/adv/publishment_orders",
    {
      advertisement: `/api/adv/posts/${adId}`,
      region: "/api/adv/publishment_regions/1",
      locality: "/api/adv/publishment_localities/1",
      course: "/api/adv/publishment_courses/1",
      publishesAt,
      paymentType: "none",
    },
    token,
  );
  if (response.status !== 201) {
    throw new Error(`order of ad ${adId} failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as { id: number } & Record<string, unknown>;
}
