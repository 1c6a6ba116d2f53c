// Setup for the spec-proxy journeys: advertisers and ads created through the reference API's own
// HTTP calls of SPEC §7 (registration, login, upload, create, duplicate), as another client of the
// upstream would, never through its database. Tokens come as a body or as cookies (issue 29).
import { request, type APIRequestContext, type APIResponse } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { expect } from "./support";
import { UPSTREAM_API_URL } from "./stack";

export type Account = { email: string; password: string };

let counter = 0;
/** A stamp unique to this run and call, for e-mails and names no other test uses. */
export const uniqueStamp = () => `${Date.now()}${counter++}`;

/** The upstream's HTTP client; disposed by `close`. */
export async function upstream(): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: UPSTREAM_API_URL,
    extraHTTPHeaders: { Accept: "application/ld+json" },
  });
}

/** Registers an advertiser (POST /api/adv/advertiser_entries, SPEC §7); answers its login. */
export async function registerAdvertiser(
  api: APIRequestContext,
  companyName: string,
  email = `spec-${uniqueStamp()}@example.com`,
): Promise<Account> {
  const password = "spec-password-1";
  const response = await api.post("/api/adv/advertiser_entries", {
    data: {
      email,
      newPassword: password,
      newPasswordConfirm: password,
      companyName,
      personInCharge: "佐藤 一郎",
      tel: "03-1111-2222",
      zipCode: "1500001",
      prefecture: "東京都",
      city: "渋谷区",
      address: "神宮前1-1-1",
    },
  });
  await expectStatus(response, 201);
  return { email, password };
}

/**
 * Logs in (POST /api/authentication_token) and answers the headers that authenticate later calls:
 * the bearer token from the body, or the cookies the upstream set instead (LexikJWT set_cookies).
 */
export async function authenticate(
  api: APIRequestContext,
  account: Account,
): Promise<Record<string, string>> {
  const response = await api.post("/api/authentication_token", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), `login of ${account.email}`).toBeLessThan(300);
  const cookies = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0]!.trim())
    .filter((pair) => !pair.endsWith("="));
  const body = (response.status() === 204 ? {} : await response.json().catch(() => ({}))) as {
    token?: string;
  };
  const headers: Record<string, string> = {};
  if (body.token) headers.Authorization = `Bearer ${body.token}`;
  if (cookies.length > 0) headers.Cookie = cookies.join("; ");
  expect(Object.keys(headers), "a token in the body or a cookie").not.toEqual([]);
  return headers;
}

/**
 * Creates `count` ads for the logged-in advertiser (POST /api/adv/posts, one uploaded image shared
 * by all); answers their titles, oldest first.
 */
export async function seedAds(
  api: APIRequestContext,
  auth: Record<string, string>,
  titlePrefix: string,
  count: number,
): Promise<string[]> {
  const upload = await api.post("/api/adv/media_objects", {
    headers: auth,
    multipart: {
      file: { name: "seed.png", mimeType: "image/png", buffer: tinyPng(64, 48) },
    },
  });
  await expectStatus(upload, 201);
  const image = ((await upload.json()) as { "@id": string })["@id"];
  const titles = Array.from({ length: count }, (_, n) => `${titlePrefix} ${n + 1}`);
  for (const title of titles) {
    const created = await api.post("/api/adv/posts", {
      headers: auth,
      data: {
        title,
        body1: "ページ送りの確認用の広告です。",
        storeName: "ページ送り商店",
        storeAddress: "東京都渋谷区神宮前1-1-1",
        storeTel: "03-1111-2222",
        image1: image,
        eyeCatch: image,
      },
    });
    await expectStatus(created, 201);
  }
  return titles;
}

async function expectStatus(response: APIResponse, status: number) {
  const text = response.status() === status ? "" : await response.text().catch(() => "");
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
}
