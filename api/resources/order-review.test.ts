// @vitest-environment node
// The editors' review (ARCHITECTURE §6): PATCH publishment_orders/{id}/confirm|remand|publishes_at,
// POST posts/{id}/contact, DELETE posts/{id}; their status rules, message box rows, mails and
// audit rows, and who may call them.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { advertisements, auditLogs, messageBoxes, publishmentOrders } from "../db/schema";
import { outboxMails, TEST_NOW } from "../testing/db";
import { body, demo, get, loginAdmin, patchJson, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";
import { violationsOf } from "../testing/violations";
import { lastMessage, orderRow } from "../testing/rows";

let api: TestApi;
let admin: string, shop: string, other: string;
let impersonatedShop: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi());
  const switched = await postJson(
    api.app,
    `/api/adv/switch_user?to=${encodeURIComponent(demo.shop.email)}`,
    {},
    admin,
  );
  impersonatedShop = (await body(switched)).token;
});
afterAll(() => api.close());

// Demo data: shop@ (client 1) owns drafts 12-15 (no order); other@ (client 2) owns 11 (ordered).
// Courses 1 (1 month) and 3 (14 days). TEST_NOW is 2025-06-15 12:00 JST.

/** A fresh order of shop@'s draft `adId`, then put in `status`. */
async function orderFor(adId: number, status: string, course = 1, publishesAt = "2025-07-01") {
  const response = await postJson(
    api.app,
    "/api/adv/publishment_orders",
    {
      advertisement: `/api/adv/posts/${adId}`,
      region: "/api/adv/publishment_regions/1",
      locality: "/api/adv/publishment_localities/1",
      course: `/api/adv/publishment_courses/${course}`,
      publishesAt,
      paymentType: "none",
    },
    shop,
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const order = await body(response);
  await api.db
    .update(publishmentOrders)
    .set({ publishmentStatus: status as "new" })
    .where(eq(publishmentOrders.id, order.id));
  return order.id as number;
}

async function setStatus(orderId: number, status: "new" | "remanded" | "reapplying" | "confirmed") {
  await api.db
    .update(publishmentOrders)
    .set({ publishmentStatus: status })
    .where(eq(publishmentOrders.id, orderId));
}

const confirm = (id: number, payload: unknown, token = admin) =>
  patchJson(api.app, `/api/adv/publishment_orders/${id}/confirm`, payload, token);
const remand = (id: number, payload: unknown, token = admin) =>
  patchJson(api.app, `/api/adv/publishment_orders/${id}/remand`, payload, token);
const moveStart = (id: number, payload: unknown, token = admin) =>
  patchJson(api.app, `/api/adv/publishment_orders/${id}/publishes_at`, payload, token);
const contact = (id: number, payload: unknown, token = admin) =>
  postJson(api.app, `/api/adv/posts/${id}/contact`, payload, token);
const remove = (id: number, token = admin) =>
  api.app.request(`/api/adv/posts/${id}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}` },
  });

async function auditRowsFor(target: string) {
  return api.db.select().from(auditLogs).where(eq(auditLogs.target, target));
}

let ordered: { 12: number; 13: number; 14: number };

beforeAll(async () => {
  ordered = {
    12: await orderFor(12, "new"),
    13: await orderFor(13, "new", 3),
    14: await orderFor(14, "new"),
  };
});

describe("confirm", () => {
  test("from new: confirmed, period from the date and the course, message, mail, audit", async () => {
    const id = ordered[12];
    await setStatus(id, "new");
    const response = await confirm(id, { publishesAt: "2025-06-15", note: "今日から掲載します。" });
    expect(response.status, await response.clone().text()).toBe(200);
    const order = await body(response);
    expect(order).toMatchObject({
      "@context": "/api/contexts/PublishmentOrder",
      "@id": `/api/adv/publishment_orders/${id}`,
      publishmentStatus: "confirmed",
      publishesAt: "2025-06-15T00:00:00+09:00",
      unpublishesAt: "2025-07-15T23:59:59+09:00",
      confirmableAdvertisement: false,
      remandableAdvertisement: true,
    });
    // The same shape as a GET.
    expect(order).toEqual(
      await body(await get(api.app, `/api/adv/publishment_orders/${id}`, admin)),
    );

    const message = await lastMessage(api.db, 12);
    expect(message).toMatchObject({ sender: "system", subject: "原稿を承認しました", clientId: 1 });
    expect(message.body).toContain("掲載期間: 2025/06/15〜2025/07/15");
    expect(message.body).toContain("今日から掲載します。");

    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.to).toBe(demo.shop.email);
    expect(mail.subject).toBe("【お店News】原稿を承認しました（申込ID 000012）");
    expect(mail.body.startsWith("お店News 広告管理からのお知らせです。")).toBe(true);
    expect(mail.body).toContain("掲載期間: 2025/06/15〜2025/07/15");
    expect(mail.body.indexOf("今日から掲載します。")).toBeGreaterThan(
      mail.body.indexOf("掲載期間"),
    );

    const [audit] = await auditRowsFor(`/api/adv/publishment_orders/${id}`);
    expect(audit).toMatchObject({
      action: "order.confirm",
      advertisementId: 12,
      impersonatorUserLoginId: null,
      clientIp: "127.0.0.1",
      occurredAt: TEST_NOW,
    });
    expect(audit!.changes).toMatchObject({
      publishmentStatus: { before: "new", after: "confirmed" },
      publishesAt: { before: "2025-07-01T00:00:00+09:00", after: "2025-06-15T00:00:00+09:00" },
      unpublishesAt: { before: "2025-08-01T23:59:59+09:00", after: "2025-07-15T23:59:59+09:00" },
      messageBox: { before: null, after: `/api/adv/message_boxes/${message.id}` },
    });
  });

  test("from reapplying: confirmed; a day course ends start + N − 1 days", async () => {
    const id = ordered[13];
    await setStatus(id, "reapplying");
    const order = await body(await confirm(id, { publishesAt: "2025-06-20" }));
    expect(order).toMatchObject({
      publishmentStatus: "confirmed",
      publishesAt: "2025-06-20T00:00:00+09:00",
      unpublishesAt: "2025-07-03T23:59:59+09:00",
    });
  });

  test.each(["remanded", "confirmed"] as const)("from %s: 422, nothing changes", async (status) => {
    const id = ordered[14];
    await setStatus(id, status);
    const before = await orderRow(api.db, id);
    const messages = await api.db.select().from(messageBoxes);
    expect(await violationsOf(await confirm(id, { publishesAt: "2025-06-20" }))).toEqual([
      ["publishmentStatus", "この広告は承認できない状態です。"],
    ]);
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await api.db.select().from(messageBoxes)).toHaveLength(messages.length);
  });

  test("the start date: required, a real date, today or later (Tokyo)", async () => {
    const id = ordered[14];
    await setStatus(id, "new");
    expect(await violationsOf(await confirm(id, {}))).toEqual([
      ["publishesAt", "入力してください。"],
    ]);
    expect(await violationsOf(await confirm(id, { publishesAt: "2025-02-30" }))).toEqual([
      ["publishesAt", "正しい日付を入力してください。"],
    ]);
    expect(await violationsOf(await confirm(id, { publishesAt: "2025-06-14" }))).toEqual([
      ["publishesAt", "掲載開始日には本日以降の日付を指定してください。"],
    ]);
    expect((await orderRow(api.db, id)).publishmentStatus).toBe("new");
    // 2025-06-14 23:30 UTC is already 06-15 in Tokyo: "today" is Tokyo's.
    api.setNow(new Date("2025-06-14T23:30:00Z"));
    try {
      expect((await confirm(id, { publishesAt: "2025-06-15" })).status).toBe(200);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("remand", () => {
  test.each(["new", "reapplying", "confirmed"] as const)(
    "from %s: remanded, the reasons in the message box and the mail",
    async (status) => {
      const id = ordered[14];
      await setStatus(id, status);
      const reasons = `写真が不鮮明です（${status}）。`;
      const response = await remand(id, { note: reasons });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await body(response)).toMatchObject({
        publishmentStatus: "remanded",
        confirmableAdvertisement: false,
        remandableAdvertisement: false,
      });
      const message = await lastMessage(api.db, 14);
      expect(message).toMatchObject({ sender: "system", subject: "原稿が差し戻されました" });
      expect(message.body).toContain(reasons);
      const mail = (await outboxMails(api.db)).at(-1)!;
      expect(mail).toMatchObject({
        to: demo.shop.email,
        subject: "【お店News】原稿が差し戻されました（申込ID 000014）",
      });
      expect(mail.body.startsWith("お店News 広告管理からのお知らせです。")).toBe(true);
      expect(mail.body).toContain(reasons);
      const audits = await auditRowsFor(`/api/adv/publishment_orders/${id}`);
      expect(audits.at(-1)).toMatchObject({
        action: "order.remand",
        changes: { publishmentStatus: { before: status, after: "remanded" } },
      });
    },
  );

  test("from remanded: 422; the reasons are required", async () => {
    const id = ordered[14];
    await setStatus(id, "remanded");
    expect(await violationsOf(await remand(id, { note: "理由" }))).toEqual([
      ["publishmentStatus", "この広告は差し戻しできない状態です。"],
    ]);
    await setStatus(id, "new");
    expect(await violationsOf(await remand(id, { note: "  " }))).toEqual([
      ["note", "差し戻しの理由を入力してください。"],
    ]);
    expect(await violationsOf(await remand(id, { note: "あ".repeat(2001) }))).toEqual([
      ["note", "2000文字以内で入力してください。"],
    ]);
    expect((await orderRow(api.db, id)).publishmentStatus).toBe("new");
  });
});

describe("publishes_at", () => {
  test("moves the start, and the end by the month course; any status", async () => {
    const id = ordered[12];
    await setStatus(id, "confirmed");
    const response = await moveStart(id, { publishesAt: "2025-08-31", note: "ご相談の通り" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await body(response)).toMatchObject({
      publishmentStatus: "confirmed",
      publishesAt: "2025-08-31T00:00:00+09:00",
      unpublishesAt: "2025-09-30T23:59:59+09:00",
    });
    const message = await lastMessage(api.db, 12);
    expect(message).toMatchObject({ sender: "system", subject: "掲載開始日が変更されました" });
    expect(message.body).toContain("掲載期間: 2025/08/31〜2025/09/30");
    expect(message.body).toContain("ご相談の通り");
    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.subject).toBe("【お店News】掲載開始日が変更されました（申込ID 000012）");
    expect(mail.body).toContain("2025/08/31〜2025/09/30");
    const audits = await auditRowsFor(`/api/adv/publishment_orders/${id}`);
    expect(audits.at(-1)).toMatchObject({ action: "order.publishes_at" });
    expect(audits.at(-1)!.changes).not.toHaveProperty("publishmentStatus");
  });

  test("by the day course; today allowed, yesterday refused", async () => {
    const id = ordered[13];
    expect(await body(await moveStart(id, { publishesAt: "2025-06-15" }))).toMatchObject({
      publishesAt: "2025-06-15T00:00:00+09:00",
      unpublishesAt: "2025-06-28T23:59:59+09:00",
    });
    expect(await violationsOf(await moveStart(id, { publishesAt: "2025-06-14" }))).toEqual([
      ["publishesAt", "掲載開始日には本日以降の日付を指定してください。"],
    ]);
  });

  test("up to two years ahead; year 9999 is a 422 on the field, not a 500", async () => {
    const id = ordered[13];
    for (const publishesAt of ["9999-12-31", "2027-06-16"]) {
      expect(await violationsOf(await moveStart(id, { publishesAt })), publishesAt).toEqual([
        ["publishesAt", "正しい日付を入力してください。"],
      ]);
    }
    await setStatus(id, "new");
    expect(await violationsOf(await confirm(id, { publishesAt: "9999-12-31" }))).toEqual([
      ["publishesAt", "正しい日付を入力してください。"],
    ]);
    expect((await orderRow(api.db, id)).publishmentStatus).toBe("new");
  });

  test("once the period has ended: 422", async () => {
    const id = ordered[13];
    api.setNow(new Date("2025-06-29T00:00:00+09:00"));
    try {
      const late = (await loginAdmin(api.app)).token;
      expect(await violationsOf(await moveStart(id, { publishesAt: "2025-07-01" }, late))).toEqual([
        ["publishmentStatus", "掲載が終了した広告の開始日は変更できません。"],
      ]);
    } finally {
      api.setNow(TEST_NOW);
    }
    expect((await orderRow(api.db, id)).publishesAt).toEqual(new Date("2025-06-15T00:00:00+09:00"));
  });

  test("during the end date's last second the period has not ended: the start moves (issue 31)", async () => {
    const id = ordered[13];
    await api.db
      .update(publishmentOrders)
      .set({
        publishesAt: new Date("2025-06-15T00:00:00+09:00"),
        unpublishesAt: new Date("2025-06-28T23:59:59+09:00"),
      })
      .where(eq(publishmentOrders.id, id));
    api.setNow(new Date("2025-06-28T23:59:59.500+09:00"));
    try {
      const late = (await loginAdmin(api.app)).token;
      const moved = await moveStart(id, { publishesAt: "2025-06-28" }, late);
      expect(moved.status, await moved.clone().text()).toBe(200);
      expect(await body(moved)).toMatchObject({ unpublishesAt: "2025-07-11T23:59:59+09:00" });
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("contact", () => {
  test("an administrator's message in the message box and a mail to the advertiser", async () => {
    const response = await contact(12, { note: "写真の差し替えをご検討ください。" });
    expect(response.status, await response.clone().text()).toBe(201);
    const message = await body(response);
    expect(message).toMatchObject({
      "@type": "MessageBox",
      sender: "administrator",
      subject: "編集部からのお知らせ（申込ID 000012）",
      body: "写真の差し替えをご検討ください。",
      advertisement: { id: 12 },
      client: "/api/adv/clients/1",
    });
    // The advertiser reads it in its own message box.
    const page = await body(await get(api.app, "/api/adv/message_boxes?post=12", shop));
    expect(page["hydra:member"][0]).toMatchObject({ id: message.id, sender: "administrator" });
    const mail = (await outboxMails(api.db)).at(-1)!;
    expect(mail.to).toBe(demo.shop.email);
    expect(mail.subject).toBe("【お店News】編集部からのメッセージ（申込ID 000012）");
    expect(mail.body.startsWith("お店News 広告管理からのお知らせです。")).toBe(true);
    expect(mail.body).toContain("写真の差し替えをご検討ください。");
    const audits = await auditRowsFor("/api/adv/posts/12");
    expect(audits.at(-1)).toMatchObject({
      action: "post.contact",
      changes: { messageBox: { before: null, after: message["@id"] } },
    });
  });

  test("the note is required, 2000 characters at most", async () => {
    expect(await violationsOf(await contact(12, {}))).toEqual([["note", "入力してください。"]]);
    expect(await violationsOf(await contact(12, { note: "あ".repeat(2001) }))).toEqual([
      ["note", "2000文字以内で入力してください。"],
    ]);
    expect((await contact(99999, { note: "x" })).status).toBe(404);
  });
});

describe("delete", () => {
  test("soft delete: administrators see it flagged, advertisers no longer see it", async () => {
    expect((await remove(15)).status).toBe(204);
    const asAdmin = await body(await get(api.app, "/api/adv/posts/15", admin));
    expect(asAdmin.isDeleted).toBe(true);
    const list = await body(await get(api.app, "/api/adv/posts?owner=1&itemsPerPage=100", admin));
    expect(list["hydra:member"].find((p: { id: number }) => p.id === 15)).toMatchObject({
      isDeleted: true,
    });
    expect((await get(api.app, "/api/adv/posts/15", shop)).status).toBe(404);
    const own = await body(await get(api.app, "/api/adv/posts?itemsPerPage=100", shop));
    expect(own["hydra:member"].map((p: { id: number }) => p.id)).not.toContain(15);
    expect((await auditRowsFor("/api/adv/posts/15")).at(-1)).toMatchObject({
      action: "post.delete",
      advertisementId: 15,
      changes: { isDeleted: { before: false, after: true } },
    });
    // Again: 404; and nothing else may be done to a deleted ad.
    expect((await remove(15)).status).toBe(404);
    expect((await contact(15, { note: "x" })).status).toBe(404);
  });

  test("order actions on a deleted ad: 404", async () => {
    const id = ordered[14];
    await api.db
      .update(publishmentOrders)
      .set({ publishmentStatus: "new" })
      .where(eq(publishmentOrders.id, id));
    await api.db.update(advertisements).set({ isDeleted: true }).where(eq(advertisements.id, 14));
    try {
      expect((await confirm(id, { publishesAt: "2025-06-20" })).status).toBe(404);
      expect((await remand(id, { note: "x" })).status).toBe(404);
      expect((await moveStart(id, { publishesAt: "2025-06-20" })).status).toBe(404);
    } finally {
      await api.db
        .update(advertisements)
        .set({ isDeleted: false })
        .where(eq(advertisements.id, 14));
    }
  });
});

describe("access", () => {
  test("advertisers (also an impersonated one) get 403 on every review call; anonymous 401", async () => {
    const id = ordered[14];
    await setStatus(id, "new");
    for (const token of [shop, other, impersonatedShop]) {
      expect((await confirm(id, { publishesAt: "2025-06-20" }, token)).status).toBe(403);
      expect((await remand(id, { note: "x" }, token)).status).toBe(403);
      expect((await moveStart(id, { publishesAt: "2025-06-20" }, token)).status).toBe(403);
      expect((await contact(14, { note: "x" }, token)).status).toBe(403);
      expect((await remove(14, token)).status).toBe(403);
    }
    expect((await confirm(id, { publishesAt: "2025-06-20" }, "")).status).toBe(401);
    expect((await remove(14, "")).status).toBe(401);
    expect((await orderRow(api.db, id)).publishmentStatus).toBe("new");
  });

  test("unknown orders and ads: 404", async () => {
    expect((await confirm(99999, { publishesAt: "2025-06-20" })).status).toBe(404);
    expect((await remand(99999, { note: "x" })).status).toBe(404);
    expect((await moveStart(99999, { publishesAt: "2025-06-20" })).status).toBe(404);
    expect((await remove(99999)).status).toBe(404);
  });
});

describe("atomicity", () => {
  test("a failing action leaves neither the change nor an audit row", async () => {
    const id = ordered[14];
    await setStatus(id, "new");
    const before = await orderRow(api.db, id);
    const audits = (await api.db.select().from(auditLogs)).length;
    // The message insert fails (a check constraint rejects every system message for a moment).
    await api.db.execute(
      sql.raw(
        "alter table message_boxes add constraint test_no_system check (sender <> 'system') not valid",
      ),
    );
    try {
      const response = await confirm(id, { publishesAt: "2025-06-20" });
      expect(response.status).toBe(500);
    } finally {
      await api.db.execute(sql.raw("alter table message_boxes drop constraint test_no_system"));
    }
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await api.db.select().from(auditLogs)).toHaveLength(audits);
  });

  test("a failing audit row undoes the change and the message", async () => {
    const id = ordered[14];
    await setStatus(id, "new");
    const before = await orderRow(api.db, id);
    const messages = (await api.db.select().from(messageBoxes)).length;
    await api.db.execute(
      sql.raw(
        "alter table audit_logs add constraint test_no_remand check (action <> 'order.remand') not valid",
      ),
    );
    try {
      expect((await remand(id, { note: "理由" })).status).toBe(500);
    } finally {
      await api.db.execute(sql.raw("alter table audit_logs drop constraint test_no_remand"));
    }
    expect(await orderRow(api.db, id)).toEqual(before);
    expect(await api.db.select().from(messageBoxes)).toHaveLength(messages);
    expect((await outboxMails(api.db)).at(-1)?.subject).not.toContain(
      "差し戻されました（申込ID 000014）",
    );
  });
});
