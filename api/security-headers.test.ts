// @vitest-environment node
// Every response of the API carries its security headers, errors and 401s included: the API is
// mounted before the portal's helmet, so nothing else adds them.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PREVIEW_CSP } from "./resources/site-preview";
import { API_CSP } from "./security-headers";
import { demo, get, postJson } from "./testing/http";
import { tinyPng } from "./testing/images";
import { openDemoApi, type TestApi } from "./testing/demo-api";

let api: TestApi;
let shop: string;
let mediaDir: string;
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "security-headers-"));
  await writeFile(path.join(mediaDir, "picture.png"), tinyPng(4, 3));
  ({ api, shop } = await openDemoApi({ env: { MEDIA_DIR: mediaDir } }));
});
afterAll(async () => {
  await api.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const HSTS = "max-age=31536000; includeSubDomains";

function expectCommon(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Strict-Transport-Security")).toBe(HSTS);
  expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
}

describe("/api", () => {
  const cases: Array<[name: string, request: () => Response | Promise<Response>, status: number]> =
    [
      ["login (tokens)", () => postJson(api.app, "/api/authentication_token", demo.shop), 200],
      [
        "failed login",
        () => postJson(api.app, "/api/authentication_token", { ...demo.shop, password: "wrong" }),
        401,
      ],
      ["a client (personal data)", () => get(api.app, "/api/adv/clients/1", shop), 200],
      ["a public collection", () => get(api.app, "/api/adv/prefectures"), 200],
      ["no token", () => get(api.app, "/api/adv/clients/1"), 401],
      ["unknown path", () => get(api.app, "/api/adv/no_such_resource", shop), 404],
      ["another's client", () => get(api.app, "/api/adv/clients/2", shop), 404],
      [
        "malformed body",
        () =>
          api.app.request("/api/authentication_token", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: "{",
          }),
        400,
      ],
      [
        "body too large",
        () =>
          api.app.request("/api/authentication_token", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: `"${"x".repeat(2 * 1024 * 1024)}"`,
          }),
        413,
      ],
      ["validation error", () => postJson(api.app, "/api/adv/posts/validate", {}, shop), 422],
    ];

  test.each(cases)("%s: no-store, nosniff, CSP, HSTS", async (_name, request, status) => {
    const response = await request();
    expect(response.status).toBe(status);
    expectCommon(response);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toBe(API_CSP);
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
  });
});

describe("/media", () => {
  test("a file: nosniff, its own cache policy and sandbox CSP, embeddable by other origins", async () => {
    const response = await get(api.app, "/media/picture.png");
    expect(response.status).toBe(200);
    expectCommon(response);
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
    expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(response.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
  });

  test("an unknown file: a 404 that is not cached", async () => {
    const response = await get(api.app, "/media/nothing.png");
    expect(response.status).toBe(404);
    expectCommon(response);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Security-Policy")).toBe(API_CSP);
  });
});

describe("/site", () => {
  test("the preview page keeps its own CSP and cache policy", async () => {
    const response = await get(api.app, "/site/preview");
    expect(response.status).toBe(200);
    expectCommon(response);
    expect(response.headers.get("Content-Security-Policy")).toBe(PREVIEW_CSP);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  test("an unknown page is a 404 with the strict defaults", async () => {
    const response = await get(api.app, "/site/no-such-page");
    expect(response.status).toBe(404);
    expectCommon(response);
    expect(response.headers.get("Content-Security-Policy")).toBe(API_CSP);
  });
});
