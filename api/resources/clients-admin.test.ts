// @vitest-environment node
// Administering advertisers (ADR 0011): the clients collection, auto-approval on/off, and the
// soft delete that ends the login at once and takes the ads off the site.
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { siteAdPath, siteLocalityPath } from "../../shared/site-paths";
import { advertisements, auditLogs, authSessions, clients, jobs, userLogins } from "../db/schema";
import { reconcile } from "../publishing/reconcile";
import { body, get, login, placeOrder, postJson } from "../testing/http";
import { insertLocality, insertSiteAd } from "../testing/site-ads";
import { freshAdvertiser } from "../testing/accounts";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string;
beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi());
});
afterAll(() => api.close());

const call = (method: "PUT" | "DELETE", path: string, token?: string) =>
  api.app.request(path, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

/** A fresh advertiser of its own, logged in. */
async function newAdvertiser(name = "テスト") {
  const user = await freshAdvertiser(api.db, "adv-admin", { companyName: name });
  return { ...user, ...(await login(api.app, user.email, user.password)) };
}

const list = async (query: string, token = admin) => {
  const response = await get(api.app, `/api/adv/clients?${query}`, token);
  expect(response.status).toBe(200);
  return body(response);
};
const ids = (collection: { "hydra:member": { id: number }[] }) =>
  collection["hydra:member"].map((m) => m.id);

describe("GET /api/adv/clients", () => {
  // A batch of its own: one insert of 301 logins and one of their clients (no password hashing).
  const MARK = "一括登録";
  beforeAll(async () => {
    const logins = await api.db
      .insert(userLogins)
      .values(
        Array.from({ length: 301 }, (_, i) => ({
          email: `bulk${String(i).padStart(3, "0")}@Bulk.example.com`,
          passwordHash: "x",
          role: "advertiser" as const,
        })),
      )
      .returning({ id: userLogins.id });
    await api.db.insert(clients).values(
      logins.map((l, i) => ({
        userLoginId: l.id,
        companyName: `${MARK}${String(i).padStart(3, "0")}商店`,
        personInCharge: i % 2 === 0 ? "偶数 担当" : "奇数 担当",
        tel: "03-0000-0000",
        zipCode: "1000001",
        prefectureId: 13,
        city: "千代田区",
        address: "千代田1-1",
        isDeleted: i === 300,
      })),
    );
  });

  test("administrators only: advertisers get 403, anonymous callers 401", async () => {
    const denied = await get(api.app, "/api/adv/clients", shop);
    expect(denied.status).toBe(403);
    expect((await body(denied))["@type"]).toBe("hydra:Error");
    expect((await get(api.app, "/api/adv/clients")).status).toBe(401);
  });

  test("300 a page by default, id desc, with hydra:view paging that keeps the filters", async () => {
    const first = await list(`companyName=${encodeURIComponent(MARK)}`);
    expect(first["@type"]).toBe("hydra:Collection");
    expect(first["hydra:totalItems"]).toBe(301);
    expect(first["hydra:member"]).toHaveLength(300);
    const firstIds = ids(first);
    expect(firstIds).toEqual([...firstIds].sort((a, b) => b - a));
    expect(first["hydra:member"][0]).toMatchObject({
      "@type": "Client",
      companyName: `${MARK}300商店`,
      owner: { email: "bulk300@Bulk.example.com" },
      isAutoConfirmable: false,
    });
    const next = first["hydra:view"]["hydra:next"];
    expect(next).toBe(`/api/adv/clients?companyName=${encodeURIComponent(MARK)}&page=2`);
    const second = await list(next.split("?")[1]);
    expect(second["hydra:member"]).toHaveLength(1);
    expect(second["hydra:member"][0].companyName).toBe(`${MARK}000商店`);
    expect(second["hydra:view"]["hydra:next"]).toBeUndefined();
  });

  test("itemsPerPage up to 300", async () => {
    const q = `companyName=${encodeURIComponent(MARK)}`;
    expect((await list(`${q}&itemsPerPage=10`))["hydra:member"]).toHaveLength(10);
    expect((await list(`${q}&itemsPerPage=1000`))["hydra:member"]).toHaveLength(300);
  });

  test("isDeleted=false leaves the deleted out", async () => {
    const q = `companyName=${encodeURIComponent(MARK)}`;
    expect((await list(`${q}&isDeleted=false`))["hydra:totalItems"]).toBe(300);
    const deleted = await list(`${q}&isDeleted=true`);
    expect(deleted["hydra:member"].map((m: { companyName: string }) => m.companyName)).toEqual([
      `${MARK}300商店`,
    ]);
  });

  test("filters: id exact, the text ones case-insensitive partial, combined", async () => {
    const one = await newAdvertiser("フィルタ");
    expect(ids(await list(`id=${one.clientId}`))).toEqual([one.clientId]);
    expect(ids(await list(`id=abc`))).toEqual([]);
    expect(ids(await list(`companyName=${encodeURIComponent(`フィルタ${one.seq}`)}`))).toEqual([
      one.clientId,
    ]);
    expect(ids(await list(`owner.email=${encodeURIComponent(one.email.toUpperCase())}`))).toEqual([
      one.clientId,
    ]);
    expect((await list(`owner.email=bulk.EXAMPLE`))["hydra:totalItems"]).toBe(301);
    expect(
      (await list(`personInCharge=${encodeURIComponent("奇数")}&companyName=${MARK}`))[
        "hydra:totalItems"
      ],
    ).toBe(150);
    // LIKE wildcards are taken literally.
    expect((await list(`companyName=%25`))["hydra:totalItems"]).toBe(0);
  });

  test("order[companyName], order[owner.email], order[id]", async () => {
    const q = `companyName=${encodeURIComponent(MARK)}&itemsPerPage=3`;
    const names = (c: { "hydra:member": { companyName: string }[] }) =>
      c["hydra:member"].map((m) => m.companyName);
    expect(names(await list(`${q}&order[companyName]=asc`))).toEqual([
      `${MARK}000商店`,
      `${MARK}001商店`,
      `${MARK}002商店`,
    ]);
    expect(names(await list(`${q}&order[owner.email]=desc`))[0]).toBe(`${MARK}300商店`);
    const asc = ids(await list(`${q}&order[id]=asc`));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const byPerson = await list(`${q}&order[personInCharge]=desc`);
    expect(byPerson["hydra:member"][0].personInCharge).toBe("奇数 担当");
  });
});

describe("PUT / DELETE /api/adv/clients/{id}/auto_confirmable", () => {
  test("turning it on confirms the next application at once; off leaves it new", async () => {
    const user = await newAdvertiser();
    const newAd = async () => {
      const [ad] = await api.db
        .insert(advertisements)
        .values({ ownerId: user.clientId, title: "自動承認テスト" })
        .returning({ id: advertisements.id });
      return ad!.id;
    };
    const path = `/api/adv/clients/${user.clientId}/auto_confirmable`;

    const on = await call("PUT", path, admin);
    expect(on.status).toBe(200);
    expect(await body(on)).toMatchObject({ id: user.clientId, isAutoConfirmable: true });
    expect((await placeOrder(api.app, user.token, await newAd())).publishmentStatus).toBe(
      "confirmed",
    );

    const off = await call("DELETE", path, admin);
    expect(off.status).toBe(200);
    expect((await body(off)).isAutoConfirmable).toBe(false);
    expect((await placeOrder(api.app, user.token, await newAd())).publishmentStatus).toBe("new");

    const audit = await api.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.target, `/api/adv/clients/${user.clientId}`));
    expect(audit.map((a) => [a.action, a.changes])).toEqual([
      ["client.auto_confirmable", { isAutoConfirmable: { before: false, after: true } }],
      ["client.auto_confirmable", { isAutoConfirmable: { before: true, after: false } }],
    ]);
  });

  test("administrators only; an unknown client is 404", async () => {
    const user = await newAdvertiser();
    const path = `/api/adv/clients/${user.clientId}/auto_confirmable`;
    expect((await call("PUT", path, user.token)).status).toBe(403);
    expect((await call("DELETE", path, user.token)).status).toBe(403);
    expect((await call("PUT", path)).status).toBe(401);
    expect((await call("PUT", "/api/adv/clients/99999/auto_confirmable", admin)).status).toBe(404);
    expect(
      (await body(await get(api.app, `/api/adv/clients/${user.clientId}`, admin)))
        .isAutoConfirmable,
    ).toBe(false);
  });
});

describe("DELETE /api/adv/clients/{id}", () => {
  test("soft delete: tokens issued before stop at once, refresh refused, login refused", async () => {
    const user = await newAdvertiser();
    expect((await get(api.app, "/api/adv/posts", user.token)).status).toBe(200);
    const impersonation = await body(
      await postJson(
        api.app,
        `/api/adv/switch_user?to=${encodeURIComponent(user.email)}`,
        {},
        admin,
      ),
    );

    const response = await call("DELETE", `/api/adv/clients/${user.clientId}`, admin);
    expect(response.status).toBe(204);

    // The sessions themselves are ended (not only refused while the client is deleted).
    const live = await api.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(eq(authSessions.userLoginId, user.userLoginId), isNull(authSessions.revokedAt)));
    expect(live).toEqual([]);

    for (const token of [user.token, impersonation.token]) {
      const after = await get(api.app, "/api/adv/posts", token);
      expect(after.status).toBe(401);
    }
    for (const refreshToken of [user.refresh_token, impersonation.refresh_token]) {
      const refreshed = await postJson(api.app, "/api/authentication_token/refresh", {
        refresh_token: refreshToken,
      });
      expect(refreshed.status).toBe(401);
    }
    const relogin = await postJson(api.app, "/api/authentication_token", {
      email: user.email,
      password: user.password,
    });
    expect(relogin.status).toBe(401);
    const switched = await postJson(
      api.app,
      `/api/adv/switch_user?to=${encodeURIComponent(user.email)}`,
      {},
      admin,
    );
    expect(switched.status).toBe(404);

    const client = await body(await get(api.app, `/api/adv/clients/${user.clientId}`, admin));
    expect(client.isDeleted).toBe(true);
    const audit = await api.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.target, `/api/adv/clients/${user.clientId}`),
          eq(auditLogs.action, "client.delete"),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  test("deleting twice is an idempotent 204 that records nothing more", async () => {
    const user = await newAdvertiser();
    const path = `/api/adv/clients/${user.clientId}`;
    expect((await call("DELETE", path, admin)).status).toBe(204);
    expect((await call("DELETE", path, admin)).status).toBe(204);
    const [row] = await api.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(eq(auditLogs.target, path));
    expect(row!.n).toBe(1);
    expect((await call("DELETE", "/api/adv/clients/99999", admin)).status).toBe(404);
  });

  test("administrators only: the advertiser itself cannot delete itself", async () => {
    const user = await newAdvertiser();
    expect((await call("DELETE", `/api/adv/clients/${user.clientId}`, user.token)).status).toBe(
      403,
    );
    expect((await call("DELETE", `/api/adv/clients/${user.clientId}`)).status).toBe(401);
    expect((await get(api.app, "/api/adv/posts", user.token)).status).toBe(200);
  });

  test("a live ad leaves the built-in site, a sync job is queued, and reconcile withdraws it", async () => {
    const user = await newAdvertiser();
    const locality = await insertLocality(api.db, "削除テスト町");
    const adId = await insertSiteAd(api.db, {
      ownerId: user.clientId,
      localityId: locality,
      title: "消える広告",
      start: "2025-06-01",
      end: "2025-06-30",
    });
    const page = () => api.app.request(siteLocalityPath(locality));
    expect(await (await page()).text()).toContain("消える広告");
    expect((await api.app.request(siteAdPath(locality, adId))).status).toBe(200);

    expect((await call("DELETE", `/api/adv/clients/${user.clientId}`, admin)).status).toBe(204);

    expect(await (await page()).text()).not.toContain("消える広告");
    expect((await api.app.request(siteAdPath(locality, adId))).status).toBe(404);
    const queued = await api.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.advertisementId, adId), eq(jobs.kind, "sync")));
    expect(queued).toHaveLength(1);

    await reconcile(api.deps, adId);
    const post = await body(await get(api.app, `/api/adv/posts/${adId}`, admin));
    expect(post.publicAdvertisement.postStatus).toBe("not_synced");
  });
});
