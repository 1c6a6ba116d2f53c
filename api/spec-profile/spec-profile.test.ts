// @vitest-environment node
// API_PROFILE (api/spec-profile): `spec` behaves like a PHP API Platform server that implements
// only SPEC §7 (routes, filters, page size, fields); `full` is the whole reference API. Both write
// API Platform's hydra:search on collections.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { announceProfile } from "../index";
import { SPEC_ROUTES } from "./routes";
import { createTestApi } from "../testing/db";
import {
  body,
  claimsOf,
  get,
  loginAdmin,
  loginOther,
  loginShop,
  patchJson,
  postJson,
} from "../testing/http";
import { hydraError } from "../testing/violations";

type Api = Awaited<ReturnType<typeof createTestApi>>;
interface Instance {
  api: Api;
  admin: string;
  shop: string;
}
let spec: Instance;
let full: Instance;
let specApip4: Instance;

async function start(env: Record<string, string>): Promise<Instance> {
  const api = await createTestApi({
    env: { SANDBOX_PUSH_SECRET: "test-sandbox-push-secret", ...env },
  });
  return { api, admin: (await loginAdmin(api.app)).token, shop: (await loginShop(api.app)).token };
}

beforeAll(async () => {
  spec = await start({ API_PROFILE: "spec" });
  full = await start({});
  specApip4 = await start({ API_PROFILE: "spec", API_FORMAT: "apip4" });
});
afterAll(async () => {
  for (const i of [spec, full, specApip4]) await i?.api.close();
});

const variablesOf = (search: { "hydra:mapping"?: Array<{ variable: string }> }) =>
  (search["hydra:mapping"] ?? []).map((m) => m.variable);

describe("1. only SPEC §7's calls exist", () => {
  test.each([
    "/api/adv/sales_totals/2025-06",
    "/api/adv/audit_logs",
    "/api/adv/mail_outbox",
    "/api/adv/administrators/1",
    "/api/adv/payment_refunds",
    "/api/adv/message_boxes/1",
    "/api/adv/publishment_orders/1",
  ])("GET %s is the router's 404, signed in or not", async (path) => {
    for (const token of [spec.admin, undefined]) {
      const response = await get(spec.api.app, path, token);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("application/ld+json; charset=utf-8");
      expect(await body(response)).toEqual(
        hydraError(`No route found for "GET http://localhost${path}"`),
      );
    }
  });

  test("every route of the allow-list is a route of the full API (no typo hides a §7 call)", () => {
    const routes = new Set(spec.api.app.routes.map((r) => `${r.method} ${r.path}`));
    const missing = SPEC_ROUTES.filter((r) => !routes.has(`${r.method} ${r.path}`));
    expect(missing).toEqual([]);
  });

  test("the 404 names the Referer, as Symfony's RouterListener does", async () => {
    const response = await spec.api.app.request("/api/adv/audit_logs", {
      headers: { Referer: "http://localhost:3000/administrator" },
    });
    expect((await body(response))["hydra:description"]).toBe(
      'No route found for "GET http://localhost/api/adv/audit_logs" (from "http://localhost:3000/administrator")',
    );
  });

  test("POST /api/token/invalidate is a 404; the full profile has it", async () => {
    const { refresh_token } = await loginShop(spec.api.app);
    const response = await postJson(spec.api.app, "/api/token/invalidate", { refresh_token });
    expect(response.status).toBe(404);
    expect((await body(response))["hydra:description"]).toBe(
      'No route found for "POST http://localhost/api/token/invalidate"',
    );
    const fullLogin = await loginShop(full.api.app);
    const fullAnswer = await postJson(full.api.app, "/api/token/invalidate", {
      refresh_token: fullLogin.refresh_token,
    });
    expect(fullAnswer.status).toBe(200);
    expect((await get(full.api.app, "/api/adv/sales_totals/2025-06", full.admin)).status).toBe(200);
  });

  test("a §7 path with a method §7 does not give is a 405 with Allow (the GET of bank_transfer too)", async () => {
    const bank = await get(
      spec.api.app,
      "/api/adv/publishment_orders/1/payment/bank_transfer",
      spec.shop,
    );
    expect(bank.status).toBe(405);
    expect(bank.headers.get("Allow")).toBe("POST");
    const put = await spec.api.app.request("/api/adv/posts", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("Allow")).toBe("GET, POST");
  });

  test("§7's calls and the ones it needs but does not show answer", async () => {
    const shopLogin = claimsOf(spec.shop).user_login_id;
    for (const path of [
      "/api/adv/posts/1",
      "/api/adv/posts?owner=/api/adv/clients/1",
      `/api/adv/user_logins/${shopLogin}`,
      "/api/adv/prefectures/13",
      "/api/adv/publishment_regions/1",
      "/api/adv/publishment_localities",
    ]) {
      expect((await get(spec.api.app, path, spec.shop)).status, path).toBe(200);
    }
    for (const path of ["/api/adv/sales?month_recordedAt=2025-06", "/api/adv/site_summary"]) {
      expect((await get(spec.api.app, path, spec.admin)).status, path).toBe(200);
    }
    expect((await get(spec.api.app, "/readyz")).status).toBe(200);
  });
});

describe("2. undeclared query names are dropped before the full API reads them", () => {
  test("posts: publishmentOrder.publishmentStatus filters in full, does nothing in spec", async () => {
    const path = "/api/adv/posts?itemsPerPage=30";
    const filtered = `${path}&publishmentOrder.publishmentStatus=confirmed`;
    const total = async (i: Instance, p: string) =>
      (await body(await get(i.api.app, p, i.admin)))["hydra:totalItems"] as number;
    const all = await total(full, path);
    expect(await total(full, filtered)).toBeLessThan(all);
    expect(await total(spec, path)).toBe(all);
    expect(await total(spec, filtered)).toBe(all);
    // A declared one still filters.
    expect(await total(spec, `${path}&has_publishmentOrder=1`)).toBe(
      await total(full, `${path}&has_publishmentOrder=1`),
    );
    expect(await total(spec, `${path}&has_publishmentOrder=1`)).toBeLessThan(all);
  });

  test("the area sort of §7 (region id, then locality id) is the full API's order[area]", async () => {
    const ids = async (i: Instance, p: string) =>
      ((await body(await get(i.api.app, p, i.admin)))["hydra:member"] as Array<{ id: number }>).map(
        (m) => m.id,
      );
    const base = "/api/adv/posts?itemsPerPage=30&has_publishmentOrder=1";
    expect(
      await ids(
        spec,
        `${base}&order[publishmentOrder.region.id]=desc&order[publishmentOrder.locality.id]=desc`,
      ),
    ).toEqual(await ids(full, `${base}&order[area]=desc`));
    // The full API's own name is not §7's: dropped, the default order (id desc) stays.
    expect(await ids(spec, `${base}&order[area]=asc`)).toEqual(await ids(full, base));
  });
});

describe("3. a page holds at most 30", () => {
  test("itemsPerPage=300 is 30, and the view links say so", async () => {
    const response = await get(spec.api.app, "/api/adv/prefectures?itemsPerPage=300", spec.shop);
    const answer = await body(response);
    expect(answer["hydra:totalItems"]).toBe(47);
    expect(answer["hydra:member"]).toHaveLength(30);
    expect(answer["hydra:view"]).toEqual({
      "@id": "/api/adv/prefectures?itemsPerPage=30&page=1",
      "@type": "hydra:PartialCollectionView",
      "hydra:first": "/api/adv/prefectures?itemsPerPage=30&page=1",
      "hydra:last": "/api/adv/prefectures?itemsPerPage=30&page=2",
      "hydra:next": "/api/adv/prefectures?itemsPerPage=30&page=2",
    });
    const second = await body(
      await get(spec.api.app, "/api/adv/prefectures?itemsPerPage=30&page=2", spec.shop),
    );
    expect(second["hydra:member"]).toHaveLength(17);
    expect(second["hydra:member"][0].name).toBe(
      (await body(await get(full.api.app, "/api/adv/prefectures", full.shop)))["hydra:member"][30]
        .name,
    );
    // The full profile keeps its own maximum (300): the whole list at once.
    const fullAnswer = await body(
      await get(full.api.app, "/api/adv/prefectures?itemsPerPage=300", full.shop),
    );
    expect(fullAnswer["hydra:member"]).toHaveLength(47);
  });

  test("a paginated handler gets itemsPerPage 30; the view keeps the client's names", async () => {
    const answer = await body(
      await get(
        spec.api.app,
        "/api/adv/clients?isDeleted=false&itemsPerPage=300&bogus=1",
        spec.admin,
      ),
    );
    expect(answer["hydra:member"].length).toBeLessThanOrEqual(30);
    expect(answer["hydra:view"]["@id"]).toBe("/api/adv/clients?isDeleted=false&itemsPerPage=30");
  });
});

/** A demo ad with an order that is public (it has a report). */
async function publishedAd(): Promise<{ id: number; postUrl: string }> {
  const list = await body(
    await get(full.api.app, "/api/adv/posts?has_publishmentOrder=1&itemsPerPage=30", full.shop),
  );
  const ad = list["hydra:member"].find(
    (m: { publicAdvertisement: { postUrl?: string } | null }) => m.publicAdvertisement?.postUrl,
  );
  return { id: ad.id, postUrl: ad.publicAdvertisement.postUrl };
}

test("localities: §7's order (region id, then id) sorts the whole list before the page is cut", async () => {
  const ids = async (query: string) =>
    (
      (await body(await get(spec.api.app, `/api/adv/publishment_localities?${query}`, spec.admin)))[
        "hydra:member"
      ] as Array<{ id: number; region: { id: number } }>
    ).map((m) => [m.region.id, m.id]);
  const all = (await body(await get(full.api.app, "/api/adv/publishment_localities", full.admin)))[
    "hydra:member"
  ].map((m: { id: number; region: { id: number } }) => [m.region.id, m.id]);
  const asc = await ids("order[region.id]=asc&order[id]=asc&itemsPerPage=30");
  expect(asc).toEqual(all.slice(0, 30));
  const desc = await ids("order[region.id]=desc&order[id]=desc&itemsPerPage=30");
  expect(desc).toEqual([...all].reverse().slice(0, 30));
});

describe("4. answers carry only the fields SPEC §3 / §7 give", () => {
  test("an ad, with its embedded owner, order, region and course", async () => {
    const { id } = await publishedAd();
    const fullAd = await body(await get(full.api.app, `/api/adv/posts/${id}`, full.admin));
    const ad = await body(await get(spec.api.app, `/api/adv/posts/${id}`, spec.admin));
    expect(fullAd).toHaveProperty("isDeleted");
    expect(fullAd).toHaveProperty("createdAt");
    expect(ad).not.toHaveProperty("isDeleted");
    expect(ad).not.toHaveProperty("createdAt");
    expect(ad).toMatchObject({
      "@id": `/api/adv/posts/${id}`,
      "@type": "Post",
      id,
      title: fullAd.title,
    });
    expect(Object.keys(ad.owner).sort()).toEqual(["@id", "@type", "companyName", "id"]);
    expect(fullAd.publishmentOrder).toHaveProperty("price");
    expect(ad.publishmentOrder).not.toHaveProperty("price");
    expect(Object.keys(ad.publishmentOrder.region).sort()).toEqual(["@id", "@type", "id", "name"]);
    expect(ad.publishmentOrder.course).toMatchObject({ name: fullAd.publishmentOrder.course.name });
    expect(
      ad.image1 === null || Object.keys(ad.image1).sort().join() === "@id,@type,contentUrl",
    ).toBe(true);
  });

  test("a client: its prefecture is name and @id, its owner id, username and isTemporaryPassword", async () => {
    const client = await body(await get(spec.api.app, "/api/adv/clients/1", spec.admin));
    expect(Object.keys(client.prefecture).sort()).toEqual(["@id", "@type", "name"]);
    expect(Object.keys(client.owner).sort()).toEqual([
      "@id",
      "@type",
      "id",
      "isTemporaryPassword",
      "username",
    ]);
  });

  test("reports: a bare array of rows (§7); an ad's report keeps its hydra:member", async () => {
    const { id, postUrl } = await publishedAd();
    // A message about the ad makes its day a row (with a note).
    const message = await postJson(
      spec.api.app,
      "/api/adv/message_boxes",
      { body: "掲載について", advertisement: `/api/adv/posts/${id}` },
      spec.shop,
    );
    expect(message.status).toBe(201);
    const response = await get(
      spec.api.app,
      `/api/adv/reports?month=2025-06&url=${encodeURIComponent(postUrl)}`,
      spec.admin,
    );
    expect(response.status).toBe(200);
    const rows = await body(response);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ["clk", "ctr", "d", "imp", "link1", "link2", "link3", "note", "pv"].sort(),
      );
    }
    const report = await body(
      await get(spec.api.app, `/api/adv/posts/${id}/report?month=2025-06`, spec.admin),
    );
    expect(report["@type"]).toBe("hydra:Collection");
    expect(report["hydra:member"][0]).toHaveProperty("d");
  });

  test("the not-shown answers: a payment key is paymentKey alone; update_email is refreshToken alone", async () => {
    const { id } = await (async () => {
      const response = await postJson(
        spec.api.app,
        "/api/adv/publishment_orders",
        {
          advertisement: "/api/adv/posts/13",
          region: "/api/adv/publishment_regions/1",
          locality: "/api/adv/publishment_localities/1",
          course: "/api/adv/publishment_courses/1",
          publishesAt: "2025-07-01",
          paymentType: "none",
        },
        spec.shop,
      );
      expect(response.status).toBe(201);
      const order = await body(response);
      expect(order).not.toHaveProperty("price");
      return order as { id: number };
    })();
    const key = await postJson(
      spec.api.app,
      `/api/adv/issue_payment_key/${id}`,
      { returnUrl: "/advertiser/advertisements/13/done" },
      spec.shop,
    );
    expect(key.status).toBe(200);
    expect(await body(key)).toEqual({
      "@context": "/api/contexts/PaymentKey",
      "@type": "PaymentKey",
      paymentKey: expect.any(String),
    });

    const other = await loginOther(spec.api.app);
    const path = `/api/adv/user_logins/${claimsOf(other.token).user_login_id}/update_email`;
    const changed = await patchJson(
      spec.api.app,
      path,
      { newEmail: "renamed-spec@example.com" },
      other.token,
    );
    expect(changed.status).toBe(200);
    expect(await body(changed)).toEqual({
      "@context": "/api/contexts/UserLogin",
      "@id": path.replace("/update_email", ""),
      "@type": "UserLogin",
      refreshToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });
});

describe("5. hydra:search lists the filters the profile declares", () => {
  test("spec: §7's posts filters and sorts, in API Platform's IriTemplate", async () => {
    const answer = await body(
      await get(spec.api.app, "/api/adv/posts?owner=/api/adv/clients/1", spec.shop),
    );
    const search = answer["hydra:search"];
    expect(search).toMatchObject({
      "@type": "hydra:IriTemplate",
      "hydra:variableRepresentation": "BasicRepresentation",
    });
    expect(search["hydra:template"]).toBe(
      "/api/adv/posts{?owner,owner.companyName,title,publishmentOrder.region,publishmentOrder.locality,has_publishmentOrder,order[priority],order[id],order[title],order[owner.companyName],order[publishmentOrder.publishesAt],order[publishmentOrder.unpublishesAt],order[publishmentOrder.region.id],order[publishmentOrder.locality.id]}",
    );
    expect(search["hydra:mapping"][0]).toEqual({
      "@type": "IriTemplateMapping",
      variable: "owner",
      property: "owner",
      required: false,
    });
    expect(search["hydra:mapping"]).toContainEqual({
      "@type": "IriTemplateMapping",
      variable: "order[publishmentOrder.region.id]",
      property: "publishmentOrder.region.id",
      required: false,
    });
    expect(variablesOf(search)).not.toContain("publishmentOrder.publishmentStatus");
  });

  test("full: what the full API reads, the status filter and order[area] among them", async () => {
    const search = (await body(await get(full.api.app, "/api/adv/posts", full.admin)))[
      "hydra:search"
    ];
    expect(variablesOf(search)).toEqual(
      expect.arrayContaining([
        "publishmentOrder.publishmentStatus",
        "order[area]",
        "isDeleted",
        "owner",
      ]),
    );
    const clients = (await body(await get(full.api.app, "/api/adv/clients", full.admin)))[
      "hydra:search"
    ];
    expect(variablesOf(clients)).toEqual([
      "isDeleted",
      "id",
      "companyName",
      "personInCharge",
      "owner.email",
      "order[id]",
      "order[companyName]",
      "order[personInCharge]",
      "order[owner.email]",
    ]);
  });

  test("a collection without filters has none (as API Platform writes none)", async () => {
    for (const i of [spec, full]) {
      const answer = await body(await get(i.api.app, "/api/adv/publishment_regions", i.shop));
      expect(answer).not.toHaveProperty("hydra:search");
    }
  });

  test("apip4: the keys without the hydra prefix", async () => {
    const answer = await body(
      await get(specApip4.api.app, "/api/adv/message_boxes", specApip4.shop),
    );
    expect(answer.search).toMatchObject({
      "@type": "IriTemplate",
      template: "/api/adv/message_boxes{?client,post,order[createdAt],order[id]}",
      variableRepresentation: "BasicRepresentation",
    });
    expect(answer.search.mapping[0]).toEqual({
      "@type": "IriTemplateMapping",
      variable: "client",
      property: "client",
      required: false,
    });
  });
});

describe("the full profile is unchanged but for hydra:search", () => {
  test("a collection's keys and an item's fields", async () => {
    const answer = await body(await get(full.api.app, "/api/adv/posts?itemsPerPage=2", full.admin));
    expect(Object.keys(answer)).toEqual([
      "@context",
      "@id",
      "@type",
      "hydra:totalItems",
      "hydra:member",
      "hydra:view",
      "hydra:search",
    ]);
    expect(answer["hydra:member"]).toHaveLength(2);
    expect(answer["hydra:member"][0]).toHaveProperty("isDeleted");
    expect(answer["hydra:view"]["@id"]).toBe("/api/adv/posts?itemsPerPage=2&page=1");
    const unknown = await get(full.api.app, "/api/adv/no_such_resource", full.shop);
    expect((await body(unknown))["hydra:description"]).toBe("Not Found");
  });
});

test("full: hydra:search is written after the collection's last key, the rest byte for byte", async () => {
  // The layer appends to the handler's bytes rather than parsing and writing the page again:
  // what it sends must be what JSON.stringify writes of the parsed answer (non-ASCII included).
  for (const path of ["/api/adv/posts?itemsPerPage=3", "/api/adv/clients?itemsPerPage=3"]) {
    const text = await (await get(full.api.app, path, full.admin)).text();
    expect(text).toMatch(/[\u0080-\uffff]/);
    const answer = JSON.parse(text) as Record<string, unknown>;
    expect(JSON.stringify(answer)).toBe(text);
    expect(Object.keys(answer).at(-1)).toBe("hydra:search");
  }
});

test("the start-up log says the profile", () => {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    announceProfile(spec.api.config);
    announceProfile(full.api.config);
    expect(log.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/^API_PROFILE=spec: /),
      expect.stringMatching(/^API_PROFILE=full: /),
    ]);
  } finally {
    log.mockRestore();
  }
});
