// Issue 16, risk 1: API Platform writes a relation that is not in an embedding serialization group
// as a bare IRI string. The advertiser's screens must then show what they can, and fetch what they
// truly need (the order's status, the images) once per request, never answer 500.
import type { LoaderFunctionArgs } from "react-router";
import { http, HttpResponse } from "msw";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/advertiser._index/route";
import { loader as detailLoader } from "~/routes/advertiser.advertisements.$id/route";
import { loader as adminDetailLoader } from "~/routes/administrator.advertisements.$id_.detail/route";
import { loader as editLoader } from "~/routes/advertiser.edit";
import { loader as advertiserLoader } from "~/routes/administrator.advertisers.$id/route";
import { loader as adminListLoader } from "~/routes/administrator.advertisements._index/route";
import { administratorsHandlers } from "../../tests/mocks/administrators";
import { publishmentAreasHandlers } from "../../tests/mocks/publishment-areas";
import { administratorClaims, advertiserClaims, makeTokenPair } from "../../tests/fixtures/tokens";
import { recordRequests, server, startMockUpstream } from "../../tests/mocks/server";
import { UPSTREAM, api, collection, hydraError, item } from "../../tests/mocks/upstream";
import { createPortalContext } from "./context";
import { clearReferenceData } from "./reference-data";
import { RequestSession, type TokenPair } from "./session";

startMockUpstream();

let shop: TokenPair;
let admin: TokenPair;
beforeAll(async () => {
  shop = await makeTokenPair(advertiserClaims());
  admin = await makeTokenPair(administratorClaims());
});

/** Ad 12 as API Platform writes it when no relation is embedded. */
const iriOnlyPost = {
  "@context": "/api/contexts/Post",
  "@id": "/api/adv/posts/12",
  "@type": "Post",
  id: 12,
  formattedAdvertisementId: "000012",
  title: "秋の感謝祭",
  owner: "/api/adv/clients/1",
  publishmentOrder: "/api/adv/publishment_orders/5",
  publicAdvertisement: "/api/adv/public_advertisements/12",
  storeName: "カフェ・ド・デモ",
  storeAddress: "東京都渋谷区神宮前1-2-3",
  storeTel: "03-1234-5678",
  body1: "寒い日に温まる一杯です。",
  image1: "/api/adv/media_objects/7",
  image2: null,
  eyeCatch: "/api/adv/media_objects/7",
};

/** The order, itself with bare region, locality and course. */
const order = {
  "@context": "/api/contexts/PublishmentOrder",
  "@id": "/api/adv/publishment_orders/5",
  "@type": "PublishmentOrder",
  id: 5,
  region: "/api/adv/publishment_regions/1",
  locality: "/api/adv/publishment_localities/3",
  course: "/api/adv/publishment_courses/2",
  publishesAt: "2026-12-01T00:00:00+09:00",
  unpublishesAt: "2026-12-31T00:00:00+09:00",
  publishmentStatus: "confirmed",
  paymentStatus: "none",
  confirmableAdvertisement: false,
  remandableAdvertisement: true,
};

function iriOnlyUpstream() {
  return [
    http.get(api("/api/adv/clients/1"), () =>
      item({
        "@id": "/api/adv/clients/1",
        id: 1,
        companyName: "株式会社お店ニュース商店",
        personInCharge: "山田 太郎",
        prefecture: "/api/adv/prefectures/13",
        owner: "/api/adv/user_logins/2",
        isAutoConfirmable: false,
        isDeleted: false,
      }),
    ),
    http.get(api("/api/adv/user_logins/2"), () =>
      item({
        "@id": "/api/adv/user_logins/2",
        id: 2,
        email: "shop@example.com",
        isTemporaryPassword: false,
      }),
    ),
    http.get(api("/api/adv/posts"), () => collection("/api/adv/posts", [iriOnlyPost])),
    http.get(api("/api/adv/posts/12"), () => item(iriOnlyPost)),
    http.get(api("/api/adv/publishment_orders/5"), () => item(order)),
    // An extension of ours (要返金): not on a server that implements only SPEC §7.
    http.get(api("/api/adv/payment_refunds"), () => hydraError(404, "Not Found")),
    http.get(api("/api/adv/public_advertisements/12"), () =>
      item({
        "@id": "/api/adv/public_advertisements/12",
        postUrl: "/site/3/ads/12",
        postStatus: "public",
      }),
    ),
    // A region without id; a locality the upstream will not show: the area shows what it can.
    http.get(api("/api/adv/publishment_regions/1"), () =>
      item({ "@id": "/api/adv/publishment_regions/1", name: "関東" }),
    ),
    http.get(api("/api/adv/publishment_localities/3"), () => hydraError(403, "Access Denied.")),
    http.get(api("/api/adv/publishment_courses/2"), () =>
      item({
        "@id": "/api/adv/publishment_courses/2",
        id: 2,
        name: "1ヶ月コース",
        price: 10000,
        isActive: true,
        periodType: "month",
        months: 1,
      }),
    ),
    http.get(api("/api/adv/media_objects/7"), () =>
      item({ "@id": "/api/adv/media_objects/7", contentUrl: "/media/latte.png" }),
    ),
    http.get(api("/api/adv/message_boxes"), () =>
      collection("/api/adv/message_boxes", [
        {
          "@id": "/api/adv/message_boxes/4",
          id: 4,
          createdAt: "2026-11-20T10:00:00+09:00",
          sender: "system",
          subject: "承認しました",
          advertisement: "/api/adv/posts/12",
        },
      ]),
    ),
    http.get(api("/api/adv/prefectures/13"), () =>
      item({ "@id": "/api/adv/prefectures/13", name: "東京都" }),
    ),
    // Prefectures as SPEC §3 lists them: name and @id, no id.
    http.get(api("/api/adv/prefectures"), () =>
      collection("/api/adv/prefectures", [
        { "@id": "/api/adv/prefectures/13", name: "東京都" },
        { "@id": "/api/adv/prefectures/14", name: "神奈川県" },
      ]),
    ),
  ];
}

beforeEach(() => {
  clearReferenceData();
  server.use(...iriOnlyUpstream());
});

function args(pair: TokenPair, path: string, params: Record<string, string> = {}) {
  const context = createPortalContext({
    nonce: "n",
    session: new RequestSession({ main: pair }, { secrets: ["s"], secure: false }),
    upstreamUrl: UPSTREAM,
  });
  return {
    request: new Request(`http://portal.test${path}`),
    params,
    context,
  } as unknown as LoaderFunctionArgs;
}

const gets = (requests: { method: string; path: string }[], path: string) =>
  requests.filter((r) => r.method === "GET" && r.path === path).length;

describe("My Page with IRI-only relations", () => {
  it("shows the ad row with its order's status, fetched by IRI", async () => {
    const requests = recordRequests();
    const data = await homeLoader(args(shop, "/advertiser"));
    expect(data).not.toBeInstanceOf(Response);
    const page = data as Exclude<typeof data, Response>;
    expect(page.companyName).toBe("株式会社お店ニュース商店");
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      id: 12,
      title: "秋の感謝祭",
      manuscriptStatus: "承認済み",
      paymentStatus: "支払前",
      publishesAt: "2026/12/01",
      area: "関東",
    });
    expect(gets(requests, "/api/adv/publishment_orders/5")).toBe(1);
  });
});

describe("the ad detail with IRI-only relations", () => {
  it("fetches the order, the public copy and the images once each and shows them", async () => {
    const requests = recordRequests();
    const data = await detailLoader(args(shop, "/advertiser/advertisements/12", { id: "12" }));
    expect(data.status.manuscript).toBe("承認済み");
    expect(data.status.payment).toBe("支払前");
    expect(data.hasOrder).toBe(true);
    expect(data.ad.sections[0]!.image).toContain("/media/latte.png");
    expect(data.frame.eyeCatch).toContain("/media/latte.png");
    expect(data.messages.rows[0]!.target).toBe("12");
    expect(data.messages.rows[0]!.targetHref).toBe("/advertiser/advertisements/12");
    expect(gets(requests, "/api/adv/publishment_orders/5")).toBe(1);
    expect(gets(requests, "/api/adv/media_objects/7")).toBe(1);
    expect(gets(requests, "/api/adv/public_advertisements/12")).toBe(1);
  });

  it("the administrator's detail shows the owner's id and the course fetched by IRI", async () => {
    const data = await adminDetailLoader(
      args(admin, "/administrator/advertisements/12/detail", { id: "12" }),
    );
    const detail = data.detail;
    expect(detail?.owner.id).toBe(1);
    expect(detail?.owner.companyName).toBe("株式会社お店ニュース商店");
    expect(detail?.order?.course).toContain("1ヶ月コース");
    expect(detail?.order?.remandable).toBe(true);
    expect(detail?.status.manuscript).toBe("承認済み");
  });
});

describe("the administrator's ad list with IRI-only relations", () => {
  it("shows the owner's company and the order's status, fetched by IRI", async () => {
    server.use(...publishmentAreasHandlers(), ...administratorsHandlers());
    const data = await adminListLoader(args(admin, "/administrator/advertisements"));
    expect(data.rows[0]).toMatchObject({
      id: 12,
      companyName: "株式会社お店ニュース商店",
      advertiserId: expect.stringContaining("1"),
      manuscriptStatus: "承認済み",
      area: "関東",
    });
  });
});

describe("the contact details form with a bare prefecture and prefectures without id", () => {
  it("preselects the client's prefecture among the options", async () => {
    const data = await editLoader(args(shop, "/advertiser/edit"));
    // SPEC §3: the prefecture goes by name; the bare IRI is resolved against the list.
    expect(data.current?.prefecture).toBe("東京都");
    expect(data.prefectures).toEqual([
      { value: "東京都", label: "東京都", iri: "/api/adv/prefectures/13" },
      { value: "神奈川県", label: "神奈川県", iri: "/api/adv/prefectures/14" },
    ]);
  });
});

describe("the administrator's advertiser detail with a bare login and prefecture", () => {
  it("shows the login's e-mail and the prefecture's name, fetched by IRI", async () => {
    const data = await advertiserLoader(args(admin, "/administrator/advertisers/1", { id: "1" }));
    expect(data.advertiser).toMatchObject({
      id: 1,
      email: "shop@example.com",
      prefecture: "東京都",
    });
  });
});

// Partial pagination (API Platform `pagination_partial`): no totalItems, only a next link. The
// table must still offer the next page.
describe("My Page under partial pagination", () => {
  const posts = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      "@id": `/api/adv/posts/${from + i}`,
      id: from + i,
      title: `広告${from + i}`,
      publishmentOrder: null,
    }));

  it("offers the page after one that has a next link, and stops at the last", async () => {
    server.use(
      http.get(api("/api/adv/posts"), ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
        return HttpResponse.json({
          "@id": "/api/adv/posts",
          "@type": "Collection",
          member: page === 1 ? posts(1, 10) : posts(11, 3),
          view: {
            "@id": `/api/adv/posts?owner=1&page=${page}&itemsPerPage=10`,
            "@type": "PartialCollectionView",
            ...(page === 1 ? { next: "/api/adv/posts?owner=1&page=2&itemsPerPage=10" } : {}),
          },
        });
      }),
    );
    const first = (await homeLoader(args(shop, "/advertiser"))) as Exclude<
      Awaited<ReturnType<typeof homeLoader>>,
      Response
    >;
    expect(first.rows).toHaveLength(10);
    expect(Math.ceil(first.totalItems / first.pageSize)).toBe(2);
    const last = (await homeLoader(args(shop, "/advertiser?page=2"))) as typeof first;
    expect(last.rows).toHaveLength(3);
    expect(last.totalItems).toBe(13);
  });
});
