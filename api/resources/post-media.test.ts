// @vitest-environment node
// Media ownership of ads: an advertiser's ad carries only its own media, whether written (create,
// PUT) or copied (duplicate), and the editors' uploads an editor put on it; the demo data follows
// the same rule, so every demo ad can be saved.
import { eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { advertisements, mediaObjects } from "../db/schema";
import { body, get, postJson } from "../testing/http";
import { adContent, mediaIri } from "../testing/ads";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string, other: string;

beforeAll(async () => {
  ({ api, admin, shop, other } = await openDemoApi());
});
afterAll(() => api.close());

// Demo media: 1-4 belong to shop@ (client 1), 5 to other@ (client 2).
const media = mediaIri;
const OTHERS_MEDIA = 5;
const content = (overrides: Record<string, unknown> = {}) =>
  adContent({ image2: media(2), ...overrides });

/**
 * A read Post as a client writes it back: its media relations as IRIs, as API Platform only
 * accepts them (api-platform/core src/Serializer/AbstractItemNormalizer.php: "Nested documents
 * for attribute "image1" are not allowed. Use IRIs instead.").
 */
const writable = (ad: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(ad).map(([key, value]) => [
      key,
      /^(image[1-5]|eyeCatch)$/.test(key) && value && typeof value === "object"
        ? (value as { "@id": string })["@id"]
        : value,
    ]),
  );

/** API Platform's answer to an IRI its (advertiser-scoped) lookup does not find. */
const notFoundFor = (id: number) => `Item not found for "${media(id)}".`;

const put = (path: string, payload: unknown, token: string) =>
  api.app.request(path, {
    method: "PUT",
    headers: { "Content-Type": "application/ld+json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });

const adCount = async () =>
  (await api.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(advertisements))[0]!.n;

/** Ads of `clientId` that carry a medium of someone else. */
async function adsWithForeignMedia(clientId: number) {
  const columns = [
    advertisements.image1Id,
    advertisements.image2Id,
    advertisements.image3Id,
    advertisements.image4Id,
    advertisements.image5Id,
    advertisements.eyeCatchId,
  ];
  return api.db
    .selectDistinct({ id: advertisements.id })
    .from(advertisements)
    .innerJoin(mediaObjects, or(...columns.map((column) => eq(column, mediaObjects.id))))
    .where(
      sql`${advertisements.ownerId} = ${clientId} and ${mediaObjects.clientId} is distinct from ${advertisements.ownerId}`,
    );
}

describe("the demo data", () => {
  test("every demo ad uses only its own advertiser's media", async () => {
    for (const clientId of [1, 2]) expect(await adsWithForeignMedia(clientId)).toEqual([]);
  });

  test("every demo ad can be saved unchanged by its advertiser", async () => {
    for (const token of [shop, other]) {
      const list = await body(await get(api.app, "/api/adv/posts?itemsPerPage=100", token));
      expect(list["hydra:totalItems"]).toBeGreaterThan(0);
      for (const ad of list["hydra:member"]) {
        const response = await put(ad["@id"], writable(ad), token);
        expect(response.status, `${ad["@id"]}: ${await response.clone().text()}`).toBe(200);
      }
    }
  });
});

describe("writes", () => {
  test.each(["image1", "image2", "image3", "image4", "image5", "eyeCatch"])(
    "another's medium as %s is a 400 Item not found on create and on PUT; nothing is written",
    async (field) => {
      const ads = await adCount();
      const payload = content({ [field]: media(OTHERS_MEDIA) });
      const created = await postJson(api.app, "/api/adv/posts", payload, shop);
      expect(created.status).toBe(400);
      expect((await body(created))["hydra:description"]).toBe(notFoundFor(OTHERS_MEDIA));
      expect((await put("/api/adv/posts/1", payload, shop)).status).toBe(400);
      expect(await adCount()).toBe(ads);
      expect(await adsWithForeignMedia(1)).toEqual([]);
    },
  );
});

describe("duplicate", () => {
  test("an advertiser never copies another's medium; an administrator may", async () => {
    // An editor (administrator) attaches other@'s picture to shop@'s ad 1.
    const edited = await put(
      "/api/adv/posts/1",
      content({ image2: media(OTHERS_MEDIA), title: "編集部が差し替え" }),
      admin,
    );
    expect(edited.status).toBe(200);
    const ads = await adCount();

    expect((await postJson(api.app, "/api/adv/posts/duplicate/from/1", {}, shop)).status).toBe(404);
    // Nor when an administrator acts as the advertiser.
    const switched = await postJson(
      api.app,
      "/api/adv/switch_user?to=shop%40example.com",
      {},
      admin,
    );
    const impersonated = (await body(switched)).token as string;
    expect(
      (await postJson(api.app, "/api/adv/posts/duplicate/from/1", {}, impersonated)).status,
    ).toBe(404);
    expect(await adCount()).toBe(ads);

    // The administrator acting as administrator copies what the ad carries.
    const copied = await postJson(api.app, "/api/adv/posts/duplicate/from/1", {}, admin);
    expect(copied.status).toBe(201);
    expect(await body(copied)).toMatchObject({
      owner: { id: 1 },
      image2: { "@id": media(OTHERS_MEDIA) },
    });

    // With its own pictures back, the advertiser copies its ad again.
    expect((await put("/api/adv/posts/1", content(), shop)).status).toBe(200);
    const own = await postJson(api.app, "/api/adv/posts/duplicate/from/1", {}, shop);
    expect(own.status).toBe(201);
    expect(await body(own)).toMatchObject({ owner: { id: 1 }, image2: { "@id": media(2) } });
  });
});

describe("an editor's upload (a file with no owner)", () => {
  /** A file as an editor's upload leaves it: no owner (the file itself is not read here). */
  async function editorUpload() {
    const [row] = await api.db
      .insert(mediaObjects)
      .values({
        clientId: null,
        filePath: `editor-${Math.random().toString(36).slice(2)}.png`,
        contentType: "image/png",
        width: 40,
        height: 30,
        size: 100,
      })
      .returning({ id: mediaObjects.id });
    return media(row!.id);
  }

  test("on the advertiser's ad, the advertiser keeps it when saving and copying the ad", async () => {
    const picture = await editorUpload();
    expect((await put("/api/adv/posts/1", content({ image2: picture }), admin)).status).toBe(200);

    const kept = content({ image2: picture, title: "広告主が直したタイトル" });
    expect((await postJson(api.app, "/api/adv/posts/validate", kept, shop)).status).toBe(204);
    expect((await put("/api/adv/posts/1", kept, shop)).status).toBe(200);
    const copy = await postJson(api.app, "/api/adv/posts/duplicate/from/1", {}, shop);
    expect(copy.status).toBe(201);
    expect(await body(copy)).toMatchObject({ owner: { id: 1 }, image2: { "@id": picture } });

    // Another advertiser, whose ads do not carry it, may not use it.
    const theirs = await body(await get(api.app, "/api/adv/posts?itemsPerPage=1", other));
    const ad = theirs["hydra:member"][0];
    expect((await put(ad["@id"], { ...writable(ad), image2: picture }, other)).status).toBe(400);
  });

  test("not on any of the advertiser's ads, it is a 400 Item not found like another's file", async () => {
    const picture = await editorUpload();
    expect((await put("/api/adv/posts/1", content({ image2: picture }), shop)).status).toBe(400);
    expect(
      (await postJson(api.app, "/api/adv/posts/validate", content({ image2: picture }), shop))
        .status,
    ).toBe(400);
  });
});
