// @vitest-environment node
// Who may read which account record: user_logins, clients, administrators; and the public prefectures.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { body, get } from "../testing/http";
import { openDemoApiImpersonating, type TestApi } from "../testing/demo-api";
import { hydraError } from "../testing/violations";

let api: TestApi;
let admin: string, shop: string, impersonating: string;
beforeAll(async () => {
  ({ api, admin, shop, impersonating } = await openDemoApiImpersonating());
});
afterAll(() => api.close());

const notFound = hydraError("Not Found");

describe("GET /api/adv/user_logins/{id}", () => {
  test("an advertiser reads its own login", async () => {
    const response = await get(api.app, "/api/adv/user_logins/2", shop);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/ld+json");
    expect(await body(response)).toEqual({
      "@context": "/api/contexts/UserLogin",
      "@id": "/api/adv/user_logins/2",
      "@type": "UserLogin",
      id: 2,
      username: "shop@example.com",
      email: "shop@example.com",
      isTemporaryPassword: false,
    });
  });

  test("an advertiser cannot read other logins", async () => {
    for (const id of [1, 3, 999]) {
      const response = await get(api.app, `/api/adv/user_logins/${id}`, shop);
      expect(response.status).toBe(404);
      expect(await body(response)).toEqual(notFound);
    }
  });

  test("an administrator reads any login", async () => {
    expect((await body(await get(api.app, "/api/adv/user_logins/3", admin))).email).toBe(
      "other@example.com",
    );
    expect((await get(api.app, "/api/adv/user_logins/999", admin)).status).toBe(404);
  });
});

describe("GET /api/adv/clients/{id}", () => {
  test("an advertiser reads its own client with prefecture and owner", async () => {
    const response = await get(api.app, "/api/adv/clients/1", shop);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({
      "@context": "/api/contexts/Client",
      "@id": "/api/adv/clients/1",
      "@type": "Client",
      id: 1,
      companyName: "カフェ・ド・デモ株式会社",
      personInCharge: "山田 花子",
      tel: "03-1234-5678",
      zipCode: "1500001",
      prefecture: {
        "@id": "/api/adv/prefectures/13",
        "@type": "Prefecture",
        id: 13,
        name: "東京都",
      },
      city: "渋谷区",
      address: "神宮前1-2-3 デモビル1F",
      owner: {
        "@id": "/api/adv/user_logins/2",
        "@type": "UserLogin",
        id: 2,
        email: "shop@example.com",
        username: "shop@example.com",
        isTemporaryPassword: false,
      },
      isAutoConfirmable: false,
      isDeleted: false,
    });
  });

  test("another advertiser's client is not found, for advertisers and impersonators alike", async () => {
    expect((await get(api.app, "/api/adv/clients/2", shop)).status).toBe(404);
    expect((await get(api.app, "/api/adv/clients/2", impersonating)).status).toBe(404);
    expect((await get(api.app, "/api/adv/clients/abc", shop)).status).toBe(404);
  });

  test("an administrator reads any client", async () => {
    const client = await body(await get(api.app, "/api/adv/clients/2", admin));
    expect(client).toMatchObject({
      id: 2,
      companyName: "株式会社サンプル商店",
      prefecture: { id: 14, name: "神奈川県" },
    });
  });
});

describe("GET /api/adv/administrators/{id}", () => {
  test("an administrator reads an administrator with its login", async () => {
    expect(await body(await get(api.app, "/api/adv/administrators/1", admin))).toEqual({
      "@context": "/api/contexts/Administrator",
      "@id": "/api/adv/administrators/1",
      "@type": "Administrator",
      id: 1,
      name: "デモ管理者",
      owner: {
        "@id": "/api/adv/user_logins/1",
        "@type": "UserLogin",
        id: 1,
        email: "admin@example.com",
        username: "admin@example.com",
        isTemporaryPassword: false,
      },
    });
    expect((await get(api.app, "/api/adv/administrators/99", admin)).status).toBe(404);
  });

  test("advertisers and impersonators are denied", async () => {
    for (const token of [shop, impersonating]) {
      const response = await get(api.app, "/api/adv/administrators/1", token);
      expect(response.status).toBe(403);
      expect(await body(response)).toEqual({ ...notFound, "hydra:description": "Access Denied." });
    }
  });
});

describe("GET /api/adv/prefectures", () => {
  test("lists the 47 prefectures in JIS order on one page, without a token", async () => {
    const list = await body(await get(api.app, "/api/adv/prefectures"));
    expect(list["@type"]).toBe("hydra:Collection");
    expect(list["hydra:totalItems"]).toBe(47);
    expect(list["hydra:member"]).toHaveLength(47);
    expect(list["hydra:member"][0]).toEqual({
      "@id": "/api/adv/prefectures/1",
      "@type": "Prefecture",
      id: 1,
      name: "北海道",
    });
    expect(list["hydra:member"][12].name).toBe("東京都");
    expect(list["hydra:member"][46].name).toBe("沖縄県");
  });

  test("one prefecture", async () => {
    expect((await body(await get(api.app, "/api/adv/prefectures/27"))).name).toBe("大阪府");
    expect((await get(api.app, "/api/adv/prefectures/48")).status).toBe(404);
  });
});
