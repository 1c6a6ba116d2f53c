// @vitest-environment node
// GET /api/adv/mail_outbox: the outbox viewer of demo mode, for administrators only.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApi, TEST_NOW } from "../testing/db";
import { body, get, loginAdmin, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string;
beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi());
});
afterAll(() => api.close());

const inquire = async (text: string) => {
  const response = await postJson(api.app, "/api/adv/message_boxes", { body: text }, shop);
  expect(response.status).toBe(201);
};

test("administrators read the queued mails, newest first, paged, with Tokyo times", async () => {
  await inquire("一通目のお問い合わせです。");
  api.setNow(new Date(TEST_NOW.getTime() + 60_000));
  await inquire("二通目のお問い合わせです。");

  const list = await body(await get(api.app, "/api/adv/mail_outbox?itemsPerPage=1", admin));
  expect(list["hydra:totalItems"]).toBe(2);
  expect(list["hydra:member"]).toEqual([
    {
      "@type": "MailOutbox",
      id: expect.any(Number),
      to: api.config.editorialEmail,
      subject: "【お店News】広告主からのお問い合わせ",
      body: expect.stringContaining("二通目のお問い合わせです。"),
      createdAt: "2025-06-15T12:01:00+09:00",
      sentAt: null,
    },
  ]);
  expect(list["hydra:view"]["hydra:next"]).toBe("/api/adv/mail_outbox?itemsPerPage=1&page=2");

  const second = await body(
    await get(api.app, "/api/adv/mail_outbox?itemsPerPage=1&page=2", admin),
  );
  expect(second["hydra:member"][0].body).toContain("一通目のお問い合わせです。");
  expect(second["hydra:member"][0].createdAt).toBe("2025-06-15T12:00:00+09:00");
});

test("advertisers get 403, anonymous callers 401", async () => {
  expect((await get(api.app, "/api/adv/mail_outbox", shop)).status).toBe(403);
  expect((await get(api.app, "/api/adv/mail_outbox")).status).toBe(401);
});

test("outside demo mode the viewer does not exist, even for administrators", async () => {
  const real = await createTestApi({ env: { DEMO: "false" } });
  try {
    expect(real.config.demo).toBe(false);
    const token = (await loginAdmin(real.app)).token;
    expect((await get(real.app, "/api/adv/mail_outbox", token)).status).toBe(404);
  } finally {
    await real.close();
  }
});
