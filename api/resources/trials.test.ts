// @vitest-environment node
// The public trial form's calls (ADR 0012): quarantined anonymous uploads and their expiry,
// posts/validate_trial, advertiser_entries/validate_trial and validate_email, and
// posts/create_trial (one transaction, replay by the trial key, honeypot, nested violations).
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  advertisements,
  auditLogs,
  clients,
  jobs,
  mediaObjects,
  publishmentOrders,
  trialSubmissions,
  userLogins,
} from "../db/schema";
import { runStep } from "../publishing/steps";
import { outboxMails, TEST_NOW } from "../testing/db";
import { trialEntry } from "../testing/accounts";
import { body, demo, get, login, loginShop, postJson, uploadPng } from "../testing/http";
import { variantPath } from "./media-images";
import { violationMap } from "../testing/violations";
import { openDemoApiWithMedia, type TestApi } from "../testing/demo-api";

let api: TestApi;
let dir: string;
let shop: string, admin: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ api, dir, shop, admin, close } = await openDemoApiWithMedia("trials"));
});
afterAll(() => close());

const DAY = 24 * 60 * 60 * 1000;
const newKey = () => randomBytes(32).toString("base64url");
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const mediaIri = (id: number) => `/api/adv/media_objects/${id}`;

// Each call comes from its own address, so the abuse limits (trials-limits.test.ts) stay apart.
let addresses = 0;
const nextAddress = () => `198.51.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const upload = (key: string | null, token?: string) =>
  uploadPng(api.app, {
    "X-Forwarded-For": nextAddress(),
    ...(key !== null ? { "X-Trial-Key": key } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  });

/** Uploads `count` images under `key`; answers their ids. */
async function uploads(key: string, count = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const response = await upload(key);
    expect(response.status).toBe(201);
    ids.push((await body(response)).id);
  }
  return ids;
}

function call(route: string, payload: unknown, key: string | null) {
  return api.app.request(route, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": nextAddress(),
      ...(key !== null ? { "X-Trial-Key": key } : {}),
    },
    body: JSON.stringify(payload),
  });
}

const adFields = (images: number[], eyeCatch = images[0]!) => ({
  title: "新メニューのご案内",
  ...Object.fromEntries(images.map((id, i) => [`image${i + 1}`, mediaIri(id)])),
  eyeCatch: mediaIri(eyeCatch),
  body1: "本文です。",
  storeName: "テスト食堂",
  storeAddress: "東京都渋谷区渋谷2-2-2",
  storeTel: "03-1234-5678",
});

let emails = 0;
const nextEmail = () => `trial${++emails}@example.com`;

const trial = (images: number[], email = nextEmail(), publishmentOrder: unknown = null) => ({
  advertisement: adFields(images),
  advertiserEntry: trialEntry(email),
  publishmentOrder,
});

const createTrial = (payload: unknown, key: string | null) =>
  call("/api/adv/posts/create_trial", payload, key);

const mediaRow = async (id: number) =>
  (await api.db.select().from(mediaObjects).where(eq(mediaObjects.id, id)))[0];
const loginsWith = async (email: string) =>
  api.db
    .select()
    .from(userLogins)
    .where(sql`lower(${userLogins.email}) = lower(${email})`);
const mailsTo = async (email: string) => (await outboxMails(api.db)).filter((m) => m.to === email);
const count = async (table: typeof clients | typeof advertisements | typeof publishmentOrders) =>
  (await api.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Every file of a stored upload: the original and its list and page copies. */
const filesOf = (contentUrl: string) => {
  const name = contentUrl.slice("/media/".length);
  return [name, variantPath(name, "list"), variantPath(name, "page")].map((f) => path.join(dir, f));
};

async function runQuarantineJob(mediaId: number) {
  const [job] = await api.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `quarantine_expiry:${mediaId}`));
  expect(job).toBeDefined();
  await runStep(api.deps, job!);
  return job!;
}

describe("anonymous upload into quarantine", () => {
  test("without a token, only a well-formed trial key is let in", async () => {
    expect((await upload(null)).status).toBe(401);
    expect((await upload("too-short")).status).toBe(401);
    expect((await upload(`${newKey().slice(0, 42)}!`)).status).toBe(401);
  });

  test("the file has no owner, the key's hash, a 24 h expiry and its expiry job", async () => {
    const key = newKey();
    const response = await upload(key);
    expect(response.status).toBe(201);
    const media = await body(response);
    expect(media.contentUrl).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    const row = await mediaRow(media.id);
    expect(row).toMatchObject({
      clientId: null,
      trialKeyHash: sha256(key),
      quarantineExpiresAt: new Date(TEST_NOW.getTime() + DAY),
    });
    const [job] = await api.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `quarantine_expiry:${media.id}`));
    expect(job).toMatchObject({
      kind: "quarantine_expiry",
      runAt: new Date(TEST_NOW.getTime() + DAY),
      doneAt: null,
    });
    // Its URL works, so the confirm phase can show it.
    expect((await get(api.app, media.contentUrl)).status).toBe(200);
  });

  test("an advertiser's upload with a key is an ordinary upload", async () => {
    const response = await upload(newKey(), shop);
    expect(response.status).toBe(201);
    const row = await mediaRow((await body(response)).id);
    expect(row).toMatchObject({ clientId: 1, trialKeyHash: null, quarantineExpiresAt: null });
  });
});

// A file one may not use is a relation API Platform's lookup does not find: a 400
// `Item not found for "/api/adv/media_objects/…".` (api-platform/core
// src/Serializer/AbstractItemNormalizer.php, denormalizeRelation()).
describe("quarantined files are unusable by every other write", () => {
  test("an advertiser's POST and PUT posts, and an administrator's edit, see it as unknown", async () => {
    const [id] = await uploads(newKey());
    const ad = { ...adFields([id!]) };
    const refused = await postJson(api.app, "/api/adv/posts/validate", ad, shop);
    expect(refused.status).toBe(400);
    expect((await body(refused))["hydra:description"]).toBe(
      `Item not found for "/api/adv/media_objects/${id}".`,
    );
    expect((await postJson(api.app, "/api/adv/posts", ad, shop)).status).toBe(400);
    // The control: the same ad with the shop's own upload is accepted.
    const mine = (await body(await upload(null, shop))).id;
    expect((await postJson(api.app, "/api/adv/posts", adFields([mine]), shop)).status).toBe(201);
    const put = (token: string) =>
      api.app.request("/api/adv/posts/1", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(ad),
      });
    expect((await put(shop)).status).toBe(400);
    expect((await put(admin)).status).toBe(400);
    // Nothing took it.
    expect(await mediaRow(id!)).toMatchObject({ clientId: null, trialKeyHash: expect.any(String) });
  });

  test("another trial key cannot validate with it or claim it", async () => {
    const [id] = await uploads(newKey());
    const other = newKey();
    expect((await call("/api/adv/posts/validate_trial", adFields([id!]), other)).status).toBe(400);
    const email = nextEmail();
    const response = await createTrial(trial([id!], email), other);
    expect(response.status).toBe(400);
    expect(await loginsWith(email)).toEqual([]);
    expect(await mediaRow(id!)).toMatchObject({ clientId: null, trialKeyHash: expect.any(String) });
  });
});

describe("an advertiser continues a trial's draft (issue 30): POST posts with the trial's key", () => {
  const create = (ad: unknown, token: string, key: string | null) =>
    api.app.request("/api/adv/posts", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${token}`,
        ...(key !== null ? { "X-Trial-Key": key } : {}),
      },
      body: JSON.stringify(ad),
    });

  test("the key's uploads are accepted and claimed for the advertiser; the job then keeps them", async () => {
    const key = newKey();
    const [first, second] = await uploads(key, 2);
    const ad = adFields([first!, second!], second!);
    const checked = await api.app.request("/api/adv/posts/validate", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${shop}`,
        "X-Trial-Key": key,
      },
      body: JSON.stringify(ad),
    });
    expect(checked.status).toBe(204);
    const response = await create(ad, shop, key);
    expect(response.status).toBe(201);
    const post = await body(response);
    expect(post.image2["@id"]).toBe(mediaIri(second!));
    expect(post.eyeCatch["@id"]).toBe(mediaIri(second!));
    const [shopClient] = await api.db
      .select({ id: advertisements.ownerId })
      .from(advertisements)
      .where(eq(advertisements.id, post.id));
    for (const id of [first!, second!]) {
      expect(await mediaRow(id)).toMatchObject({
        clientId: shopClient!.id,
        trialKeyHash: null,
        quarantineExpiresAt: null,
      });
    }
    api.setNow(new Date(TEST_NOW.getTime() + DAY + 1000));
    try {
      await runQuarantineJob(first!);
    } finally {
      api.setNow(TEST_NOW);
    }
    expect(await mediaRow(first!)).toBeDefined();
  });

  test("another key, no key, an expired quarantine or an administrator: the file stays unknown", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const ad = adFields([id!]);
    expect((await create(ad, shop, newKey())).status).toBe(400);
    expect((await create(ad, shop, null)).status).toBe(400);
    expect((await create({ ...ad, owner: "/api/adv/clients/1" }, admin, key)).status).toBe(400);
    api.setNow(new Date(TEST_NOW.getTime() + DAY));
    try {
      // A token of that later time: the shop's first one has expired by then.
      const later = (await loginShop(api.app)).token;
      expect((await create(ad, later, key)).status).toBe(400);
    } finally {
      api.setNow(TEST_NOW);
    }
    expect(await mediaRow(id!)).toMatchObject({ clientId: null, trialKeyHash: sha256(key) });
  });
});

describe("the quarantine_expiry job", () => {
  test("after 24 h it deletes an unclaimed upload's row and its three files", async () => {
    const key = newKey();
    const media = await body(await upload(key));
    const files = filesOf(media.contentUrl);
    expect(files.map(existsSync)).toEqual([true, true, true]);
    api.setNow(new Date(TEST_NOW.getTime() + DAY));
    try {
      await runQuarantineJob(media.id);
    } finally {
      api.setNow(TEST_NOW);
    }
    expect(await mediaRow(media.id)).toBeUndefined();
    expect(files.map(existsSync)).toEqual([false, false, false]);
    expect((await get(api.app, media.contentUrl)).status).toBe(404);
  });

  test("an expired upload can no longer be validated or claimed, even before the job ran", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    api.setNow(new Date(TEST_NOW.getTime() + DAY));
    try {
      expect((await call("/api/adv/posts/validate_trial", adFields([id!]), key)).status).toBe(400);
      expect((await createTrial(trial([id!]), key)).status).toBe(400);
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("a claimed file survives it", async () => {
    const key = newKey();
    const media = await body(await upload(key));
    expect((await createTrial(trial([media.id]), key)).status).toBe(201);
    api.setNow(new Date(TEST_NOW.getTime() + DAY + 1000));
    try {
      await runQuarantineJob(media.id);
    } finally {
      api.setNow(TEST_NOW);
    }
    expect(await mediaRow(media.id)).toMatchObject({ trialKeyHash: null });
    expect(filesOf(media.contentUrl).map(existsSync)).toEqual([true, true, true]);
  });
});

describe("POST /api/adv/posts/validate_trial", () => {
  test("the key's own uploads: 204, and nothing is claimed", async () => {
    const key = newKey();
    const ids = await uploads(key, 2);
    const response = await call("/api/adv/posts/validate_trial", adFields(ids, ids[1]), key);
    expect(response.status).toBe(204);
    expect(await mediaRow(ids[0]!)).toMatchObject({ clientId: null, trialKeyHash: sha256(key) });
  });

  test("the ad rules of posts/validate, with the bare property paths", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const response = await call(
      "/api/adv/posts/validate_trial",
      { image2: mediaIri(id!), eyeCatch: mediaIri(id!), link1Title: "メニュー" },
      key,
    );
    expect(await violationMap(response)).toEqual({
      title: "入力してください。",
      image1: "入力してください。",
      body1: "入力してください。",
      storeName: "入力してください。",
      storeAddress: "入力してください。",
      storeTel: "入力してください。",
      link1Url: "入力してください。",
    });
    const eyeCatch = await call(
      "/api/adv/posts/validate_trial",
      { ...adFields([id!]), eyeCatch: mediaIri((await uploads(key))[0]!) },
      key,
    );
    expect(await violationMap(eyeCatch)).toEqual({
      eyeCatch: "アイキャッチ画像は登録した画像から選択してください。",
    });
  });

  test("without a trial key: 400", async () => {
    const response = await call("/api/adv/posts/validate_trial", adFields([]), null);
    expect(response.status).toBe(400);
    expect((await body(response))["@type"]).toBe("hydra:Error");
  });
});

describe("POST /api/adv/advertiser_entries/validate_trial and validate_email", () => {
  test("validate_trial: the registration rules without passwords; the address by format only", async () => {
    const ok = await call(
      "/api/adv/advertiser_entries/validate_trial",
      trialEntry(demo.shop.email),
      null,
    );
    expect(ok.status).toBe(204);
    const response = await call(
      "/api/adv/advertiser_entries/validate_trial",
      { email: "not-an-address", zipCode: "12" },
      null,
    );
    expect(await violationMap(response)).toEqual({
      email: "メールアドレスの形式が正しくありません。",
      companyName: "入力してください。",
      personInCharge: "入力してください。",
      tel: "入力してください。",
      zipCode: expect.any(String),
      prefecture: "選択してください。",
      city: "入力してください。",
      address: "入力してください。",
    });
  });

  test("validate_email: 204 for a free address, 422 notUnique on email for a taken one", async () => {
    expect(
      (await call("/api/adv/advertiser_entries/validate_email", { email: nextEmail() }, null))
        .status,
    ).toBe(204);
    const taken = await call(
      "/api/adv/advertiser_entries/validate_email",
      { email: demo.shop.email.toUpperCase() },
      null,
    );
    expect(taken.status).toBe(422);
    expect((await body(taken)).violations).toEqual([
      {
        propertyPath: "email",
        message: "このメールアドレスは既に登録されています。",
        code: "23bd9dbf-6b9b-41cd-a99e-4844bcf3077f",
      },
    ]);
    expect(
      await violationMap(
        await call("/api/adv/advertiser_entries/validate_email", { email: "x@" }, null),
      ),
    ).toEqual({ email: "メールアドレスの形式が正しくありません。" });
  });
});

describe("POST /api/adv/posts/create_trial", () => {
  test("makes the login, the client and the ad, claims the images, mails the password", async () => {
    const key = newKey();
    const ids = await uploads(key, 2);
    const email = nextEmail();
    const payload = trial(ids, email);
    // Read-only on save, whatever these say (a named owner is refused: see below).
    Object.assign(payload.advertisement, {
      eyeCatch: mediaIri(ids[1]!),
      publicAdvertisement: { postStatus: "public" },
      publishmentOrder: "/api/adv/publishment_orders/1",
    });
    const response = await createTrial(payload, key);
    expect(response.status).toBe(201);
    const created = await body(response);
    expect(created).toEqual({
      "@context": "/api/contexts/Post",
      "@id": `/api/adv/posts/${created.id}`,
      "@type": "Post",
      id: expect.any(Number),
    });
    expect(response.headers.get("Location")).toBe(`/api/adv/posts/${created.id}`);

    const [loginRow] = await loginsWith(email);
    expect(loginRow).toMatchObject({ role: "advertiser", isTemporaryPassword: true });
    const [client] = await api.db
      .select()
      .from(clients)
      .where(eq(clients.userLoginId, loginRow!.id));
    expect(client).toMatchObject({ companyName: "株式会社トライアル", isAutoConfirmable: false });
    const [ad] = await api.db
      .select()
      .from(advertisements)
      .where(eq(advertisements.id, created.id));
    expect(ad).toMatchObject({
      ownerId: client!.id,
      image1Id: ids[0],
      image2Id: ids[1],
      eyeCatchId: ids[1],
      title: "新メニューのご案内",
    });
    for (const id of ids) {
      expect(await mediaRow(id)).toMatchObject({
        clientId: client!.id,
        trialKeyHash: null,
        quarantineExpiresAt: null,
      });
    }
    expect(
      await api.db
        .select()
        .from(publishmentOrders)
        .where(eq(publishmentOrders.advertisementId, created.id)),
    ).toEqual([]);

    const [mail] = await mailsTo(email);
    expect(mail!.body.split("\n")[0]).toBe("お店News 広告管理からのお知らせです。");
    const password = /仮パスワード: (\S+)/.exec(mail!.body)?.[1];
    expect(password).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16}$/);
    const { token } = await login(api.app, email, password!);
    const own = await get(api.app, `/api/adv/posts/${created.id}`, token);
    expect(own.status).toBe(200);
    expect((await body(own)).eyeCatch["@id"]).toBe(mediaIri(ids[1]!));
    const me = await body(await get(api.app, `/api/adv/user_logins/${loginRow!.id}`, token));
    expect(me.isTemporaryPassword).toBe(true);

    const [audit] = await api.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, "trial.create"), eq(auditLogs.advertisementId, created.id)));
    expect(audit).toMatchObject({
      actorUserLoginId: loginRow!.id,
      target: `/api/adv/posts/${created.id}`,
    });
    const [submission] = await api.db
      .select()
      .from(trialSubmissions)
      .where(eq(trialSubmissions.keyHash, sha256(key)));
    expect(submission).toMatchObject({ clientId: client!.id, advertisementId: created.id });
  });

  test("with a locality, the order: status new, payment none, from today + 2 days (Tokyo)", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const order = (publishesAt: string) => ({
      locality: "/api/adv/publishment_localities/2",
      course: "/api/adv/publishment_courses/1",
      publishesAt,
    });
    // 12:00 in Tokyo on 15 June: the advertiser's form would allow the 16th, the trial's not.
    expect(
      await violationMap(await createTrial(trial([id!], nextEmail(), order("2025-06-16")), key)),
    ).toEqual({
      "publishmentOrder.publishesAt": "掲載開始日は2025/06/17以降を選択してください。",
    });
    const email = nextEmail();
    const response = await createTrial(trial([id!], email, order("2025-06-17")), key);
    expect(response.status).toBe(201);
    const { id: adId } = await body(response);
    const [row] = await api.db
      .select()
      .from(publishmentOrders)
      .where(eq(publishmentOrders.advertisementId, adId));
    expect(row).toMatchObject({
      regionId: 1,
      localityId: 2,
      courseId: 1,
      publishmentStatus: "new",
      paymentStatus: "none",
      paymentType: "none",
      publishesAt: new Date("2025-06-16T15:00:00Z"),
    });
  });

  test("an order part names its area by IRI: a blank locality or region is a 400, null or absent region is the locality's", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const order = (area: Record<string, unknown>) => ({
      course: "/api/adv/publishment_courses/1",
      publishesAt: "2025-06-17",
      ...area,
    });
    // api-platform/core AbstractItemNormalizer::denormalizeRelation: a string is an IRI, and ""
    // matches no item route, so `Invalid IRI "".` (see strictness.test.ts).
    for (const area of [
      { locality: "" },
      { region: "", locality: "/api/adv/publishment_localities/2" },
    ]) {
      const response = await createTrial(trial([id!], nextEmail(), order(area)), key);
      expect(response.status).toBe(400);
      const error = await body(response);
      expect(error.detail ?? error["hydra:description"]).toBe('Invalid IRI "".');
    }
    const response = await createTrial(
      trial(
        [id!],
        nextEmail(),
        order({ region: null, locality: "/api/adv/publishment_localities/2" }),
      ),
      key,
    );
    expect(response.status).toBe(201);
  });

  test("the trial's earliest start follows the injected clock's Tokyo date", async () => {
    // 01:00 in Tokyo on 16 June: today + 2 is the 18th (the advertiser's rule would say the 17th).
    api.setNow(new Date("2025-06-15T16:00:00Z"));
    try {
      const key = newKey();
      const [id] = await uploads(key);
      const order = (publishesAt: string) => ({
        region: "/api/adv/publishment_regions/1",
        locality: "/api/adv/publishment_localities/2",
        course: "/api/adv/publishment_courses/1",
        publishesAt,
      });
      expect(
        await violationMap(await createTrial(trial([id!], nextEmail(), order("2025-06-17")), key)),
      ).toEqual({
        "publishmentOrder.publishesAt": "掲載開始日は2025/06/18以降を選択してください。",
      });
      expect((await createTrial(trial([id!], nextEmail(), order("2025-06-18")), key)).status).toBe(
        201,
      );
    } finally {
      api.setNow(TEST_NOW);
    }
  });

  test("violations of every part at once, on nested property paths", async () => {
    const key = newKey();
    const response = await createTrial(
      {
        advertisement: { title: "タイトル" },
        advertiserEntry: { ...trialEntry("bad"), city: "" },
        publishmentOrder: { locality: "/api/adv/publishment_localities/2" },
      },
      key,
    );
    expect(await violationMap(response)).toEqual({
      "advertisement.image1": "入力してください。",
      "advertisement.body1": "入力してください。",
      "advertisement.storeName": "入力してください。",
      "advertisement.storeAddress": "入力してください。",
      "advertisement.storeTel": "入力してください。",
      "advertisement.eyeCatch": "選択してください。",
      "advertiserEntry.email": "メールアドレスの形式が正しくありません。",
      "advertiserEntry.city": "入力してください。",
      "publishmentOrder.course": "選択してください。",
      "publishmentOrder.publishesAt": "入力してください。",
    });
  });

  test("a taken address: 422 on advertiserEntry.email, nothing made, the images kept", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const clientsBefore = await count(clients);
    const response = await createTrial(trial([id!], demo.shop.email), key);
    expect(await violationMap(response)).toEqual({
      "advertiserEntry.email": "このメールアドレスは既に登録されています。",
    });
    expect(await count(clients)).toBe(clientsBefore);
    expect(await mediaRow(id!)).toMatchObject({ trialKeyHash: sha256(key) });
    // The key was not used up: the corrected form goes through.
    expect((await createTrial(trial([id!]), key)).status).toBe(201);
  });

  test("two trials of one address at once: one account, the other gets the 422", async () => {
    const email = nextEmail();
    const [a, b] = [newKey(), newKey()];
    const [ia, ib] = [(await uploads(a))[0]!, (await uploads(b))[0]!];
    const responses = await Promise.all([
      createTrial(trial([ia], email), a),
      createTrial(trial([ib], email), b),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 422]);
    const loser = responses.find((r) => r.status === 422)!;
    expect(Object.keys(await violationMap(loser))).toEqual(["advertiserEntry.email"]);
    expect(await loginsWith(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test("the same key again replays the first answer (200, same id): one account, one mail", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const email = nextEmail();
    const first = await createTrial(trial([id!], email), key);
    expect(first.status).toBe(201);
    const created = await body(first);
    const again = await createTrial(trial([id!], email), key);
    expect(again.status).toBe(200);
    expect(await body(again)).toEqual(created);
    expect(await loginsWith(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test("two submissions of one key at once: one account, both answers name the same ad", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const email = nextEmail();
    const adsBefore = await count(advertisements);
    const responses = await Promise.all([
      createTrial(trial([id!], email), key),
      createTrial(trial([id!], email), key),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    const [x, y] = await Promise.all(responses.map(body));
    expect(x.id).toBe(y.id);
    expect(await loginsWith(email)).toHaveLength(1);
    expect(await count(advertisements)).toBe(adsBefore + 1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  test("one transaction: a failure at the last step (the audit row) leaves nothing behind", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const email = nextEmail();
    const before = {
      clients: await count(clients),
      ads: await count(advertisements),
      orders: await count(publishmentOrders),
    };
    await api.db.execute(sql`
      create function fail_trial_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'trial.create' then raise exception 'audit refused (test)'; end if;
        return new;
      end $$`);
    await api.db.execute(sql`
      create trigger fail_trial_audit before insert on audit_logs
        for each row execute function fail_trial_audit()`);
    const order = {
      locality: "/api/adv/publishment_localities/2",
      course: "/api/adv/publishment_courses/1",
      publishesAt: "2025-06-20",
    };
    let response: Response;
    try {
      response = await createTrial(trial([id!], email, order), key);
    } finally {
      await api.db.execute(sql`drop trigger fail_trial_audit on audit_logs`);
      await api.db.execute(sql`drop function fail_trial_audit()`);
    }
    expect(response.status).toBe(500);
    expect(await loginsWith(email)).toEqual([]);
    expect({
      clients: await count(clients),
      ads: await count(advertisements),
      orders: await count(publishmentOrders),
    }).toEqual(before);
    expect(await mediaRow(id!)).toMatchObject({ clientId: null, trialKeyHash: sha256(key) });
    expect(
      await api.db
        .select()
        .from(trialSubmissions)
        .where(eq(trialSubmissions.keyHash, sha256(key))),
    ).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    // Nothing was used up: the same submission now goes through.
    expect((await createTrial(trial([id!], email, order), key)).status).toBe(201);
  });

  test("the honeypot: a filled fax is answered 201 with id null, and nothing is made", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const email = nextEmail();
    const payload = trial([id!], email);
    const clientsBefore = await count(clients);
    for (const k of [key, null]) {
      const response = await createTrial(
        { ...payload, advertiserEntry: { ...payload.advertiserEntry, fax: "03-0000-0000" } },
        k,
      );
      expect(response.status).toBe(201);
      expect((await body(response)).id).toBeNull();
    }
    expect(await loginsWith(email)).toEqual([]);
    expect(await count(clients)).toBe(clientsBefore);
    expect(await mailsTo(email)).toEqual([]);
    expect(await mediaRow(id!)).toMatchObject({ trialKeyHash: sha256(key) });
  });

  test("an ad naming an owner is refused (403): a trial visitor has no advertiser yet", async () => {
    const key = newKey();
    const [id] = await uploads(key);
    const email = nextEmail();
    const payload = trial([id!], email);
    const named = { ...payload.advertisement, owner: "/api/adv/clients/1" };
    const validated = await call("/api/adv/posts/validate_trial", named, key);
    expect(validated.status).toBe(403);
    const response = await createTrial({ ...payload, advertisement: named }, key);
    expect(response.status).toBe(403);
    expect(await body(response)).toMatchObject({ "hydra:description": "Access Denied." });
    expect(await loginsWith(email)).toEqual([]);
    // Without it, the owner is the account the trial makes.
    const created = await createTrial(payload, key);
    expect(created.status).toBe(201);
    const [login] = await loginsWith(email);
    const [owner] = await api.db
      .select({ userLoginId: clients.userLoginId })
      .from(advertisements)
      .innerJoin(clients, eq(clients.id, advertisements.ownerId))
      .where(eq(advertisements.id, (await body(created)).id));
    expect(owner!.userLoginId).toBe(login!.id);
  });

  test("without a well-formed trial key: 400 hydra error", async () => {
    for (const k of [null, "short"]) {
      const response = await createTrial(trial([]), k);
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({
        "@type": "hydra:Error",
        "hydra:description": "A trial needs its key (X-Trial-Key).",
      });
    }
  });
});
