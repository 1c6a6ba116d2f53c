// @vitest-environment node
// The publication lifecycle over HTTP (ADR 0010): approved and paid → public with its post URL;
// suspend / resume and when they are refused; who may call them; the administrators' force sync,
// and a failed publish leaving not_synced with a reason only administrators see. A locality's
// WordPress on this machine is refused without a request (real servers on 127.0.0.1 record any),
// unless WP_ALLOWED_HOSTS names it; editors read a short reason, never the remote's answer.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { PublishError, type Publisher } from "../adapters/publisher";
import { sitePublisher } from "../adapters/publisher-site";
import {
  advertisements,
  auditLogs,
  messageBoxes,
  publicAdvertisements,
  publishmentLocalities,
  publishmentOrders,
} from "../db/schema";
import { createTestApi } from "../testing/db";
import { body, get, loginAdmin, loginShop, patchJson, placeOrder, postJson } from "../testing/http";
import { createJobWorker } from "./jobs";
import { openDemoApi, type TestApi } from "../testing/demo-api";

type Api = TestApi;

// Demo data: shop@ (client 1) owns drafts 12-15 (no order); TEST_NOW is 2025-06-15 12:00 JST.

/** Orders, approves (start 2025-07-01) and marks paid ad `adId`; answers the order id. */
async function publishAd(api: Api, shop: string, admin: string, adId: number) {
  const order = await placeOrder(api.app, shop, adId, "2025-07-01");
  const confirmed = await patchJson(
    api.app,
    `/api/adv/publishment_orders/${order.id}/confirm`,
    { publishesAt: "2025-07-01" },
    admin,
  );
  expect(confirmed.status).toBe(200);
  const paid = await patchJson(
    api.app,
    `/api/adv/publishment_orders/${order.id}/payment`,
    { isPaid: true, paidAt: "2025-06-15", paymentType: "direct" },
    admin,
  );
  expect(paid.status).toBe(200);
  return order.id;
}

const copyOf = async (api: Api, adId: number) => {
  const [row] = await api.db
    .select()
    .from(publicAdvertisements)
    .where(eq(publicAdvertisements.advertisementId, adId));
  return row;
};

describe("with the built-in site", () => {
  let api: Api;
  let admin: string, shop: string, other: string;

  beforeAll(async () => {
    ({ api, admin, shop, other } = await openDemoApi());
  });
  afterAll(() => api.close());

  const suspend = (id: number, token: string) =>
    postJson(api.app, `/api/adv/posts/${id}/suspend`, {}, token);
  const resume = (id: number, token: string) =>
    postJson(api.app, `/api/adv/posts/${id}/resume`, {}, token);

  test("approved and paid: the sync job makes it public with its site URL", async () => {
    await publishAd(api, shop, admin, 12);
    expect(await copyOf(api, 12)).toBeUndefined();
    const run = await createJobWorker({ deps: api.deps }).runOnce();
    expect(run.failed).toBe(0);
    const post = await body(await get(api.app, "/api/adv/posts/12", shop));
    expect(post.publicAdvertisement).toMatchObject({
      postStatus: "public",
      postUrl: "/site/1/ads/12",
    });
    expect(post.publicAdvertisement.synchronizedAt).toBe("2025-06-15T12:00:00+09:00");
    expect(post.publicAdvertisement).not.toHaveProperty("syncError");
    const asAdmin = await body(await get(api.app, "/api/adv/posts/12", admin));
    expect(asAdmin.publicAdvertisement.syncError).toBeNull();
  });

  test("the owner suspends and resumes; each writes a system message", async () => {
    const stopped = await suspend(12, shop);
    expect(stopped.status).toBe(200);
    expect((await body(stopped)).publicAdvertisement.postStatus).toBe("suspended");
    expect((await copyOf(api, 12))!.postStatus).toBe("suspended");
    // A sync while suspended keeps it suspended.
    await createJobWorker({ deps: api.deps }).runOnce();
    expect((await copyOf(api, 12))!.postStatus).toBe("suspended");

    expect((await suspend(12, shop)).status).toBe(400);
    const started = await resume(12, shop);
    expect(started.status).toBe(200);
    expect((await body(started)).publicAdvertisement.postStatus).toBe("public");
    expect((await resume(12, shop)).status).toBe(400);

    const subjects = (
      await api.db.select().from(messageBoxes).where(eq(messageBoxes.advertisementId, 12))
    ).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(["掲載を停止しました", "掲載を再開しました"]));
  });

  test("an administrator's suspend is audited", async () => {
    expect((await suspend(12, admin)).status).toBe(200);
    expect((await resume(12, admin)).status).toBe(200);
    const actions = (
      await api.db.select().from(auditLogs).where(eq(auditLogs.advertisementId, 12))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["post.suspend", "post.resume"]));
  });

  test("another advertiser gets 404; no order or not public is 400 in Japanese", async () => {
    expect((await suspend(12, other)).status).toBe(404);
    expect((await resume(12, other)).status).toBe(404);
    const refused = await suspend(13, shop);
    expect(refused.status).toBe(400);
    expect((await body(refused))["hydra:description"]).toBe("この広告は掲載停止できない状態です。");
    expect((await resume(13, shop)).status).toBe(400);
  });

  test("the end date's last second is inside the period: suspend works until 00:00 (issue 31)", async () => {
    const [order] = await api.db
      .select()
      .from(publishmentOrders)
      .where(eq(publishmentOrders.advertisementId, 12));
    const end = order!.unpublishesAt.getTime();
    expect(order!.unpublishesAt.toISOString().slice(11)).toBe("14:59:59.000Z"); // 23:59:59 JST
    try {
      api.setNow(new Date(end + 500));
      const token = (await loginShop(api.app)).token;
      expect((await suspend(12, token)).status).toBe(200);
      expect((await resume(12, token)).status).toBe(200);
      api.setNow(new Date(end + 1000)); // 00:00:00 of the next day
      expect((await suspend(12, token)).status).toBe(400);
    } finally {
      api.setNow(new Date("2025-06-15T12:00:00+09:00"));
    }
  });

  test("after the period has ended, suspend is refused and the copy stays public", async () => {
    api.setNow(new Date("2025-08-02T00:00:00+09:00"));
    try {
      await createJobWorker({ deps: api.deps }).runOnce();
      expect((await copyOf(api, 12))!.postStatus).toBe("public");
      // The morning's token has expired by then.
      const later = (await loginShop(api.app)).token;
      expect((await suspend(12, later)).status).toBe(400);
    } finally {
      api.setNow(new Date("2025-06-15T12:00:00+09:00"));
    }
  });

  test("force sync: administrators only, answers res.ok", async () => {
    const response = await postJson(api.app, "/api/adv/posts/12/sync", {}, admin);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ res: { ok: true } });
    const shopNow = (await loginShop(api.app)).token;
    expect((await postJson(api.app, "/api/adv/posts/12/sync", {}, shopNow)).status).toBe(403);
    const actions = (
      await api.db.select().from(auditLogs).where(eq(auditLogs.advertisementId, 12))
    ).map((a) => a.action);
    expect(actions).toContain("post.sync");
  });

  test("mark unpaid withdraws the copy (not_synced)", async () => {
    const [order] = await api.db.select().from(publicAdvertisements);
    expect(order).toBeDefined();
    const post = await body(await get(api.app, "/api/adv/posts/12", admin));
    const unpaid = await patchJson(
      api.app,
      `/api/adv/publishment_orders/${post.publishmentOrder.id}/payment`,
      { isPaid: false },
      admin,
    );
    expect(unpaid.status).toBe(200);
    await createJobWorker({ deps: api.deps }).runOnce();
    expect((await copyOf(api, 12))!.postStatus).toBe("not_synced");
  });
});

describe("with a failing publisher", () => {
  let api: Api;
  let admin: string, shop: string;
  let failing = true;
  const calls: string[] = [];

  beforeAll(async () => {
    api = await createTestApi({
      publisherFor: (_locality, deps): Publisher => {
        const site = sitePublisher(deps.config);
        return {
          kind: "wordpress",
          async publish(ad, previous) {
            calls.push(`publish ${ad.advertisementId}`);
            if (failing) throw new PublishError("WordPressに接続できません (HTTP 503)");
            return site.publish(ad, previous);
          },
          async unpublish(copy) {
            calls.push(`unpublish ${copy.externalId}`);
          },
        };
      },
    });
    admin = (await loginAdmin(api.app)).token;
    shop = (await loginShop(api.app)).token;
  });
  afterAll(() => api.close());

  test("sync answers ok:false; not_synced with the reason, shown to administrators only", async () => {
    await publishAd(api, shop, admin, 14);
    const response = await postJson(api.app, "/api/adv/posts/14/sync", {}, admin);
    expect(await body(response)).toEqual({ res: { ok: false } });
    const asAdmin = await body(await get(api.app, "/api/adv/posts/14", admin));
    expect(asAdmin.publicAdvertisement).toMatchObject({
      postStatus: "not_synced",
      syncError: "WordPressに接続できません (HTTP 503)",
    });
    const asShop = await body(await get(api.app, "/api/adv/posts/14", shop));
    expect(asShop.publicAdvertisement.postStatus).toBe("not_synced");
    expect(asShop.publicAdvertisement).not.toHaveProperty("syncError");
    const list = await body(await get(api.app, "/api/adv/posts", shop));
    const listed = list["hydra:member"].find((p: { id: number }) => p.id === 14);
    expect(listed.publicAdvertisement).not.toHaveProperty("syncError");

    failing = false;
    const again = await postJson(api.app, "/api/adv/posts/14/sync", {}, admin);
    expect(await body(again)).toEqual({ res: { ok: true } });
    const synced = await body(await get(api.app, "/api/adv/posts/14", admin));
    expect(synced.publicAdvertisement).toMatchObject({ postStatus: "public", syncError: null });
  });

  test("suspend takes the external copy down through the sync job", async () => {
    calls.length = 0;
    expect((await postJson(api.app, "/api/adv/posts/14/suspend", {}, shop)).status).toBe(200);
    await createJobWorker({ deps: api.deps }).runOnce();
    expect(calls).toEqual(["unpublish 14"]);
    expect((await copyOf(api, 14))!.postStatus).toBe("suspended");
  });

  test("resume puts it back; deleting the ad takes it down", async () => {
    calls.length = 0;
    expect((await postJson(api.app, "/api/adv/posts/14/resume", {}, shop)).status).toBe(200);
    await createJobWorker({ deps: api.deps }).runOnce();
    expect(calls).toEqual(["publish 14"]);
    expect((await copyOf(api, 14))!.postStatus).toBe("public");

    calls.length = 0;
    const deleted = await api.app.request("/api/adv/posts/14", {
      method: "DELETE",
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(deleted.status).toBe(204);
    await createJobWorker({ deps: api.deps }).runOnce();
    expect(calls).toEqual(["unpublish 14"]);
    expect((await copyOf(api, 14))!.postStatus).toBe("not_synced");
  });
});

type Seen = { method: string; url: string; headers: IncomingHttpHeaders };
type Reply = { status: number; headers?: Record<string, string>; json?: unknown };

/** A real HTTP server on 127.0.0.1 recording every request; `reply` says what it answers. */
async function localServer(reply: (seen: Seen) => Reply = () => ({ status: 200, json: {} })) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const one = {
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
      };
      seen.push(one);
      const answer = reply(one);
      response.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
      response.end(JSON.stringify(answer.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("with a locality's WordPress behind the outbound guard", () => {
  const PASSWORD = "abcd EFGH ijkl MNOP";
  const NOT_ALLOWED =
    "WordPress 投稿の作成: 接続先が許可されていません（社内・ローカルのアドレスには接続できません。エリア管理で URL を確認してください）";
  let api: Api;
  let admin: string;
  let reply: (seen: Seen) => Reply;
  let allowed: Awaited<ReturnType<typeof localServer>>;
  let local: Awaited<ReturnType<typeof localServer>>;
  const logged: string[] = [];

  beforeAll(async () => {
    allowed = await localServer((seen) => reply(seen));
    local = await localServer();
    // As an operator with an intranet WordPress would: only that host:port.
    api = await createTestApi({ env: { WP_ALLOWED_HOSTS: `127.0.0.1:${allowed.port}` } });
    admin = (await loginAdmin(api.app)).token;
    const shop = (await loginShop(api.app)).token;
    // Without an eye-catch the first request is the post itself (the test has no media files).
    await api.db.update(advertisements).set({ eyeCatchId: null }).where(eq(advertisements.id, 13));
    await publishAd(api, shop, admin, 13);
    vi.spyOn(console, "error").mockImplementation((line: string) => void logged.push(line));
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await api.close();
    await allowed.close();
    await local.close();
  });

  /** Locality 1 (the order's) on `url`, as a row saved before the guard existed could be. */
  const wordpressAt = (url: string) =>
    api.db
      .update(publishmentLocalities)
      .set({
        wpRestUrl: url,
        wpRestUser: "editor",
        wpRestPassword: api.config.secrets.seal(PASSWORD),
      })
      .where(eq(publishmentLocalities.id, 1));

  /** A force sync of ad 13 and what administrators read of it. */
  async function sync(): Promise<{ ok: boolean; syncError?: string | null }> {
    logged.length = 0;
    const response = await postJson(api.app, "/api/adv/posts/13/sync", {}, admin);
    const { res } = await body(response);
    const post = await body(await get(api.app, "/api/adv/posts/13", admin));
    return { ok: res.ok, ...post.publicAdvertisement };
  }

  test.each(["127.0.0.1", "localhost", "0x7f000001", "[::ffff:127.0.0.1]"])(
    "a WordPress URL on %s: no request reaches the server, editors read that it is not allowed",
    async (host) => {
      await wordpressAt(`http://${host}:${local.port}/wp-json`);
      const outcome = await sync();
      expect(outcome).toMatchObject({
        ok: false,
        postStatus: "not_synced",
        syncError: NOT_ALLOWED,
      });
      expect(local.seen).toEqual([]);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(
        /^\[api\] WordPress 投稿の作成: POST http:\/\/.* refused: loopback/,
      );
    },
  );

  test("the allowed host's error: editors read the category, the status and details go to the log", async () => {
    await wordpressAt(`http://127.0.0.1:${allowed.port}/wp-json`);
    reply = () => ({
      status: 500,
      json: { code: "db_error", message: "Table wp_posts is marked as crashed (10.0.0.3)" },
    });
    const outcome = await sync();
    expect(outcome).toMatchObject({
      ok: false,
      syncError: "WordPress 投稿の作成: WordPressがエラーを返しました",
    });
    const auth = `Basic ${Buffer.from(`editor:${PASSWORD}`).toString("base64")}`;
    expect(allowed.seen.at(-1)).toMatchObject({
      method: "POST",
      url: "/wp-json/wp/v2/posts",
      headers: { authorization: auth },
    });
    expect(logged).toEqual([
      `[api] WordPress 投稿の作成: POST http://127.0.0.1:${allowed.port}/wp-json/wp/v2/posts answered HTTP 500 db_error`,
    ]);

    reply = () => ({ status: 401, json: { code: "rest_cannot_create", message: "Sorry" } });
    expect((await sync()).syncError).toBe(
      "WordPress 投稿の作成: 認証に失敗しました（ユーザー名とアプリケーションパスワードを確認してください）",
    );
  });

  test("a redirect from the allowed host to another local port is refused before it is followed", async () => {
    await wordpressAt(`http://127.0.0.1:${allowed.port}/wp-json`);
    reply = () => ({
      status: 307,
      headers: { Location: `http://127.0.0.1:${local.port}/wp-json/wp/v2/posts` },
    });
    const outcome = await sync();
    expect(outcome).toMatchObject({ ok: false, syncError: NOT_ALLOWED });
    expect(local.seen).toEqual([]);
  });

  test("the allowed host's success makes the ad public", async () => {
    await wordpressAt(`http://127.0.0.1:${allowed.port}/wp-json`);
    reply = () => ({ status: 201, json: { id: 7, link: "https://intranet.example.jp/?p=7" } });
    const outcome = await sync();
    expect(outcome).toMatchObject({
      ok: true,
      postStatus: "public",
      postUrl: "https://intranet.example.jp/?p=7",
      syncError: null,
    });
  });
});
