// @vitest-environment node
// The publication job queue (ADR 0010) with an injected clock: each step runs at its time and not
// before, a step of a period that is no longer the order's does nothing, a failure is retried with
// backoff, and a new worker (a restarted process) picks up what was left.
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { PublishError, type Publisher } from "../adapters/publisher";
import { sitePublisher } from "../adapters/publisher-site";
import { dailyReports, jobs, messageBoxes, publicAdvertisements } from "../db/schema";
import { createTestApi, outboxMails, TEST_NOW } from "../testing/db";
import { loginAdmin, loginShop, patchJson, placeOrder } from "../testing/http";
import { createJobWorker, JOB_LEASE_MS } from "./jobs";

type Api = Awaited<ReturnType<typeof createTestApi>>;

let api: Api;
let failures = 0;
const publishes: number[] = [];

beforeAll(async () => {
  api = await createTestApi({
    publisherFor: (_locality, deps): Publisher => {
      const site = sitePublisher(deps.config);
      return {
        kind: "site",
        async publish(ad, previous) {
          publishes.push(ad.advertisementId);
          if (failures > 0) {
            failures -= 1;
            throw new PublishError("一時的なエラー (temporary)");
          }
          return site.publish(ad, previous);
        },
        unpublish: site.unpublish,
      };
    },
  });
});
afterAll(() => api.close());
afterEach(() => api.setNow(TEST_NOW));

const at = (iso: string) => new Date(iso);
const worker = () => createJobWorker({ deps: api.deps, log: () => {} });

async function tokens() {
  return { admin: (await loginAdmin(api.app)).token, shop: (await loginShop(api.app)).token };
}

/** Orders ad `adId` from 2025-07-01 (one month: to 2025-08-01), approves it and marks it paid. */
async function publish(adId: number) {
  const { admin, shop } = await tokens();
  const order = await placeOrder(api.app, shop, adId, "2025-07-01");
  await patchJson(
    api.app,
    `/api/adv/publishment_orders/${order.id}/confirm`,
    { publishesAt: "2025-07-01" },
    admin,
  );
  await patchJson(
    api.app,
    `/api/adv/publishment_orders/${order.id}/payment`,
    { isPaid: true, paidAt: "2025-06-15", paymentType: "direct" },
    admin,
  );
  return order.id;
}

const jobsOf = (adId: number) =>
  api.db.select().from(jobs).where(eq(jobs.advertisementId, adId)).orderBy(jobs.id);
const mailSubjects = async () => (await outboxMails(api.db)).map((m) => m.subject);
const messagesOf = async (adId: number) =>
  (await api.db.select().from(messageBoxes).where(eq(messageBoxes.advertisementId, adId))).map(
    (m) => m.subject,
  );

describe("the steps of a period", () => {
  test("are queued once with their times", async () => {
    await publish(12);
    const steps = (await jobsOf(12)).filter((j) => j.kind !== "sync");
    expect(steps.map((j) => [j.kind, j.dedupeKey, j.runAt.toISOString()])).toEqual([
      ["mail_start", "mail_start:12:2025-07-01", at("2025-07-01T00:00:00+09:00").toISOString()],
      ["takedown", "takedown:12:2025-08-01", at("2025-08-02T00:00:00+09:00").toISOString()],
      ["mail_end", "mail_end:12:2025-08-01", at("2025-08-02T00:00:00+09:00").toISOString()],
      [
        "mail_end_soon",
        "mail_end_soon:12:2025-08-01",
        at("2025-07-25T00:00:00+09:00").toISOString(),
      ],
    ]);
  });

  test("run at their times and not before", async () => {
    const w = worker();
    expect((await w.runOnce()).done).toBeGreaterThan(0); // the sync, now
    expect(
      (
        await api.db
          .select()
          .from(publicAdvertisements)
          .where(eq(publicAdvertisements.advertisementId, 12))
      )[0]!.postStatus,
    ).toBe("public");
    const before = (await mailSubjects()).length;

    api.setNow(at("2025-06-30T23:59:59+09:00"));
    await w.runOnce();
    expect((await mailSubjects()).length).toBe(before);

    api.setNow(at("2025-07-01T00:00:00+09:00"));
    await w.runOnce();
    expect((await mailSubjects()).slice(before)).toEqual([
      expect.stringContaining("掲載を開始しました"),
    ]);
    expect(await messagesOf(12)).toContain("掲載を開始しました");

    api.setNow(at("2025-07-24T23:59:59+09:00"));
    await w.runOnce();
    expect(await messagesOf(12)).not.toContain("掲載終了の7日前になりました");
    api.setNow(at("2025-07-25T00:00:00+09:00"));
    await w.runOnce();
    expect(await messagesOf(12)).toContain("掲載終了の7日前になりました");

    await api.db.insert(dailyReports).values([
      { advertisementId: 12, date: "2025-07-01", imp: 100, clk: 3, pv: 5, link1: 1 },
      { advertisementId: 12, date: "2025-08-01", imp: 300, clk: 1, pv: 2, link2: 2, link3: 1 },
      // Outside the period: not counted.
      { advertisementId: 12, date: "2025-08-02", imp: 999, clk: 99, pv: 99 },
    ]);
    api.setNow(at("2025-08-01T23:59:59+09:00"));
    await w.runOnce();
    expect(await messagesOf(12)).not.toContain("掲載が終了しました");
    api.setNow(at("2025-08-02T00:00:00+09:00"));
    await w.runOnce();
    const ended = (await outboxMails(api.db)).find((m) => m.subject.includes("掲載が終了しました"));
    expect(ended!.body.split("\n")[0]).toBe("お店News 広告管理からのお知らせです。");
    expect(ended!.body).toContain("表示回数: 400");
    expect(ended!.body).toContain("クリック数: 4");
    expect(ended!.body).toContain("クリック率: 1.00%");
    expect(ended!.body).toContain("ページビュー: 7");
    expect(ended!.body).toContain("リンククリック数: 4");
    expect((await jobsOf(12)).every((j) => j.doneAt !== null)).toBe(true);

    // Done is done: another run sends nothing again.
    const count = (await mailSubjects()).length;
    await w.runOnce();
    expect((await mailSubjects()).length).toBe(count);
    api.setNow(TEST_NOW);
  });

  test("a step of a period that is no longer the order's does nothing", async () => {
    const orderId = await publish(13);
    await worker().runOnce();
    const { admin } = await tokens();
    const moved = await patchJson(
      api.app,
      `/api/adv/publishment_orders/${orderId}/publishes_at`,
      { publishesAt: "2025-07-10" },
      admin,
    );
    expect(moved.status).toBe(200);
    const starts = (await jobsOf(13)).filter((j) => j.kind === "mail_start");
    expect(starts.map((j) => j.dedupeKey)).toEqual([
      "mail_start:13:2025-07-01",
      "mail_start:13:2025-07-10",
    ]);

    api.setNow(at("2025-07-01T00:00:00+09:00"));
    await worker().runOnce();
    expect(await messagesOf(13)).not.toContain("掲載を開始しました");
    const [stale] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, "mail_start:13:2025-07-01"));
    expect(stale!.doneAt).not.toBeNull();

    api.setNow(at("2025-07-10T00:00:00+09:00"));
    await worker().runOnce();
    expect(await messagesOf(13)).toContain("掲載を開始しました");
    api.setNow(TEST_NOW);
  });
});

describe("failures and restarts", () => {
  test("a failed sync is retried with backoff: 1 min, then 2 min", async () => {
    failures = 2;
    publishes.length = 0;
    await publish(14);
    const w = worker();
    expect((await w.runOnce()).failed).toBe(1);
    let [sync] = (await jobsOf(14)).filter((j) => j.kind === "sync");
    expect(sync).toMatchObject({ attempts: 1, doneAt: null });
    expect(sync!.lastError).toContain("sync failed");
    expect(sync!.runAt.toISOString()).toBe(new Date(TEST_NOW.getTime() + 60_000).toISOString());
    const [copy] = await api.db
      .select()
      .from(publicAdvertisements)
      .where(eq(publicAdvertisements.advertisementId, 14));
    expect(copy).toMatchObject({
      postStatus: "not_synced",
      syncError: "一時的なエラー (temporary)",
    });

    api.setNow(new Date(TEST_NOW.getTime() + 59_000));
    expect((await w.runOnce()).failed + (await w.runOnce()).done).toBe(0);
    api.setNow(new Date(TEST_NOW.getTime() + 60_000));
    expect((await w.runOnce()).failed).toBe(1);
    [sync] = (await jobsOf(14)).filter((j) => j.kind === "sync");
    expect(sync!.runAt.toISOString()).toBe(new Date(TEST_NOW.getTime() + 180_000).toISOString());

    api.setNow(new Date(TEST_NOW.getTime() + 180_000));
    expect((await w.runOnce()).done).toBe(1);
    expect(publishes).toEqual([14, 14, 14]);
    const [after] = await api.db
      .select()
      .from(publicAdvertisements)
      .where(eq(publicAdvertisements.advertisementId, 14));
    expect(after).toMatchObject({ postStatus: "public", syncError: null });
    api.setNow(TEST_NOW);
  });

  test("a new worker picks up queued jobs and, after the lease, one a crashed run left", async () => {
    await api.db
      .update(publicAdvertisements)
      .set({ postStatus: "not_synced" })
      .where(eq(publicAdvertisements.advertisementId, 14));
    const { shop } = await tokens();
    void shop;
    // Queued by the first process, which then stops before running it.
    await api.db
      .insert(jobs)
      .values({ kind: "sync", advertisementId: 14, dedupeKey: "sync:14:restart", runAt: TEST_NOW });
    // Claimed by a run that crashed: leased, never done.
    await api.db.insert(jobs).values({
      kind: "sync",
      advertisementId: 14,
      dedupeKey: "sync:14:crashed",
      runAt: new Date(TEST_NOW.getTime() + JOB_LEASE_MS),
      attempts: 1,
    });
    const first = worker();
    await first.stop();

    const second = worker();
    expect((await second.runOnce()).done).toBe(1);
    const [restarted] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, "sync:14:restart"));
    expect(restarted!.doneAt).not.toBeNull();
    const [crashed] = await api.db.select().from(jobs).where(eq(jobs.dedupeKey, "sync:14:crashed"));
    expect(crashed!.doneAt).toBeNull();

    api.setNow(new Date(TEST_NOW.getTime() + JOB_LEASE_MS));
    expect((await second.runOnce()).done).toBe(1);
    const pending = await api.db
      .select()
      .from(jobs)
      .where(and(like(jobs.dedupeKey, "sync:14:%"), eq(jobs.attempts, 0)));
    expect(pending).toEqual([]);
    api.setNow(TEST_NOW);
  });
});

test("kick runs the worker without waiting for the next poll", async () => {
  await api.db.insert(jobs).values({
    kind: "sync",
    advertisementId: 15,
    dedupeKey: "sync:15:kick",
    runAt: TEST_NOW,
  });
  const w = worker();
  w.kick(); // not started: nothing happens
  w.start(3_600_000);
  w.kick();
  await w.stop();
  const [row] = await api.db.select().from(jobs).where(eq(jobs.dedupeKey, "sync:15:kick"));
  expect(row!.doneAt).not.toBeNull();
});
