// @vitest-environment node
// The trial form's abuse limits (ADR 0012), per client address: anonymous uploads (10 × the
// registration limit an hour), create_trial (the registration limit) and its three validators
// (the checks limit, 20 ×).
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { TEST_NOW } from "../testing/db";
import { uploadPng } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let dir: string;
let shop: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "trial-limits-"));
  ({ api, shop } = await openDemoApi({ env: { MEDIA_DIR: dir, REGISTRATION_LIMIT: "1" } }));
});
afterAll(async () => {
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const newKey = () => randomBytes(32).toString("base64url");

const upload = (ip: string, token?: string) =>
  uploadPng(api.app, {
    "X-Forwarded-For": ip,
    "X-Trial-Key": newKey(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  });

const post = (route: string, payload: unknown, ip: string) =>
  api.app.request(route, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip, "X-Trial-Key": newKey() },
    body: JSON.stringify(payload),
  });

test("anonymous uploads: 10 × REGISTRATION_LIMIT an hour per address; advertisers' are not counted", async () => {
  const ip = "203.0.113.30";
  for (let n = 0; n < 10; n += 1) expect((await upload(ip)).status).toBe(201);
  const refused = await upload(ip);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect((await upload(ip, shop)).status).toBe(201);
  expect((await upload("203.0.113.31")).status).toBe(201);
  api.setNow(new Date(TEST_NOW.getTime() + 3600_000));
  try {
    expect((await upload(ip)).status).toBe(201);
  } finally {
    api.setNow(TEST_NOW);
  }
});

test("create_trial counts as a registration, whatever its outcome", async () => {
  const ip = "203.0.113.40";
  // An empty trial is refused (422), but counted: the limit is on attempts.
  expect((await post("/api/adv/posts/create_trial", {}, ip)).status).toBe(422);
  expect((await post("/api/adv/posts/create_trial", {}, ip)).status).toBe(429);
  expect((await post("/api/adv/advertiser_entries", {}, ip)).status).toBe(429);
  expect((await post("/api/adv/posts/create_trial", {}, "203.0.113.41")).status).toBe(422);
});

test("the three trial validators share the checks limit (20 × REGISTRATION_LIMIT)", async () => {
  const ip = "203.0.113.50";
  const routes = [
    "/api/adv/posts/validate_trial",
    "/api/adv/advertiser_entries/validate_trial",
    "/api/adv/advertiser_entries/validate_email",
  ];
  for (let n = 0; n < 20; n += 1) {
    expect((await post(routes[n % 3]!, {}, ip)).status).toBe(422);
  }
  for (const route of routes) expect((await post(route, {}, ip)).status).toBe(429);
});
