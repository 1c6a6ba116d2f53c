// @vitest-environment node
// Registration abuse limits: per client address, for the registration and for the checks that
// reveal whether an e-mail is taken.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, outboxMails, TEST_NOW } from "./testing/db";
import { advertiserEntry } from "./testing/accounts";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi({ env: { REGISTRATION_LIMIT: "3" } });
});
afterAll(() => api.close());

const entry = (n: number) =>
  advertiserEntry({
    email: `burst${n}@example.com`,
    newPassword: "burst-password",
    newPasswordConfirm: "burst-password",
  });

const post = (path: string, payload: unknown, ip: string) =>
  api.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(payload),
  });

test("one address registers at most REGISTRATION_LIMIT times an hour; no mail beyond it", async () => {
  const ip = "203.0.113.10";
  const mailsBefore = (await outboxMails(api.db)).length;
  for (let n = 1; n <= 3; n += 1) {
    expect((await post("/api/adv/advertiser_entries", entry(n), ip)).status).toBe(201);
  }
  const refused = await post("/api/adv/advertiser_entries", entry(4), ip);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect((await outboxMails(api.db)).length - mailsBefore).toBe(3);
  // Another address is not held back; this one is free again in the next hour.
  expect((await post("/api/adv/advertiser_entries", entry(5), "203.0.113.11")).status).toBe(201);
  api.setNow(new Date(TEST_NOW.getTime() + 3600_000));
  try {
    expect((await post("/api/adv/advertiser_entries", entry(6), ip)).status).toBe(201);
  } finally {
    api.setNow(TEST_NOW);
  }
});

test("the e-mail-taken check (validate) is limited too, at 20 times the registrations", async () => {
  const ip = "203.0.113.20";
  for (let n = 0; n < 60; n += 1) {
    const response = await post("/api/adv/advertiser_entries/validate", entry(100 + n), ip);
    expect(response.status).toBe(204);
  }
  expect((await post("/api/adv/advertiser_entries/validate", entry(200), ip)).status).toBe(429);
});
