// @vitest-environment node
// Editing an advertiser's contact details: POST /api/adv/clients/{id}/validate and PATCH (merge-patch).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { body, get, patchJson, postJson } from "../testing/http";
import { openDemoApiImpersonating, type TestApi } from "../testing/demo-api";
import { CONTACT_DETAILS_REQUIRED, violationMap } from "../testing/violations";

let api: TestApi;
let admin: string, shop: string, other: string, impersonating: string;
beforeAll(async () => {
  ({ api, admin, shop, other, impersonating } = await openDemoApiImpersonating());
});
afterAll(() => api.close());

/** POST /api/adv/clients/{id}/validate of `payload` as `token` (shop@'s client 1 unless told). */
const validate = (payload: unknown, token = shop, id = 1) =>
  postJson(api.app, `/api/adv/clients/${id}/validate`, payload, token);

/** A merge-patch of client `id`'s details as `token`. */
const patchClient = (id: number, payload: unknown, token: string) =>
  patchJson(api.app, `/api/adv/clients/${id}`, payload, token);

const details = {
  companyName: "カフェ・ド・デモ株式会社",
  personInCharge: "鈴木 一郎",
  tel: "03-1111-2222",
  zipCode: "1500001",
  prefecture: "/api/adv/prefectures/13",
  city: "渋谷区",
  address: "神宮前1-2-3 デモビル2F",
};

describe("POST /api/adv/clients/{id}/validate", () => {
  test("valid contact details are 204 and change nothing", async () => {
    const response = await validate(details);
    expect(response.status).toBe(204);
    expect((await body(await get(api.app, "/api/adv/clients/1", shop))).personInCharge).toBe(
      "山田 花子",
    );
  });

  test("every field is required", async () => {
    expect(await violationMap(await validate({}))).toEqual(CONTACT_DETAILS_REQUIRED);
  });

  test("the registration rules apply", async () => {
    const response = await validate({
      ...details,
      tel: "0312",
      zipCode: "150",
      prefecture: null,
      city: "市".repeat(256),
    });
    expect(await violationMap(response)).toEqual({
      tel: "電話番号の形式が正しくありません。",
      zipCode: "郵便番号はハイフンなしの7桁の数字で入力してください。",
      prefecture: "選択してください。",
      city: "255文字以内で入力してください。",
    });
  });

  test("a prefecture that does not exist is a 400 before any violation", async () => {
    // api-platform/core src/Serializer/AbstractItemNormalizer.php (denormalizeRelation): the
    // ItemNotFoundException's `Item not found for "%s".`, thrown while deserializing.
    const response = await validate({
      ...details,
      tel: "0312",
      prefecture: "/api/adv/prefectures/0",
    });
    expect(response.status).toBe(400);
    expect((await response.json())["hydra:description"]).toBe(
      'Item not found for "/api/adv/prefectures/0".',
    );
  });

  test("another advertiser's client is not found, even with a valid body", async () => {
    for (const token of [shop, impersonating]) {
      expect((await validate(details, token, 2)).status).toBe(404);
    }
    expect((await validate(details, other)).status).toBe(404);
  });

  test("an administrator validates any client; an unknown one is 404", async () => {
    expect((await validate(details, admin, 2)).status).toBe(204);
    expect((await validate(details, admin, 999)).status).toBe(404);
  });
});

describe("PATCH /api/adv/clients/{id}", () => {
  test("the advertiser updates its contact details and gets the client back, normalised", async () => {
    const response = await patchClient(
      1,
      {
        ...details,
        tel: "０３－１１１１－２２２２",
        zipCode: "１５０－０００１",
        prefecture: "/api/adv/prefectures/14",
      },
      shop,
    );
    expect(response.status).toBe(200);
    const client = await body(response);
    expect(client).toMatchObject({
      "@context": "/api/contexts/Client",
      "@id": "/api/adv/clients/1",
      "@type": "Client",
      id: 1,
      companyName: "カフェ・ド・デモ株式会社",
      personInCharge: "鈴木 一郎",
      tel: "03-1111-2222",
      zipCode: "1500001",
      prefecture: { "@id": "/api/adv/prefectures/14", name: "神奈川県" },
      city: "渋谷区",
      address: "神宮前1-2-3 デモビル2F",
      owner: { "@id": "/api/adv/user_logins/2", email: "shop@example.com" },
      isAutoConfirmable: false,
      isDeleted: false,
    });
    expect(await body(await get(api.app, "/api/adv/clients/1", shop))).toEqual(client);
  });

  test("a merge-patch changes only the fields it names", async () => {
    const response = await patchClient(1, { personInCharge: "山田 花子" }, shop);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      personInCharge: "山田 花子",
      tel: "03-1111-2222",
      prefecture: { id: 14 },
    });
  });

  test("the prefecture by name (SPEC §3) or by IRI; an unknown name is a 422", async () => {
    const patch = (prefecture: string) => patchClient(1, { prefecture }, shop);
    const byName = await patch("大阪府");
    expect(byName.status).toBe(200);
    expect((await body(byName)).prefecture).toMatchObject({ id: 27, name: "大阪府" });
    const unknown = await patch("大阪");
    expect(unknown.status).toBe(422);
    expect((await body(unknown)).violations).toEqual([
      expect.objectContaining({
        propertyPath: "prefecture",
        message: "正しい選択肢ではありません。",
      }),
    ]);
    const byIri = await patch("/api/adv/prefectures/14");
    expect((await body(byIri)).prefecture).toMatchObject({ id: 14, name: "神奈川県" });
  });

  test("clearing a field is a violation and changes nothing", async () => {
    const response = await patchClient(
      1,
      { companyName: null, tel: "", personInCharge: "変更されない" },
      shop,
    );
    expect(await violationMap(response)).toEqual({
      companyName: "入力してください。",
      tel: "入力してください。",
    });
    expect((await body(await get(api.app, "/api/adv/clients/1", shop))).personInCharge).toBe(
      "山田 花子",
    );
  });

  test("an impersonating administrator edits the advertiser's details", async () => {
    const response = await patchClient(1, { city: "渋谷区神宮前" }, impersonating);
    expect(response.status).toBe(200);
    expect((await body(response)).city).toBe("渋谷区神宮前");
  });

  test("another advertiser's client is not found and is not changed", async () => {
    for (const [id, token] of [
      [2, shop],
      [2, impersonating],
      [1, other],
      [999, shop],
    ] as const) {
      const response = await patchClient(id, details, token);
      expect(response.status).toBe(404);
    }
    expect((await body(await get(api.app, "/api/adv/clients/2", admin))).personInCharge).not.toBe(
      "鈴木 一郎",
    );
  });

  test("an administrator edits any client", async () => {
    const response = await patchClient(2, { companyName: "株式会社サンプル商店（改）" }, admin);
    expect(response.status).toBe(200);
    expect((await body(response)).companyName).toBe("株式会社サンプル商店（改）");
    expect((await patchClient(999, details, admin)).status).toBe(404);
  });
});
