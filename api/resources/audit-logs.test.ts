// @vitest-environment node
// The administrators' side of ads and the audit trail: the admin list (priority first, company
// name sort, deleted ads flagged), PUT posts by an editor (priority, status note, no re-review),
// the audit rows of administrator and impersonated writes, impersonation start and end, and
// GET /api/adv/audit_logs.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { advertisements, auditLogs, publishmentOrders } from "../db/schema";
import { createTestApi, TEST_NOW } from "../testing/db";
import {
  body,
  claimsOf,
  demo,
  get,
  loginAdmin,
  loginOther,
  loginShop,
  patchJson,
  postJson,
} from "../testing/http";
import { adContent } from "../testing/ads";
import { violationsOf } from "../testing/violations";

let api: Awaited<ReturnType<typeof createTestApi>>;
let admin: string;
let adminLoginId: number;
let shop: string;
let shopLoginId: number;
let other: string;

beforeAll(async () => {
  api = await createTestApi();
  admin = (await loginAdmin(api.app)).token;
  adminLoginId = claimsOf(admin).user_login_id;
  const shopPair = await loginShop(api.app);
  shop = shopPair.token;
  shopLoginId = claimsOf(shop).user_login_id;
  other = (await loginOther(api.app)).token;
});
afterAll(() => api.close());

// Demo data: shop@ (client 1) owns 1-9, 12-15 (10 deleted; 2 has an order, 12-15 are drafts);
// other@ (client 2) owns 11. Media 1-4 belong to shop@.

const put = (path: string, payload: unknown, token: string) =>
  api.app.request(path, {
    method: "PUT",
    headers: { "Content-Type": "application/ld+json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });

const content = (overrides: Record<string, unknown> = {}) =>
  adContent({ title: "編集部が直した広告", ...overrides });

async function lastAudit() {
  const [row] = await api.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
  return row ?? null;
}
const auditCount = async () => (await api.db.select().from(auditLogs)).length;

async function impersonate(email: string) {
  const response = await postJson(
    api.app,
    `/api/adv/switch_user?to=${encodeURIComponent(email)}`,
    {},
    admin,
  );
  expect(response.status).toBe(200);
  return (await body(response)) as { token: string; refresh_token: string };
}

describe("the admin list", () => {
  type Post = { id: number; priority: number; companyName: string; isDeleted: boolean };
  const list = async (query: string, token = admin) =>
    (await body(await get(api.app, `/api/adv/posts?itemsPerPage=100&${query}`, token)))[
      "hydra:member"
    ] as Post[];

  test("priority first, then the company name, then id desc (the tie-break)", async () => {
    // Ties on priority across both companies, so the second key has to decide.
    await api.db.update(advertisements).set({ priority: 4321 }).where(eq(advertisements.id, 11));
    await api.db.update(advertisements).set({ priority: 4321 }).where(eq(advertisements.id, 12));
    for (const dir of ["asc", "desc"] as const) {
      const posts = await list(`order%5Bpriority%5D=asc&order%5Bowner.companyName%5D=${dir}`);
      expect(posts.length).toBeGreaterThan(10);
      const sign = dir === "asc" ? 1 : -1;
      const expected = [...posts].sort(
        (a, b) =>
          a.priority - b.priority ||
          sign * (a.companyName < b.companyName ? -1 : a.companyName > b.companyName ? 1 : 0) ||
          b.id - a.id,
      );
      expect(posts.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      const fives = posts.filter((p) => p.priority === 4321).map((p) => p.companyName);
      expect(fives).toEqual(
        dir === "asc"
          ? [demo.shop.companyName, demo.other.companyName].sort()
          : [demo.shop.companyName, demo.other.companyName].sort().reverse(),
      );
    }
  });

  test("filters narrow the administrators' list", async () => {
    const byCompany = await list(`owner.companyName=${encodeURIComponent("サンプル")}`);
    expect(byCompany.map((p) => p.id)).toEqual([11]);
    const ordered = await list("has_publishmentOrder=1&owner=1");
    expect(ordered.length).toBeGreaterThan(0);
    expect(ordered.every((p) => p.companyName === demo.shop.companyName)).toBe(true);
  });

  test("deleted ads: flagged for administrators, absent for advertisers", async () => {
    const all = await list("owner=1");
    expect(all.find((p) => p.id === 10)).toMatchObject({ isDeleted: true });
    expect(all.filter((p) => p.id !== 10).every((p) => !p.isDeleted)).toBe(true);
    expect((await list("", shop)).map((p) => p.id)).not.toContain(10);
  });
});

describe("PUT posts by an administrator", () => {
  test("content, priority and status note; the order keeps its status; audited", async () => {
    await api.db
      .update(publishmentOrders)
      .set({ publishmentStatus: "confirmed" })
      .where(eq(publishmentOrders.advertisementId, 2));
    const before = await body(await get(api.app, "/api/adv/posts/2", admin));
    const response = await put(
      "/api/adv/posts/2",
      content({ priority: 7, statusNote: "電話番号を確認済み", storeName: before.storeName }),
      admin,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const after = await body(response);
    expect(after).toMatchObject({
      title: "編集部が直した広告",
      priority: 7,
      statusNote: "電話番号を確認済み",
      publishmentOrder: { publishmentStatus: "confirmed" },
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "post.update",
      target: "/api/adv/posts/2",
      advertisementId: 2,
      actorUserLoginId: adminLoginId,
      impersonatorUserLoginId: null,
      clientIp: "127.0.0.1",
    });
    expect(audit!.changes).toMatchObject({
      title: { before: before.title, after: "編集部が直した広告" },
      priority: { before: before.priority, after: 7 },
      statusNote: { before: before.statusNote, after: "電話番号を確認済み" },
    });
    // Unchanged fields are not listed.
    expect(audit!.changes).not.toHaveProperty("storeName");

    // Absent keeps, blank clears.
    const kept = await body(await put("/api/adv/posts/2", content({ statusNote: "" }), admin));
    expect(kept).toMatchObject({ priority: 7, statusNote: null });
  });

  test("priority 0-9999, an integer; status note at most 1000 characters", async () => {
    for (const priority of [-1, 10000, 1.5, "abc"]) {
      expect(
        await violationsOf(await put("/api/adv/posts/3", content({ priority }), admin)),
      ).toEqual([["priority", "0から9999までの整数で入力してください。"]]);
    }
    expect(
      await violationsOf(
        await put("/api/adv/posts/3", content({ statusNote: "あ".repeat(1001) }), admin),
      ),
    ).toEqual([["statusNote", "1000文字以内で入力してください。"]]);
    expect((await put("/api/adv/posts/3", content({ priority: "9999" }), admin)).status).toBe(200);
  });

  test("an advertiser's priority and status note are ignored, and its own edit is not audited", async () => {
    const count = await auditCount();
    const response = await put(
      "/api/adv/posts/4",
      content({ priority: 9999, statusNote: "自分で書いたメモ" }),
      shop,
    );
    expect(response.status).toBe(200);
    const post = await body(response);
    const [row] = await api.db
      .select({ priority: advertisements.priority, statusNote: advertisements.statusNote })
      .from(advertisements)
      .where(eq(advertisements.id, 4));
    expect(post.priority).toBe(row!.priority);
    expect(row!.priority).not.toBe(9999);
    expect(row!.statusNote).not.toBe("自分で書いたメモ");
    expect(await auditCount()).toBe(count);
  });
});

describe("impersonation", () => {
  test("start and end are recorded with the administrator as the actor", async () => {
    const pair = await impersonate(demo.shop.email);
    expect(await lastAudit()).toMatchObject({
      action: "impersonation.start",
      actorUserLoginId: adminLoginId,
      impersonatorUserLoginId: null,
      target: "/api/adv/clients/1",
    });
    const response = await postJson(api.app, "/api/token/invalidate", {
      refresh_token: pair.refresh_token,
    });
    expect(response.status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: "impersonation.end",
      actorUserLoginId: adminLoginId,
      target: "/api/adv/clients/1",
    });
    // Ending it again changes nothing and records nothing.
    const count = await auditCount();
    await postJson(api.app, "/api/token/invalidate", { refresh_token: pair.refresh_token });
    expect(await auditCount()).toBe(count);
  });

  test("an advertiser's own logout is not recorded", async () => {
    const pair = await loginOther(api.app);
    const count = await auditCount();
    await postJson(api.app, "/api/token/invalidate", { refresh_token: pair.refresh_token });
    expect(await auditCount()).toBe(count);
  });

  test("writes made while impersonating name the administrator as impersonator", async () => {
    const { token } = await impersonate(demo.shop.email);
    const expectAudit = async (action: string, target: RegExp | string) => {
      const row = await lastAudit();
      expect(row).toMatchObject({
        action,
        actorUserLoginId: shopLoginId,
        impersonatorUserLoginId: adminLoginId,
      });
      expect(row!.target).toMatch(target);
    };

    const created = await body(await postJson(api.app, "/api/adv/posts", content(), token));
    await expectAudit("post.create", created["@id"]);

    expect(
      (await put(`/api/adv/posts/${created.id}`, content({ title: "代理で修正" }), token)).status,
    ).toBe(200);
    await expectAudit("post.update", created["@id"]);
    expect((await lastAudit())!.changes).toMatchObject({
      title: { before: "編集部が直した広告", after: "代理で修正" },
    });

    const copy = await postJson(api.app, `/api/adv/posts/duplicate/from/${created.id}`, {}, token);
    expect(copy.status).toBe(201);
    await expectAudit("post.duplicate", (await body(copy))["@id"]);

    expect(
      (
        await put(
          `/api/adv/posts/${created.id}/preview_token`,
          { previewToken: "p".repeat(64) },
          token,
        )
      ).status,
    ).toBe(200);
    await expectAudit("post.preview_token", created["@id"]);
    expect(JSON.stringify((await lastAudit())!.changes)).not.toContain("p".repeat(64));

    const order = await postJson(
      api.app,
      "/api/adv/publishment_orders",
      {
        advertisement: created["@id"],
        region: "/api/adv/publishment_regions/1",
        locality: "/api/adv/publishment_localities/1",
        course: "/api/adv/publishment_courses/1",
        publishesAt: "2025-07-01",
        paymentType: "none",
      },
      token,
    );
    expect(order.status).toBe(201);
    const orderIri = (await body(order))["@id"];
    await expectAudit("order.create", orderIri);

    expect((await patchJson(api.app, `${orderIri}/reapply`, {}, token)).status).toBe(200);
    await expectAudit("order.reapply", orderIri);
    expect((await lastAudit())!.changes).toMatchObject({
      publishmentStatus: { before: "new", after: "reapplying" },
    });

    const message = await postJson(
      api.app,
      "/api/adv/message_boxes",
      { advertisement: created["@id"], body: "代理での問い合わせ" },
      token,
    );
    expect(message.status).toBe(201);
    await expectAudit("message.create", (await body(message))["@id"]);

    expect(
      (await patchJson(api.app, "/api/adv/clients/1", { personInCharge: "代理 太郎" }, token))
        .status,
    ).toBe(200);
    await expectAudit("client.update", "/api/adv/clients/1");
    expect((await lastAudit())!.changes).toEqual({
      personInCharge: { before: demo.shop.personInCharge, after: "代理 太郎" },
    });
  });

  test("the same writes by the advertiser itself leave no row", async () => {
    const count = await auditCount();
    expect((await postJson(api.app, "/api/adv/posts", content(), shop)).status).toBe(201);
    expect(
      (await postJson(api.app, "/api/adv/message_boxes", { body: "自分で問い合わせ" }, shop))
        .status,
    ).toBe(201);
    expect((await patchJson(api.app, "/api/adv/clients/1", { city: "渋谷区" }, shop)).status).toBe(
      200,
    );
    expect(await auditCount()).toBe(count);
  });
});

describe("GET /api/adv/audit_logs", () => {
  type Log = { id: number; action: string; target: string; actor: { email: string } };
  const logs = async (query = "") => {
    const response = await get(api.app, `/api/adv/audit_logs${query}`, admin);
    expect(response.status).toBe(200);
    return body(response);
  };

  test("newest first, in the contract's shape", async () => {
    const page = await logs();
    const members = page["hydra:member"] as Log[];
    expect(page["hydra:totalItems"]).toBe(await auditCount());
    expect(members.map((m) => m.id)).toEqual([...members.map((m) => m.id)].sort((a, b) => b - a));
    const start = members.find((m) => m.action === "impersonation.start")!;
    expect(start).toEqual({
      "@id": `/api/adv/audit_logs/${start.id}`,
      "@type": "AuditLog",
      id: start.id,
      occurredAt: "2025-06-15T12:00:00+09:00",
      actor: { id: adminLoginId, email: demo.admin.email },
      impersonator: null,
      action: "impersonation.start",
      target: "/api/adv/clients/1",
      advertisement: null,
      changes: {},
      clientIp: "127.0.0.1",
    });
    const impersonated = members.find((m) => m.action === "message.create")!;
    expect(impersonated).toMatchObject({
      actor: { id: shopLoginId, email: demo.shop.email },
      impersonator: { id: adminLoginId, email: demo.admin.email },
    });
    expect(TEST_NOW.toISOString()).toBe("2025-06-15T03:00:00.000Z");
  });

  test("filters: actor (partial e-mail), action (exact), target (exact); paging", async () => {
    const byActor = (await logs("?actor=SHOP@example"))["hydra:member"] as Log[];
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((m) => m.actor.email === demo.shop.email)).toBe(true);
    const byAction = (await logs("?action=post.update"))["hydra:member"] as Log[];
    expect(byAction.length).toBeGreaterThanOrEqual(2);
    expect(byAction.every((m) => m.action === "post.update")).toBe(true);
    expect((await logs("?action=post"))["hydra:totalItems"]).toBe(0);
    const byTarget = (await logs("?target=%2Fapi%2Fadv%2Fposts%2F2"))["hydra:member"] as Log[];
    expect(byTarget.length).toBe(2);
    expect(byTarget.every((m) => m.target === "/api/adv/posts/2")).toBe(true);
    expect((await logs("?actor=%25"))["hydra:totalItems"]).toBe(0);

    const paged = await logs("?itemsPerPage=2&page=2");
    expect(paged["hydra:member"]).toHaveLength(2);
    expect(paged["hydra:view"]["hydra:previous"]).toContain("page=1");
    const capped = await logs("?itemsPerPage=1000");
    expect(capped["hydra:member"].length).toBeLessThanOrEqual(100);
  });

  test("filter advertisement (IRI or id): every row about that ad, whatever its target", async () => {
    type AdLog = Log & { advertisement: string | null };
    const byAd = (await logs("?advertisement=%2Fapi%2Fadv%2Fposts%2F2"))["hydra:member"] as AdLog[];
    expect(byAd.length).toBeGreaterThan(0);
    expect(byAd.every((m) => m.advertisement === "/api/adv/posts/2")).toBe(true);
    const byTarget = await logs("?target=%2Fapi%2Fadv%2Fposts%2F2");
    expect(byAd.length).toBeGreaterThanOrEqual(byTarget["hydra:totalItems"]);
    expect((await logs("?advertisement=2"))["hydra:totalItems"]).toBe(byAd.length);
    expect((await logs("?advertisement=abc"))["hydra:totalItems"]).toBe(0);
  });

  test("advertisers, also an impersonated one, get 403; anonymous 401", async () => {
    const { token } = await impersonate(demo.other.email);
    for (const t of [shop, other, token]) {
      expect((await get(api.app, "/api/adv/audit_logs", t)).status).toBe(403);
    }
    expect((await get(api.app, "/api/adv/audit_logs")).status).toBe(401);
  });
});
