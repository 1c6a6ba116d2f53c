// @vitest-environment node
// Post writes: validate, create, PUT, duplicate, preview token and the public preview.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { advertisements } from "../db/schema";
import { body, get, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string, other: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi());
});
afterAll(() => api.close());

// Demo media: 1-4 belong to shop@ (client 1), 5 to other@ (client 2). Ads: shop@ owns 1-9, 12-15
// (10 deleted; 2 has an order), other@ owns 11.
const media = (id: number) => `/api/adv/media_objects/${id}`;
const content = (overrides: Record<string, unknown> = {}) => ({
  title: "夏の新メニュー",
  image1: media(1),
  image2: media(2),
  body1: "本文1",
  body2: "本文2",
  eyeCatch: media(2),
  link1Title: "公式サイト",
  link1Url: "https://example.com/",
  storeName: "カフェ",
  storeAddress: "東京都渋谷区1-2-3",
  storeTel: "０３－１２３４－５６７８",
  businessHours: "9:00〜18:00",
  mapParameters: "東京都渋谷区1-2-3",
  homepage: "https://example.com",
  ...overrides,
});

const put = (path: string, payload: unknown, token?: string) =>
  api.app.request(path, {
    method: "PUT",
    headers: {
      "Content-Type": "application/ld+json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(payload),
  });

async function violations(response: Response) {
  expect(response.status).toBe(422);
  return (await body(response)).violations.map((v: { propertyPath: string; message: string }) => [
    v.propertyPath,
    v.message,
  ]);
}
const validate = (payload: unknown, token = shop) =>
  postJson(api.app, "/api/adv/posts/validate", payload, token);

describe("validation", () => {
  test("a complete ad is valid", async () => {
    expect((await validate(content())).status).toBe(204);
  });

  test("every required field at once, in field order", async () => {
    expect(await violations(await validate({}))).toEqual([
      ["title", "入力してください。"],
      ["image1", "入力してください。"],
      ["body1", "入力してください。"],
      ["eyeCatch", "選択してください。"],
      ["storeName", "入力してください。"],
      ["storeAddress", "入力してください。"],
      ["storeTel", "入力してください。"],
    ]);
  });

  test.each([
    [{ title: "あ".repeat(51) }, "title", "タイトルは50文字以内で入力してください。"],
    [{ eyeCatch: media(3) }, "eyeCatch", "アイキャッチ画像は登録した画像から選択してください。"],
    [{ link1Url: "javascript:alert(1)" }, "link1Url", "URLの形式が正しくありません。"],
    [{ link1Url: "example.com" }, "link1Url", "URLの形式が正しくありません。"],
    [{ link1Url: "" }, "link1Url", "入力してください。"],
    [{ link2Url: "https://example.com/2" }, "link2Title", "入力してください。"],
    [{ link3Title: "地図" }, "link3Url", "入力してください。"],
    [{ homepage: "ftp://example.com" }, "homepage", "URLの形式が正しくありません。"],
    [{ storeTel: "03-1234" }, "storeTel", "電話番号の形式が正しくありません。"],
  ])("%j → %s", async (overrides, path, message) => {
    expect(await violations(await validate(content(overrides)))).toEqual([[path, message]]);
  });

  test("50 characters of title are fine", async () => {
    expect((await validate(content({ title: "あ".repeat(50) }))).status).toBe(204);
  });

  // api-platform/core src/Serializer/AbstractItemNormalizer.php (denormalizeRelation): relations
  // are IRIs, checked while deserializing (400), and the advertiser-scoped lookup cannot tell
  // another's medium from a missing one.
  test.each([
    [{ image3: media(5) }, `Item not found for "${media(5)}".`],
    [{ image1: media(999) }, `Item not found for "${media(999)}".`],
    [{ image1: "/api/adv/posts/1" }, 'Invalid IRI "/api/adv/posts/1".'],
    [{ image1: "1" }, 'Invalid IRI "1".'],
    [
      { eyeCatch: { "@id": media(1) } },
      'Nested documents for attribute "eyeCatch" are not allowed. Use IRIs instead.',
    ],
    [
      { image2: 2 },
      'The type of the "image2" attribute must be "array" (nested document) or "string" (IRI), "integer" given.',
    ],
  ])("%j is a 400: %s", async (change, message) => {
    const response = await validate(content(change));
    expect(response.status).toBe(400);
    expect((await body(response))["hydra:description"]).toBe(message);
  });

  test("another advertiser's media are not found (400) for it", async () => {
    expect((await validate(content(), other)).status).toBe(400);
  });
});

describe("create and update", () => {
  test("POST creates an ad of the caller's client, naming it as owner or not, ignoring the order", async () => {
    const response = await postJson(
      api.app,
      "/api/adv/posts",
      content({ owner: "/api/adv/clients/1", publishmentOrder: "/api/adv/publishment_orders/1" }),
      shop,
    );
    expect(response.status).toBe(201);
    const post = await body(response);
    expect(post).toMatchObject({
      "@context": "/api/contexts/Post",
      "@id": `/api/adv/posts/${post.id}`,
      "@type": "Post",
      title: "夏の新メニュー",
      storeTel: "03-1234-5678",
      body3: null,
      image1: { "@id": media(1) },
      image3: null,
      eyeCatch: { "@id": media(2) },
      owner: { id: 1 },
      publishmentOrder: null,
      publicAdvertisement: null,
      previewToken: null,
    });
    expect(response.headers.get("Location")).toBe(post["@id"]);
    expect((await get(api.app, post["@id"], shop)).status).toBe(200);
    expect((await get(api.app, post["@id"], other)).status).toBe(404);
  });

  test("an administrator cannot create an ad of its own", async () => {
    expect((await postJson(api.app, "/api/adv/posts", content(), admin)).status).toBe(403);
  });

  test("an advertiser naming another client as owner is refused (403) on validate and create", async () => {
    const before = await api.db.select({ id: advertisements.id }).from(advertisements);
    for (const path of ["/api/adv/posts/validate", "/api/adv/posts"]) {
      const response = await postJson(
        api.app,
        path,
        content({ owner: "/api/adv/clients/2" }),
        shop,
      );
      expect(response.status).toBe(403);
      expect(await body(response)).toMatchObject({ "hydra:description": "Access Denied." });
    }
    expect(await api.db.select({ id: advertisements.id }).from(advertisements)).toHaveLength(
      before.length,
    );
    expect((await validate(content({ owner: "/api/adv/clients/1" }))).status).toBe(204);
    // An unknown client is an unknown relation, as API Platform deserializes it: 400.
    const unknown = await validate(content({ owner: "/api/adv/clients/999" }));
    expect(unknown.status).toBe(400);
  });

  test("an administrator may name any client as the owner of a new ad", async () => {
    const payload = content({
      owner: "/api/adv/clients/2",
      image1: media(5),
      image2: null,
      eyeCatch: media(5),
    });
    expect((await validate(payload, admin)).status).toBe(204);
    const response = await postJson(api.app, "/api/adv/posts", payload, admin);
    expect(response.status).toBe(201);
    expect(await body(response)).toMatchObject({ owner: { id: 2 } });
  });

  test("PUT replaces the content; the order stays", async () => {
    const response = await put("/api/adv/posts/2", content({ title: "改訂版" }), shop);
    expect(response.status).toBe(200);
    const post = await body(response);
    expect(post).toMatchObject({ id: 2, title: "改訂版", owner: { id: 1 } });
    expect(post.publishmentOrder).not.toBeNull();
    expect(await violations(await put("/api/adv/posts/2", content({ title: "" }), shop))).toEqual([
      ["title", "入力してください。"],
    ]);
  });

  test("another's, a deleted or an unknown ad is 404; administrators may edit any", async () => {
    expect((await put("/api/adv/posts/11", content(), shop)).status).toBe(404);
    expect((await put("/api/adv/posts/10", content(), shop)).status).toBe(404);
    expect((await put("/api/adv/posts/999", content(), shop)).status).toBe(404);
    const response = await put(
      "/api/adv/posts/11",
      content({ image1: media(5), image2: null, eyeCatch: media(5), title: "編集部修正" }),
      admin,
    );
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({ title: "編集部修正", owner: { id: 2 } });
  });
});

describe("duplicate", () => {
  test("copies the content, not the order, public copy or preview token", async () => {
    const response = await postJson(api.app, "/api/adv/posts/duplicate/from/6", {}, shop);
    expect(response.status).toBe(201);
    const copy = await body(response);
    const original = await body(await get(api.app, "/api/adv/posts/6", shop));
    expect(copy.id).not.toBe(6);
    for (const field of ["title", "body1", "storeName", "link1Url", "image1", "eyeCatch"]) {
      expect(copy[field]).toEqual(original[field]);
    }
    expect(copy).toMatchObject({
      owner: { id: 1 },
      publishmentOrder: null,
      publicAdvertisement: null,
      previewToken: null,
      statusNote: null,
    });
    expect((await postJson(api.app, "/api/adv/posts/duplicate/from/11", {}, shop)).status).toBe(
      404,
    );
  });
});

describe("preview", () => {
  const token = "a".repeat(32) + "B".repeat(31) + "9";

  test("a preview token must be 64 letters and digits", async () => {
    for (const previewToken of ["short", "a".repeat(63) + "-", undefined, "a".repeat(65)]) {
      expect(
        await violations(await put("/api/adv/posts/1/preview_token", { previewToken }, shop)),
      ).toEqual([["previewToken", "プレビュー用トークンは半角英数字64文字で指定してください。"]]);
    }
    expect(
      (await put("/api/adv/posts/11/preview_token", { previewToken: token }, shop)).status,
    ).toBe(404);
  });

  test("the preview is public with the right token only", async () => {
    const response = await put("/api/adv/posts/1/preview_token", { previewToken: token }, shop);
    expect(response.status).toBe(200);
    expect((await body(response)).previewToken).toBe(token);

    const preview = await get(api.app, `/api/adv/posts/1/preview/${token}`);
    expect(preview.status).toBe(200);
    expect(await body(preview)).toMatchObject({ id: 1, previewToken: token });
    expect((await get(api.app, `/api/adv/posts/1/preview/${"c".repeat(64)}`)).status).toBe(404);
    expect((await get(api.app, `/api/adv/posts/2/preview/${token}`)).status).toBe(404);
    expect((await get(api.app, "/api/adv/posts/3/preview/null")).status).toBe(404);

    await api.db.update(advertisements).set({ isDeleted: true }).where(eq(advertisements.id, 1));
    try {
      expect((await get(api.app, `/api/adv/posts/1/preview/${token}`)).status).toBe(404);
    } finally {
      await api.db.update(advertisements).set({ isDeleted: false }).where(eq(advertisements.id, 1));
    }
  });
});
