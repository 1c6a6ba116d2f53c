// @vitest-environment node
// The mail adapter: the outbox default, and a mailer that fails does not undo a committed change.
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { createTestApi, createTestDatabase, outboxMails } from "../testing/db";
import { body, login, postJson } from "../testing/http";
import { outboxMailer, sendAfterCommit, type Mail, type Mailer } from "./mail";

const sent: Mail[] = [];
let failing = false;
const recording: Mailer = {
  async send(mail) {
    if (failing) throw new Error("SMTP server unreachable");
    sent.push(mail);
  },
};

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi({ mailer: recording });
});
afterAll(() => api.close());

test("the outbox mailer writes one unsent row per mail", async () => {
  const { db, close } = await createTestDatabase();
  try {
    await outboxMailer(db).send({ to: "a@example.com", subject: "件名", body: "本文" });
    expect(await outboxMails(db)).toEqual([{ to: "a@example.com", subject: "件名", body: "本文" }]);
  } finally {
    await close();
  }
});

const entry = (email: string) => ({
  email,
  newPassword: "password-123",
  newPasswordConfirm: "password-123",
  companyName: "メール株式会社",
  personInCharge: "送信 太郎",
  tel: "03-1234-5678",
  zipCode: "1000001",
  prefecture: "/api/adv/prefectures/13",
  city: "千代田区",
  address: "千代田1-1",
});

test("the resources send through the configured mailer, not the outbox", async () => {
  const response = await postJson(api.app, "/api/adv/advertiser_entries", entry("m1@example.com"));
  expect(response.status).toBe(201);
  expect(sent.map((m) => [m.to, m.subject])).toEqual([
    ["m1@example.com", "【お店News】広告主登録が完了しました"],
  ]);
  expect(await outboxMails(api.db)).toEqual([]);
});

test("a mailer failure is logged and the committed change still answers success", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  failing = true;
  try {
    const response = await postJson(
      api.app,
      "/api/adv/advertiser_entries",
      entry("m2@example.com"),
    );
    expect(response.status).toBe(201);
    expect((await body(response)).owner.email).toBe("m2@example.com");
    await login(api.app, "m2@example.com", "password-123");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("SMTP server unreachable"));
  } finally {
    failing = false;
    log.mockRestore();
  }
});

test("sendAfterCommit goes on with the next mail after a failure", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  const delivered: string[] = [];
  const flaky: Mailer = {
    async send(mail) {
      if (mail.to === "bad@example.com") throw new Error("rejected");
      delivered.push(mail.to);
    },
  };
  await sendAfterCommit(flaky, [
    { to: "bad@example.com", subject: "s", body: "b" },
    { to: "good@example.com", subject: "s", body: "b" },
  ]);
  expect(delivered).toEqual(["good@example.com"]);
  log.mockRestore();
});
