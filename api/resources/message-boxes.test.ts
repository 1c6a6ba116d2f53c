// @vitest-environment node
// The message box: GET /api/adv/message_boxes (visibility, filters, paging, sorting) and an
// advertiser's POST /api/adv/message_boxes[/validate].
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { messageBoxes } from "../db/schema";
import { outboxMails, TEST_NOW } from "../testing/db";
import { body, get, postJson } from "../testing/http";
import { openDemoApiImpersonating, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string, other: string, impersonating: string;
beforeAll(async () => {
  ({ api, admin, shop, other, impersonating } = await openDemoApiImpersonating());
});
afterAll(() => api.close());

// Demo messages (api/db/demo-ads.ts), ids in order: shop@ (client 1) has 1 (ad 6, system,
// 34 days ago), 2 (ad 6, advertiser, 3 days), 3 (ad 5, administrator, 4 days), 4 (ad 3,
// system, 1 day); other@ (client 2) has 5 (no ad, administrator, 2 days).
/** Writes a message as `token` (POST /api/adv/message_boxes). */
const send = (payload: unknown, token: string) =>
  postJson(api.app, "/api/adv/message_boxes", payload, token);

const list = async (query: string, token = shop) => {
  const response = await get(api.app, `/api/adv/message_boxes${query}`, token);
  expect(response.status).toBe(200);
  return body(response);
};
const ids = async (query: string, token = shop): Promise<number[]> =>
  (await list(query, token))["hydra:member"].map((m: { id: number }) => m.id);

describe("GET /api/adv/message_boxes", () => {
  test("an advertiser sees its own client's messages, newest id first", async () => {
    const page = await list("");
    expect(page["@context"]).toBe("/api/contexts/MessageBox");
    expect(page["@id"]).toBe("/api/adv/message_boxes");
    expect(page["@type"]).toBe("hydra:Collection");
    expect(page["hydra:totalItems"]).toBe(4);
    expect(page["hydra:member"].map((m: { id: number }) => m.id)).toEqual([4, 3, 2, 1]);
    expect(await ids("", other)).toEqual([5]);
  });

  test("the item shape", async () => {
    const page = await list("");
    expect(page["hydra:member"][0]).toEqual({
      "@id": "/api/adv/message_boxes/4",
      "@type": "MessageBox",
      id: 4,
      createdAt: "2025-06-14T12:00:00+09:00",
      sender: "system",
      senderLabel: "システム",
      subject: "原稿が差し戻されました",
      body: expect.any(String),
      advertisement: {
        "@id": "/api/adv/posts/3",
        "@type": "Post",
        id: 3,
        title: expect.any(String),
        formattedAdvertisementId: "000003",
      },
      client: "/api/adv/clients/1",
    });
    expect(page["hydra:member"][1]).toMatchObject({
      sender: "administrator",
      senderLabel: "編集部",
    });
    expect(page["hydra:member"][2]).toMatchObject({ sender: "advertiser", senderLabel: "広告主" });
    const [others] = (await list("", other))["hydra:member"];
    expect(others.advertisement).toBeNull();
    expect(others.client).toBe("/api/adv/clients/2");
  });

  test("an administrator sees every message", async () => {
    expect(await ids("", admin)).toEqual([5, 4, 3, 2, 1]);
  });

  test.each([
    ["client id", "?client=2", "admin", [5]],
    ["client IRI", "?client=%2Fapi%2Fadv%2Fclients%2F1", "admin", [4, 3, 2, 1]],
    ["post id", "?post=6", "admin", [2, 1]],
    ["post IRI", "?post=%2Fapi%2Fadv%2Fposts%2F5", "shop", [3]],
    ["client and post", "?client=1&post=3", "shop", [4]],
    ["an unreadable id matches nothing", "?post=abc", "shop", []],
    [
      "an IRI of another collection matches nothing",
      "?client=%2Fapi%2Fadv%2Fposts%2F1",
      "admin",
      [],
    ],
    ["another advertiser's client yields nothing", "?client=2", "shop", []],
    ["another advertiser's client as an IRI", "?client=%2Fapi%2Fadv%2Fclients%2F1", "other", []],
  ] as const)("filter: %s", async (_, query, who, expected) => {
    // Tokens are read here: the table is built before beforeAll has logged in.
    const token = { admin, shop, other }[who];
    expect(await ids(query, token)).toEqual(expected);
  });

  test("order[createdAt] follows the time, not the id", async () => {
    // Backdate message 3 before message 2, so the two orders differ.
    const day = 24 * 60 * 60 * 1000;
    await api.db
      .update(messageBoxes)
      .set({ createdAt: new Date(TEST_NOW.getTime() - 10 * day) })
      .where(eq(messageBoxes.id, 3));
    try {
      expect(await ids("?order[createdAt]=asc")).toEqual([1, 3, 2, 4]);
      expect(await ids("?order[createdAt]=desc")).toEqual([4, 2, 3, 1]);
    } finally {
      await api.db
        .update(messageBoxes)
        .set({ createdAt: new Date(TEST_NOW.getTime() - 3 * day) })
        .where(eq(messageBoxes.id, 3));
    }
  });

  test.each([
    ["order[id]=asc", [1, 2, 3, 4]],
    ["order[id]=desc", [4, 3, 2, 1]],
    ["order[subject]=asc", [4, 3, 2, 1]],
    ["order[constructor]=asc", [4, 3, 2, 1]],
    ["order[id]=sideways", [4, 3, 2, 1]],
  ])("sorting: %s", async (query, expected) => {
    expect(await ids(`?${query}`)).toEqual(expected);
  });

  test("pagination: 10 a page by default, itemsPerPage and page, with hydra:view", async () => {
    const page = await list("?itemsPerPage=3&page=2&order[id]=asc");
    expect(page["hydra:totalItems"]).toBe(4);
    expect(page["hydra:member"].map((m: { id: number }) => m.id)).toEqual([4]);
    expect(page["hydra:view"]).toEqual({
      "@id": "/api/adv/message_boxes?itemsPerPage=3&order%5Bid%5D=asc&page=2",
      "@type": "hydra:PartialCollectionView",
      "hydra:first": "/api/adv/message_boxes?itemsPerPage=3&order%5Bid%5D=asc&page=1",
      "hydra:last": "/api/adv/message_boxes?itemsPerPage=3&order%5Bid%5D=asc&page=2",
      "hydra:previous": "/api/adv/message_boxes?itemsPerPage=3&order%5Bid%5D=asc&page=1",
    });
    expect(await ids("?page=3&itemsPerPage=2")).toEqual([]);
  });

  test("pages hold 10 by default and 100 at most", async () => {
    const many = Array.from({ length: 110 }, (_, i) => ({
      clientId: 2,
      sender: "system" as const,
      subject: `一括 ${i}`,
      body: "本文",
      createdAt: TEST_NOW,
    }));
    const inserted = await api.db
      .insert(messageBoxes)
      .values(many)
      .returning({ id: messageBoxes.id });
    try {
      expect(await ids("", other)).toHaveLength(10);
      const page = await list("?itemsPerPage=1000", other);
      expect(page["hydra:totalItems"]).toBe(111);
      expect(page["hydra:member"]).toHaveLength(100);
      expect(await ids("?itemsPerPage=1000&page=2", other)).toHaveLength(11);
    } finally {
      for (const { id } of inserted)
        await api.db.delete(messageBoxes).where(eq(messageBoxes.id, id));
    }
  });

  test("needs a token", async () => {
    expect((await get(api.app, "/api/adv/message_boxes")).status).toBe(401);
  });
});

describe("POST /api/adv/message_boxes/validate", () => {
  const validate = (payload: unknown, token = shop) =>
    postJson(api.app, "/api/adv/message_boxes/validate", payload, token);

  test("a body, with or without the caller's ad, is 204 and stores nothing", async () => {
    expect((await validate({ body: "質問です。" })).status).toBe(204);
    expect((await validate({ body: "質問です。", advertisement: "/api/adv/posts/6" })).status).toBe(
      204,
    );
    expect((await validate({ body: "あ".repeat(2000), advertisement: null })).status).toBe(204);
    expect(await ids("")).toEqual([4, 3, 2, 1]);
  });

  test.each([
    ["a missing body", {}, "入力してください。"],
    ["a blank body", { body: " \n " }, "入力してください。"],
    [
      "a body over 2000 characters",
      { body: "あ".repeat(2001) },
      "2000文字以内で入力してください。",
    ],
  ])("%s is a violation on body", async (_, payload, message) => {
    const response = await validate(payload);
    expect(response.status).toBe(422);
    expect((await body(response)).violations).toEqual([
      expect.objectContaining({ propertyPath: "body", message }),
    ]);
  });

  // A relation is deserialized before validation (api-platform/core
  // src/Serializer/AbstractItemNormalizer.php, denormalizeRelation): a 400, not a violation.
  test.each([
    ["another advertiser's ad", "/api/adv/posts/11", 'Item not found for "/api/adv/posts/11".'],
    ["an unknown ad", "/api/adv/posts/999", 'Item not found for "/api/adv/posts/999".'],
    ["the caller's deleted ad", "/api/adv/posts/10", 'Item not found for "/api/adv/posts/10".'],
    ["an IRI of another collection", "/api/adv/clients/1", 'Invalid IRI "/api/adv/clients/1".'],
    ["garbage", "abc", 'Invalid IRI "abc".'],
    ["a bare id", "1", 'Invalid IRI "1".'],
    [
      "an embedded ad",
      { "@id": "/api/adv/posts/1" },
      'Nested documents for attribute "advertisement" are not allowed. Use IRIs instead.',
    ],
  ])("%s is a 400, not a violation", async (_, advertisement, message) => {
    const response = await validate({ body: "質問です。", advertisement });
    expect(response.status).toBe(400);
    expect((await body(response))["hydra:description"]).toBe(message);
  });

  test("administrators cannot write messages yet: 403", async () => {
    expect((await validate({ body: "ご連絡です。" }, admin)).status).toBe(403);
  });
});

describe("POST /api/adv/message_boxes", () => {
  test("an advertiser's inquiry without an ad", async () => {
    const response = await send({ body: "  請求書の宛名を変更できますか。  " }, shop);
    expect(response.status).toBe(201);
    const message = await body(response);
    expect(response.headers.get("Location")).toBe(message["@id"]);
    expect(message).toEqual({
      "@context": "/api/contexts/MessageBox",
      "@id": `/api/adv/message_boxes/${message.id}`,
      "@type": "MessageBox",
      id: message.id,
      createdAt: "2025-06-15T12:00:00+09:00",
      sender: "advertiser",
      senderLabel: "広告主",
      subject: "お問い合わせ",
      body: "請求書の宛名を変更できますか。",
      advertisement: null,
      client: "/api/adv/clients/1",
    });
    expect((await ids(""))[0]).toBe(message.id);
  });

  test("an inquiry about the caller's ad names its application id", async () => {
    const response = await send(
      { body: "掲載期間を延長したいです。", advertisement: "/api/adv/posts/6" },
      shop,
    );
    expect(response.status).toBe(201);
    const message = await body(response);
    expect(message.subject).toBe("広告についてのお問い合わせ（申込ID 000006）");
    expect(message.advertisement).toMatchObject({
      "@id": "/api/adv/posts/6",
      id: 6,
      formattedAdvertisementId: "000006",
    });
    expect(await ids("?post=6")).toEqual([message.id, 2, 1]);
  });

  test("each inquiry is mailed to the editorial address", async () => {
    const mails = (await outboxMails(api.db)).filter((m) => m.to === "editor@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      "【お店News】広告主からのお問い合わせ",
      "【お店News】広告主からのお問い合わせ（申込ID 000006）",
    ]);
    expect(mails[0]!.body).toContain("カフェ・ド・デモ株式会社（ID 00001）");
    expect(mails[0]!.body).toContain("請求書の宛名を変更できますか。");
    expect(mails[1]!.body).toContain("申込ID 000006");
  });

  test("an impersonating administrator writes as the advertiser", async () => {
    const response = await send({ body: "代理で送信します。" }, impersonating);
    expect(response.status).toBe(201);
    expect(await body(response)).toMatchObject({
      sender: "advertiser",
      client: "/api/adv/clients/1",
    });
  });

  test("a message about another advertiser's ad is a 400 and stores nothing", async () => {
    const before = await ids("?itemsPerPage=100", admin);
    const response = await send(
      { body: "他社の広告について", advertisement: "/api/adv/posts/11" },
      shop,
    );
    expect(response.status).toBe(400);
    expect(await ids("?itemsPerPage=100", admin)).toEqual(before);
  });

  test("a violation stores nothing; administrators are refused", async () => {
    const before = await ids("?itemsPerPage=100", admin);
    expect((await send({ body: "" }, shop)).status).toBe(422);
    expect((await send({ body: "連絡" }, admin)).status).toBe(403);
    expect(await ids("?itemsPerPage=100", admin)).toEqual(before);
  });
});

describe("GET /api/adv/message_boxes/{id}", () => {
  test("the item, for its advertiser and administrators only", async () => {
    const response = await get(api.app, "/api/adv/message_boxes/2", shop);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      "@context": "/api/contexts/MessageBox",
      "@id": "/api/adv/message_boxes/2",
      sender: "advertiser",
      advertisement: { id: 6 },
    });
    expect((await get(api.app, "/api/adv/message_boxes/5", admin)).status).toBe(200);
    for (const path of [
      "/api/adv/message_boxes/5",
      "/api/adv/message_boxes/999",
      "/api/adv/message_boxes/x",
    ]) {
      expect((await get(api.app, path, shop)).status).toBe(404);
    }
  });
});
