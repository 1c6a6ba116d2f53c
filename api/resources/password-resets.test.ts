// @vitest-environment node
// Self-service password reset: POST /api/adv/password_resets (the mail with a one-time link),
// …/check and …/reset; an extension of SPEC §7 that the spec profile does not have.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createAdministrator } from "../accounts";
import { passwordResetTokens, userLogins } from "../db/schema";
import { createTestApi, outboxMails, TEST_NOW } from "../testing/db";
import { body, get, login, postJson } from "../testing/http";
import {
  RESET_LINK_VALID_MINUTES,
  RESET_REQUESTS_PER_CLIENT,
  RESET_REQUESTS_PER_EMAIL,
} from "./password-resets";
import { freshAdvertiser } from "../testing/accounts";

const ORIGIN = "https://portal.example.jp";
let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi({ env: { PUBLIC_ORIGIN: ORIGIN } });
});
afterAll(() => api.close());

let seq = 0;
/** A fresh advertiser, and a client address of its own so no test meets another's limits. */
async function newAdvertiser(opts: { isTemporaryPassword?: boolean } = {}) {
  const user = await freshAdvertiser(api.db, "reset", { ...opts, companyName: "再設定" });
  seq = user.seq;
  return { ...user, ip: `192.0.2.${seq}` };
}

const post = (path: string, json: unknown, ip = "198.51.100.1") =>
  api.app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(json),
  });

const requestLink = (email: string, ip?: string) => post("/api/adv/password_resets", { email }, ip);
const reset = (token: string, newPassword: string, confirm = newPassword, ip?: string) =>
  post("/api/adv/password_resets/reset", { token, newPassword, newPasswordConfirm: confirm }, ip);

/** The token of the latest reset mail to this address, read from its link as a person would. */
async function linkToken(email: string): Promise<string> {
  const mail = (await outboxMails(api.db)).filter((m) => m.to === email).at(-1);
  const url = /パスワード再設定ページ: (\S+)/.exec(mail?.body ?? "")?.[1];
  expect(url, "the mail carries a link").toBeDefined();
  expect(url!.startsWith(`${ORIGIN}/password_reset/`)).toBe(true);
  return decodeURIComponent(url!.slice(`${ORIGIN}/password_reset/`.length));
}

const resetMailsTo = async (email: string) =>
  (await outboxMails(api.db)).filter(
    (m) => m.to === email && m.subject.includes("パスワード再設定"),
  );

test("the answer is the same whether or not the address has an account; only an account gets a mail", async () => {
  const user = await newAdvertiser();
  const known = await requestLink(user.email, user.ip);
  const unknown = await requestLink(`nobody-${seq}@example.com`, user.ip);
  expect(known.status).toBe(202);
  expect(unknown.status).toBe(202);
  expect(await known.text()).toBe(await unknown.text());
  expect(await resetMailsTo(user.email)).toHaveLength(1);
  expect(await resetMailsTo(`nobody-${seq}@example.com`)).toHaveLength(0);
});

test("the mail's link opens the portal's page; the database keeps only the token's hash", async () => {
  const user = await newAdvertiser();
  await requestLink(user.email.toUpperCase(), user.ip);
  const token = await linkToken(user.email);
  expect(token).toMatch(/^[\w-]{43}$/);
  const rows = await api.db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userLoginId, user.userLoginId));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.tokenHash).not.toContain(token);
  expect(rows[0]!.expiresAt.getTime() - TEST_NOW.getTime()).toBe(RESET_LINK_VALID_MINUTES * 60_000);
});

test("a malformed request is a 422 on email and counts nothing (the portal's probe)", async () => {
  const ip = "203.0.113.200";
  for (let i = 0; i < RESET_REQUESTS_PER_CLIENT + 2; i++) {
    const response = await post("/api/adv/password_resets", {}, ip);
    expect(response.status).toBe(422);
    const answer = (await body(response)) as { violations: { propertyPath: string }[] };
    expect(answer.violations.map((v) => v.propertyPath)).toEqual(["email"]);
  }
  expect((await requestLink("someone@example.com", ip)).status).toBe(202);
});

test("requests are limited per address and per client, known or not (429 with Retry-After)", async () => {
  const user = await newAdvertiser();
  for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) {
    expect((await requestLink(user.email, `192.0.2.${100 + i}`)).status).toBe(202);
  }
  const perEmail = await requestLink(user.email, "192.0.2.200");
  expect(perEmail.status).toBe(429);
  expect(perEmail.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(await resetMailsTo(user.email)).toHaveLength(RESET_REQUESTS_PER_EMAIL);

  const ip = "203.0.113.50";
  for (let i = 0; i < RESET_REQUESTS_PER_CLIENT; i++) {
    expect((await requestLink(`someone${i}@example.com`, ip)).status).toBe(202);
  }
  expect((await requestLink("another@example.com", ip)).status).toBe(429);
});

test("the link sets a password once: temporary no more, every session ended, a second use refused", async () => {
  const user = await newAdvertiser({ isTemporaryPassword: true });
  const pair = await login(api.app, user.email, user.password);
  await requestLink(user.email, user.ip);
  const token = await linkToken(user.email);

  expect((await post("/api/adv/password_resets/check", { token })).status).toBe(204);
  expect((await reset(token, "brand-new-password")).status).toBe(204);

  const [row] = await api.db.select().from(userLogins).where(eq(userLogins.id, user.userLoginId));
  expect(row!.isTemporaryPassword).toBe(false);
  expect((await get(api.app, "/api/adv/prefectures/13", pair.token)).status).toBe(401);
  const refreshed = await postJson(api.app, "/api/authentication_token/refresh", {
    refresh_token: pair.refresh_token,
  });
  expect(refreshed.status).toBe(401);
  await expect(login(api.app, user.email, user.password)).rejects.toThrow();
  await login(api.app, user.email, "brand-new-password");

  expect((await reset(token, "another-password")).status).toBe(410);
  expect((await post("/api/adv/password_resets/check", { token })).status).toBe(410);
  await login(api.app, user.email, "brand-new-password");
  const mails = (await outboxMails(api.db)).filter((m) => m.to === user.email);
  expect(mails.at(-1)!.subject).toContain("パスワードが変更されました");
});

test("the link dies after its time (an injected clock)", async () => {
  const user = await newAdvertiser();
  await requestLink(user.email, user.ip);
  const token = await linkToken(user.email);
  try {
    api.setNow(new Date(TEST_NOW.getTime() + RESET_LINK_VALID_MINUTES * 60_000 - 1000));
    expect((await post("/api/adv/password_resets/check", { token })).status).toBe(204);
    api.setNow(new Date(TEST_NOW.getTime() + RESET_LINK_VALID_MINUTES * 60_000));
    expect((await post("/api/adv/password_resets/check", { token })).status).toBe(410);
    expect((await reset(token, "too-late-password")).status).toBe(410);
  } finally {
    api.setNow(TEST_NOW);
  }
  await login(api.app, user.email, user.password);
});

test("a new request invalidates the login's older links", async () => {
  const user = await newAdvertiser();
  await requestLink(user.email, user.ip);
  const first = await linkToken(user.email);
  await requestLink(user.email, user.ip);
  const second = await linkToken(user.email);
  expect(second).not.toBe(first);
  expect((await reset(first, "first-link-password")).status).toBe(410);
  expect((await reset(second, "second-link-password")).status).toBe(204);
});

test("password rules as SPEC's: 422 on newPassword / newPasswordConfirm, and the link stays usable", async () => {
  const user = await newAdvertiser();
  await requestLink(user.email, user.ip);
  const token = await linkToken(user.email);
  const short = await reset(token, "short");
  expect(short.status).toBe(422);
  const shortAnswer = (await body(short)) as { violations: { propertyPath: string }[] };
  expect(shortAnswer.violations.map((v) => v.propertyPath)).toContain("newPassword");
  const mismatch = await reset(token, "long-enough-password", "something-else");
  expect(mismatch.status).toBe(422);
  const mismatchAnswer = (await body(mismatch)) as {
    violations: { propertyPath: string; message: string }[];
  };
  expect(mismatchAnswer.violations.map((v) => v.propertyPath)).toEqual(["newPasswordConfirm"]);
  expect((await reset(token, "long-enough-password")).status).toBe(204);
});

test("an unknown token is 410 before the password is looked at", async () => {
  expect((await reset("no-such-token", "x")).status).toBe(410);
});

test("administrators and deleted advertisers get the same answer and no mail", async () => {
  seq += 1;
  const adminEmail = `reset-admin${seq}@example.com`;
  await createAdministrator(api.db, {
    email: adminEmail,
    password: "admin-password",
    name: "再設定 管理者",
  });
  const deleted = await newAdvertiser();
  await api.db.execute(`update clients set is_deleted = true where id = ${deleted.clientId}`);
  for (const email of [adminEmail, deleted.email]) {
    expect((await requestLink(email, deleted.ip)).status).toBe(202);
    expect(await resetMailsTo(email)).toHaveLength(0);
  }
});

test("the spec profile has no such call: 404 like any path outside SPEC §7", async () => {
  const spec = await createTestApi({ env: { API_PROFILE: "spec" } });
  try {
    for (const path of [
      "/api/adv/password_resets",
      "/api/adv/password_resets/check",
      "/api/adv/password_resets/reset",
    ]) {
      const response = await spec.app.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(response.status, path).toBe(404);
    }
  } finally {
    await spec.close();
  }
});
