// The portal's readers against an upstream that answers only what SPEC §3 gives (issue 29): our
// reference API's fixtures stripped to §3 (tests/mocks/section3.ts). Every reader returns without
// error, the screens' data carries the §3 values, and what §3 does not give is blank.
import { http } from "msw";
import { describe, expect, it } from "vitest";
import { mockedClient } from "../../../tests/mocks/client";
import { adminClientFixture, clientFixture } from "../../../tests/mocks/clients";
import { postFixture } from "../../../tests/mocks/posts";
import { saleFixture } from "../../../tests/mocks/sales";
import { section3 } from "../../../tests/mocks/section3";
import { server, startMockUpstream } from "../../../tests/mocks/server";
import { api, collection, item } from "../../../tests/mocks/upstream";
import { toAdvertisementRow } from "~/routes/advertiser._index/home.server";
import { saleCsvFields } from "~/domain/sales-csv";
import { toSaleRow } from "~/domain/sales";
import { listMessages } from "./accounts";
import { getAdminLocalities } from "./areas";
import { listClients } from "./clients";
import { listCourses } from "./courses";
import { getAdminPost, getFullPost, getPost, listPosts, orderPrice } from "./resources";
import { resolveSale, salesPage } from "./sales";

startMockUpstream();

const client = () => mockedClient(() => "token");
const at = { page: 1, itemsPerPage: 10 };

/** GET `path` answers `body` (a collection when an array). */
const answer = (path: string, body: unknown) =>
  http.get(api(path), () =>
    Array.isArray(body) ? collection(path, body) : item(body as Record<string, unknown>),
  );

/** An ad of our reference API with everything its screens may show, extensions included. */
const fullPost: Record<string, unknown> = {
  ...postFixture(12),
  owner: clientFixture(1, { owner: { "@id": "/api/adv/user_logins/11", id: 11, email: "a@b" } }),
  storeName: "お店ニュース商店",
  isDeleted: false,
  image1: { "@id": "/api/adv/media_objects/1", contentUrl: "/media/1.jpg", size: 10 },
  publishmentOrder: {
    ...(postFixture(12).publishmentOrder as Record<string, unknown>),
    course: {
      "@id": "/api/adv/publishment_courses/1",
      id: 1,
      name: "1ヶ月コース",
      price: 10000,
      periodLabel: "1ヶ月",
    },
    price: 10000,
    paymentSlip: null,
    confirmableAdvertisement: true,
    remandableAdvertisement: false,
  },
  publicAdvertisement: {
    postUrl: "https://news.example/p/1",
    postStatus: "public",
    synchronizedAt: "2026-11-01T00:00:00+09:00",
    syncError: null,
  },
};

describe("answers carrying only SPEC §3's fields", () => {
  it("reads ads for My Page, the ad page and the editors' detail; extensions are absent", async () => {
    const stripped = section3("post", fullPost);
    expect(stripped).not.toHaveProperty("isDeleted");
    server.use(answer("/api/adv/posts", [stripped]), answer("/api/adv/posts/12", stripped));

    const page = await listPosts(client(), { owner: 1 }, at);
    expect(toAdvertisementRow(page.member[0]!)).toMatchObject({
      title: "秋の感謝祭 12",
      area: expect.stringContaining("新宿"),
      publishesAt: "2026/12/01",
    });

    const post = await getFullPost(client(), 12);
    expect(post.storeName).toBe("お店ニュース商店");
    expect(post.image1?.contentUrl).toBe("/media/1.jpg");
    expect(post.publicAdvertisement?.postStatus).toBe("public");
    expect(post.publicAdvertisement?.syncError).toBeUndefined();

    const admin = await getAdminPost(client(), 12);
    expect(admin.owner.companyName).toBe("株式会社お店ニュース商店");
    expect(admin.isDeleted).toBe(false);
    expect(admin.publishmentOrder?.course?.name).toBe("1ヶ月コース");
    expect(admin.publishmentOrder?.confirmableAdvertisement).toBe(true);
    expect(admin.publishmentOrder?.price).toBeUndefined();
  });

  it("reads a month's sales: the date is blank, the ad and the company come from the order", async () => {
    const sale = saleFixture({ id: 1, title: "広告1", companyName: "株式会社デモ" });
    const stripped = section3("sale", sale);
    expect(stripped).not.toHaveProperty("recordedAt");
    server.use(answer("/api/adv/sales", [stripped]));

    const [row] = await salesPage(client(), "2026-11", 1, 100);
    expect(toSaleRow(await resolveSale(client(), row!))).toMatchObject({
      id: 1,
      recordedOn: "",
      title: "広告1",
      companyName: "株式会社デモ",
      area: "東京都 / 渋谷区",
      course: "1ヶ月コース",
      net: expect.stringContaining("30,000"),
    });
    const csv = saleCsvFields(row!);
    expect(csv[1]).toBe("");
    expect(csv).not.toContain("undefined");
    expect(csv[4]).toBe("広告1");
  });

  it("reads a sale whose order is a bare IRI: the order, ad and client fetched, stripped too", async () => {
    server.use(
      answer("/api/adv/sales", [
        { id: 2, net: 1000, tax: 100, publishmentOrder: "/api/adv/publishment_orders/5" },
      ]),
      answer(
        "/api/adv/publishment_orders/5",
        section3("order", {
          "@id": "/api/adv/publishment_orders/5",
          id: 5,
          advertisement: "/api/adv/posts/12",
          region: { "@id": "/api/adv/publishment_regions/1", id: 1, name: "東京都" },
          locality: { "@id": "/api/adv/publishment_localities/2", id: 2, name: "渋谷区" },
          course: { "@id": "/api/adv/publishment_courses/3", id: 3, name: "1ヶ月コース" },
          price: 1000,
        }),
      ),
      answer("/api/adv/posts/12", section3("post", { ...fullPost, owner: "/api/adv/clients/1" })),
      answer("/api/adv/clients/1", section3("client", clientFixture(1))),
    );
    const [row] = await salesPage(client(), "2026-11", 1, 100);
    expect(toSaleRow(await resolveSale(client(), row!))).toMatchObject({
      recordedOn: "",
      title: "秋の感謝祭 12",
      companyName: "株式会社お店ニュース商店",
    });
  });

  it("reads the advertisers: the login's e-mail is its username (SPEC §3 User login)", async () => {
    const full = adminClientFixture(1, {
      owner: { "@id": "/api/adv/user_logins/11", id: 11, username: "shop@example.com" },
    });
    server.use(answer("/api/adv/clients", [section3("client", full)]));
    const page = await listClients(client(), {}, at);
    expect(page.member[0]).toMatchObject({
      companyName: "株式会社お店ニュース商店",
      isAutoConfirmable: false,
      owner: { id: 11, email: "shop@example.com" },
    });
  });

  it("reads the message box, the courses and the areas", async () => {
    const message = {
      "@id": "/api/adv/message_boxes/1",
      "@type": "MessageBox",
      id: 1,
      createdAt: "2026-11-01T09:00:00+09:00",
      sender: "administrator",
      subject: "承認しました",
      body: "本文",
      advertisement: "/api/adv/posts/12",
      client: "/api/adv/clients/1",
      readAt: null,
    };
    const course = {
      "@id": "/api/adv/publishment_courses/1",
      id: 1,
      isActive: true,
      name: "1ヶ月コース",
      price: 10000,
      note: null,
      periodType: "month",
      months: 1,
      days: null,
      periodLabel: "1ヶ月",
      createdAt: "2026-01-01T00:00:00+09:00",
    };
    const locality = {
      "@id": "/api/adv/publishment_localities/2",
      id: 2,
      name: "渋谷区",
      region: { "@id": "/api/adv/publishment_regions/1", id: 1, name: "東京都" },
      blogUrl: "https://shibuya.example",
      wpRestUrl: null,
      wpRestUser: null,
      hasWpRestPassword: true,
      gaAccount: null,
      gaProperty: null,
      gaProfile: null,
    };
    server.use(
      answer("/api/adv/message_boxes", [section3("message", message)]),
      answer("/api/adv/publishment_courses", [section3("course", course)]),
      answer("/api/adv/publishment_localities", [section3("locality", locality)]),
    );
    const messages = await listMessages(client(), 1, 1, 10);
    expect(messages.member[0]).toMatchObject({ sender: "administrator", subject: "承認しました" });
    expect((await listCourses(client())).member[0]).toMatchObject({ name: "1ヶ月コース" });
    const [area] = await getAdminLocalities(client());
    expect(area).toMatchObject({ name: "渋谷区", region: { name: "東京都" } });
    // Whether a WordPress password is stored is our API's extension: unknown reads as not set.
    expect(area!.hasWpRestPassword).toBe(false);

    // §3 lists the password itself: it says one is stored, and goes no further than the parse.
    server.use(
      answer("/api/adv/publishment_localities", [
        section3("locality", { ...locality, wpRestPassword: "app-password" }),
      ]),
    );
    const [withPassword] = await getAdminLocalities(client());
    expect(withPassword!.hasWpRestPassword).toBe(true);
    expect(JSON.stringify(withPassword)).not.toContain("app-password");
  });

  it("prices an order by its course when the order has no price of its own (the payment page)", async () => {
    const stripped = section3("post", {
      ...fullPost,
      publishmentOrder: {
        ...(fullPost.publishmentOrder as Record<string, unknown>),
        course: "/api/adv/publishment_courses/1",
      },
    });
    server.use(
      answer("/api/adv/posts/12", stripped),
      answer("/api/adv/publishment_courses/1", {
        "@id": "/api/adv/publishment_courses/1",
        id: 1,
        name: "1ヶ月コース",
        price: 12000,
      }),
    );
    const order = (await getPost(client(), 12)).publishmentOrder!;
    expect(order.price).toBeUndefined();
    expect(await orderPrice(client(), order)).toBe(12000);
    // Our reference API's own price (the price when ordered) wins where it is given.
    expect(await orderPrice(client(), { ...order, price: 10000 })).toBe(10000);
  });
});
