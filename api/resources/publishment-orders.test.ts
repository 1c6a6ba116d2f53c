// @vitest-environment node
// Reference data (regions, localities, courses) and the publication application:
// POST /api/adv/publishment_orders[/validate], GET …/{id}, PATCH …/{id}/reapply.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clients, publishmentOrders } from "../db/schema";
import { TEST_NOW } from "../testing/db";
import { body, get, loginShop, patchJson, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";
import { violationsOf } from "../testing/violations";
import { lastMessage } from "../testing/rows";

let api: TestApi;
let admin: string, shop: string, other: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi());
});
afterAll(() => api.close());

// Demo data: shop@ (client 1) owns drafts 1, 12-15 (no order), 10 is deleted; other@ (client 2)
// owns 11 (ordered). Regions 1 関東 (localities 1-3), 2 関西 (4-5), 3 九州 (none).
// Courses 1 (1 month, 30,000), 2 (3 months), 3 (14 days, 15,000) active; 4 and 5 inactive.
// TEST_NOW is 2025-06-15 12:00 JST: the earliest start is 2025-06-16.

describe("reference data", () => {
  test("regions", async () => {
    const response = await get(api.app, "/api/adv/publishment_regions", shop);
    expect(response.status).toBe(200);
    const page = await body(response);
    expect(page["hydra:totalItems"]).toBe(3);
    expect(page["hydra:member"][0]).toEqual({
      "@id": "/api/adv/publishment_regions/1",
      "@type": "PublishmentRegion",
      id: 1,
      name: "関東",
    });
  });

  test("localities are ordered by region, then id; credentials only for administrators", async () => {
    const page = await body(await get(api.app, "/api/adv/publishment_localities", shop));
    expect(page["hydra:member"].map((l: { id: number }) => l.id)).toEqual([1, 2, 3, 4, 5]);
    const first = page["hydra:member"][0];
    expect(first).toEqual({
      "@id": "/api/adv/publishment_localities/1",
      "@type": "PublishmentLocality",
      id: 1,
      region: {
        "@id": "/api/adv/publishment_regions/1",
        "@type": "PublishmentRegion",
        id: 1,
        name: "関東",
      },
      name: "渋谷区",
      blogUrl: "https://shibuya.news.example.com",
    });
    const asAdmin = await body(await get(api.app, "/api/adv/publishment_localities/4", admin));
    expect(asAdmin).toMatchObject({ id: 4, name: "大阪市北区", region: { id: 2 } });
    // The WordPress password is write-only (ADR 0011): only whether one is set.
    expect(asAdmin).toHaveProperty("hasWpRestPassword", false);
    expect(asAdmin).not.toHaveProperty("wpRestPassword");
    expect(asAdmin).toHaveProperty("gaProperty");
    const asShop = await body(await get(api.app, "/api/adv/publishment_localities/4", shop));
    expect(asShop).not.toHaveProperty("hasWpRestPassword");
    expect(asShop).not.toHaveProperty("gaProperty");
    expect((await get(api.app, "/api/adv/publishment_localities/99", shop)).status).toBe(404);
  });

  test("courses, with the isActive filter", async () => {
    const all = await body(await get(api.app, "/api/adv/publishment_courses", shop));
    expect(all["hydra:totalItems"]).toBe(5);
    const active = await body(
      await get(api.app, "/api/adv/publishment_courses?isActive=true", shop),
    );
    expect(active["hydra:member"].map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    const inactive = await body(
      await get(api.app, "/api/adv/publishment_courses?isActive=0", shop),
    );
    expect(inactive["hydra:member"].map((c: { id: number }) => c.id)).toEqual([4, 5]);
    const course = await body(await get(api.app, "/api/adv/publishment_courses/3", shop));
    expect(course).toEqual({
      "@context": "/api/contexts/PublishmentCourse",
      "@id": "/api/adv/publishment_courses/3",
      "@type": "PublishmentCourse",
      id: 3,
      isActive: true,
      name: "14日間掲載",
      price: 15000,
      note: null,
      periodType: "day",
      months: null,
      days: 14,
      periodLabel: "14 日",
    });
    expect((await get(api.app, "/api/adv/publishment_courses/x", shop)).status).toBe(404);
  });

  test("are readable without a login (ADR 0012: the trial form's sales link), a bad token is not", async () => {
    expect((await get(api.app, "/api/adv/publishment_courses")).status).toBe(200);
    expect((await get(api.app, "/api/adv/publishment_regions")).status).toBe(200);
    expect((await get(api.app, "/api/adv/publishment_regions", "expired")).status).toBe(401);
  });
});

const application = (overrides: Record<string, unknown> = {}) => ({
  advertisement: "/api/adv/posts/12",
  region: "/api/adv/publishment_regions/1",
  locality: "/api/adv/publishment_localities/2",
  course: "/api/adv/publishment_courses/1",
  publishesAt: "2025-06-16",
  paymentType: "none",
  ...overrides,
});

const validate = (payload: unknown, token = shop) =>
  postJson(api.app, "/api/adv/publishment_orders/validate", payload, token);

describe("validation", () => {
  test("a complete application is valid", async () => {
    expect((await validate(application())).status).toBe(204);
  });

  test("a start two years after the earliest is valid; the save refuses year 9999 with a 422", async () => {
    expect((await validate(application({ publishesAt: "2027-06-16" }))).status).toBe(204);
    const saved = await postJson(
      api.app,
      "/api/adv/publishment_orders",
      application({ publishesAt: "9999-12-31" }),
      shop,
    );
    expect(await violationsOf(saved)).toEqual([["publishesAt", "正しい日付を入力してください。"]]);
  });

  test("every missing field at once", async () => {
    expect(await violationsOf(await validate({}))).toEqual([
      ["advertisement", "選択してください。"],
      ["region", "選択してください。"],
      ["locality", "選択してください。"],
      ["course", "選択してください。"],
      ["publishesAt", "入力してください。"],
    ]);
  });

  test("locality outside the region, inactive course, start too early", async () => {
    const response = await validate(
      application({
        region: "/api/adv/publishment_regions/2",
        locality: "/api/adv/publishment_localities/1",
        course: "/api/adv/publishment_courses/4",
        publishesAt: "2025-06-15",
      }),
    );
    expect(await violationsOf(response)).toEqual([
      ["locality", "エリアが地域に属していません。"],
      ["course", "選択できないコースです。"],
      ["publishesAt", "掲載開始日は2025/06/16以降を選択してください。"],
    ]);
  });

  test.each([
    [{ publishesAt: "2025-02-30" }, "publishesAt", "正しい日付を入力してください。"],
    [{ publishesAt: "2025/06/20" }, "publishesAt", "正しい日付を入力してください。"],
    // Two years after the earliest start (16 June 2025) at most: year 9999 was a 500.
    [{ publishesAt: "9999-12-31" }, "publishesAt", "正しい日付を入力してください。"],
    [{ publishesAt: "2027-06-17" }, "publishesAt", "正しい日付を入力してください。"],
    [{ paymentType: "direct" }, "paymentType", "正しい選択肢ではありません。"],
    [{ advertisement: "/api/adv/posts/2" }, "advertisement", "この広告はすでに申し込み済みです。"],
  ])("%j → %s", async (overrides, path, message) => {
    expect(await violationsOf(await validate(application(overrides)))).toEqual([[path, message]]);
  });

  // Relations are deserialized before validation: api-platform/core
  // src/Serializer/AbstractItemNormalizer.php (denormalizeRelation): `Invalid IRI "%s".`,
  // `Item not found for "%s".` (an advertiser-scoped lookup cannot tell another's ad from a
  // missing one), `Nested documents for attribute "%s" are not allowed. Use IRIs instead.`
  test.each([
    [
      { region: "/api/adv/publishment_regions/99" },
      'Item not found for "/api/adv/publishment_regions/99".',
    ],
    [
      { locality: "/api/adv/publishment_localities/99" },
      'Item not found for "/api/adv/publishment_localities/99".',
    ],
    [
      { course: "/api/adv/publishment_courses/99" },
      'Item not found for "/api/adv/publishment_courses/99".',
    ],
    [{ course: "1" }, 'Invalid IRI "1".'],
    [
      { region: { "@id": "/api/adv/publishment_regions/1" } },
      'Nested documents for attribute "region" are not allowed. Use IRIs instead.',
    ],
    [{ advertisement: "/api/adv/posts/11" }, 'Item not found for "/api/adv/posts/11".'],
    [{ advertisement: "/api/adv/posts/10" }, 'Item not found for "/api/adv/posts/10".'],
    [{ advertisement: "/api/adv/posts/999" }, 'Item not found for "/api/adv/posts/999".'],
    [{ advertisement: "x" }, 'Invalid IRI "x".'],
    [
      { advertisement: 5 },
      'The type of the "advertisement" attribute must be "array" (nested document) or "string" (IRI), "integer" given.',
    ],
  ])("%j is a 400: %s", async (overrides, message) => {
    const response = await validate(application(overrides));
    expect(response.status).toBe(400);
    expect((await response.json())["hydra:description"]).toBe(message);
  });

  test("another advertiser's ad is not found (400), as a missing one", async () => {
    expect((await validate(application(), other)).status).toBe(400);
  });

  test("the earliest start moves at 17:00 JST", async () => {
    try {
      api.setNow(new Date("2025-06-15T16:59:59+09:00"));
      const token = (await loginShop(api.app)).token;
      expect((await validate(application({ publishesAt: "2025-06-16" }), token)).status).toBe(204);
      api.setNow(new Date("2025-06-15T17:00:00+09:00"));
      expect(
        await violationsOf(await validate(application({ publishesAt: "2025-06-16" }), token)),
      ).toEqual([["publishesAt", "掲載開始日は2025/06/17以降を選択してください。"]]);
      expect((await validate(application({ publishesAt: "2025-06-17" }), token)).status).toBe(204);
    } finally {
      api.setNow(TEST_NOW);
    }
  });
});

describe("applying", () => {
  test("creates a new order with the course's price and period fixed", async () => {
    const response = await postJson(api.app, "/api/adv/publishment_orders", application(), shop);
    expect(response.status).toBe(201);
    const order = await body(response);
    expect(response.headers.get("Location")).toBe(order["@id"]);
    expect(order).toMatchObject({
      "@context": "/api/contexts/PublishmentOrder",
      "@type": "PublishmentOrder",
      advertisement: "/api/adv/posts/12",
      region: { id: 1, name: "関東" },
      locality: { id: 2, name: "世田谷区", region: "/api/adv/publishment_regions/1" },
      course: { id: 1, name: "1ヶ月掲載", price: 30000, periodLabel: "1 ヶ月", isActive: true },
      price: 30000,
      orderedAt: "2025-06-15T12:00:00+09:00",
      publishesAt: "2025-06-16T00:00:00+09:00",
      unpublishesAt: "2025-07-16T23:59:59+09:00",
      paidAt: null,
      publishmentStatus: "new",
      publishmentStatusLabel: "審査中",
      paymentStatus: "none",
      paymentType: "none",
      confirmableAdvertisement: true,
      remandableAdvertisement: true,
    });
    const message = await lastMessage(api.db, 12);
    expect(message).toMatchObject({
      clientId: 1,
      sender: "system",
      subject: "掲載申込を受け付けました",
    });
    expect(message!.body).toContain("2025/06/16〜2025/07/16");

    const read = await get(api.app, order["@id"], shop);
    expect(read.status).toBe(200);
    expect(await body(read)).toEqual(order);
    expect((await get(api.app, order["@id"], other)).status).toBe(404);
    expect((await get(api.app, order["@id"], admin)).status).toBe(200);
    const post = await body(await get(api.app, "/api/adv/posts/12", shop));
    expect(post.publishmentOrder["@id"]).toBe(order["@id"]);

    // One order per ad.
    const again = await postJson(api.app, "/api/adv/publishment_orders", application(), shop);
    expect(await violationsOf(again)).toEqual([
      ["advertisement", "この広告はすでに申し込み済みです。"],
    ]);
  });

  test("a day course ends N − 1 days after the start", async () => {
    const response = await postJson(
      api.app,
      "/api/adv/publishment_orders",
      application({
        advertisement: "/api/adv/posts/14",
        course: "/api/adv/publishment_courses/3",
        publishesAt: "2025-06-30",
      }),
      shop,
    );
    expect(response.status).toBe(201);
    expect(await body(response)).toMatchObject({
      price: 15000,
      publishesAt: "2025-06-30T00:00:00+09:00",
      unpublishesAt: "2025-07-13T23:59:59+09:00",
    });
  });

  test("an auto-confirmable client's order is confirmed at once", async () => {
    await api.db.update(clients).set({ isAutoConfirmable: true }).where(eq(clients.id, 1));
    try {
      const response = await postJson(
        api.app,
        "/api/adv/publishment_orders",
        application({ advertisement: "/api/adv/posts/13" }),
        shop,
      );
      expect(response.status).toBe(201);
      const order = await body(response);
      expect(order.publishmentStatus).toBe("confirmed");
      expect(order.confirmableAdvertisement).toBe(false);
    } finally {
      await api.db.update(clients).set({ isAutoConfirmable: false }).where(eq(clients.id, 1));
    }
  });

  test("a validation failure creates nothing", async () => {
    const before = await api.db.select().from(publishmentOrders);
    const response = await postJson(
      api.app,
      "/api/adv/publishment_orders",
      application({ advertisement: "/api/adv/posts/15", publishesAt: "2025-06-01" }),
      shop,
    );
    expect(response.status).toBe(422);
    expect(await api.db.select().from(publishmentOrders)).toHaveLength(before.length);
  });
});

describe("reapply", () => {
  const orderOfAd = async (adId: number) => {
    const [row] = await api.db
      .select({ id: publishmentOrders.id })
      .from(publishmentOrders)
      .where(eq(publishmentOrders.advertisementId, adId));
    return `/api/adv/publishment_orders/${row!.id}`;
  };

  test("a remanded order goes back to review", async () => {
    const path = await orderOfAd(3);
    const response = await patchJson(api.app, `${path}/reapply`, { title: "ignored" }, shop);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      "@id": path,
      publishmentStatus: "reapplying",
      publishmentStatusLabel: "再審査中",
    });
    expect((await lastMessage(api.db, 3))!.subject).toBe("原稿の再審査を受け付けました");
    expect((await body(await get(api.app, path, shop))).publishmentStatus).toBe("reapplying");
  });

  test("an approved order is re-reviewed; auto-confirmable clients stay confirmed", async () => {
    const path = await orderOfAd(5);
    expect(
      (await body(await patchJson(api.app, `${path}/reapply`, {}, shop))).publishmentStatus,
    ).toBe("reapplying");
    await api.db.update(clients).set({ isAutoConfirmable: true }).where(eq(clients.id, 1));
    try {
      const response = await patchJson(api.app, `${path}/reapply`, {}, shop);
      expect((await body(response)).publishmentStatus).toBe("confirmed");
    } finally {
      await api.db.update(clients).set({ isAutoConfirmable: false }).where(eq(clients.id, 1));
    }
  });

  test("another advertiser's order is 404", async () => {
    const path = await orderOfAd(11);
    expect((await patchJson(api.app, `${path}/reapply`, {}, shop)).status).toBe(404);
    expect((await get(api.app, path, shop)).status).toBe(404);
    expect((await patchJson(api.app, `${path}/reapply`, {}, other)).status).toBe(200);
    expect(
      (await patchJson(api.app, "/api/adv/publishment_orders/999/reapply", {}, shop)).status,
    ).toBe(404);
  });
});
