// @vitest-environment node
// Administering areas: POST /api/adv/publishment_localities/validate, POST, PUT and GET one.
// The WordPress application password is write-only and sealed at rest (ADR 0011), stays with its
// URL's origin, and the URL may not point at this machine or a private network (outbound guard).
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createOutboundGuard, type HostLookup } from "../adapters/outbound-guard";
import { auditLogs, publishmentLocalities } from "../db/schema";
import { createTestApi } from "../testing/db";
import { body, get, loginAdmin, postJson } from "../testing/http";
import { openDemoApi, type TestApi } from "../testing/demo-api";

let api: TestApi;
let admin: string, shop: string;
/** The tests' DNS: the WordPress hosts on public addresses, an intranet name, the rest unknown. */
const dns: HostLookup = async (hostname) => {
  const address = {
    "wp.example.jp": "93.184.215.14",
    "wp2.example.jp": "93.184.215.15",
    "intranet.example.jp": "10.0.0.5",
  }[hostname];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return [{ address, family: 4 }];
};

beforeAll(async () => {
  ({ api, admin, shop } = await openDemoApi({
    outboundGuard: createOutboundGuard({ lookup: dns }),
  }));
});
afterAll(() => api.close());

const SECRET = "abcd EFGH ijkl MNOP";

const area = {
  region: "/api/adv/publishment_regions/1",
  name: "テスト区",
  blogUrl: "https://test-ku.example.jp/",
  wpRestUrl: "",
  wpRestUser: "",
  wpRestPassword: "",
  gaAccount: "UA-1",
  gaProperty: "",
  gaProfile: "",
};

function putJson(path: string, payload: unknown, token?: string) {
  return api.app.request(path, {
    method: "PUT",
    headers: {
      "Content-Type": "application/ld+json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(payload),
  });
}

async function violationsOf(response: Response): Promise<Record<string, string>> {
  const text = await response.text();
  expect(response.status, text).toBe(422);
  expect(text).not.toContain(SECRET);
  return Object.fromEntries(
    (
      JSON.parse(text) as { violations: { propertyPath: string; message: string }[] }
    ).violations.map((v) => [v.propertyPath, v.message]),
  );
}

async function create(payload: Record<string, unknown>) {
  const response = await postJson(api.app, "/api/adv/publishment_localities", payload, admin);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  expect(text).not.toContain(SECRET);
  return JSON.parse(text) as Record<string, unknown> & { id: number; "@id": string };
}

const storedRow = async (id: number) =>
  (await api.db.select().from(publishmentLocalities).where(eq(publishmentLocalities.id, id)))[0]!;

const lastAudit = async () =>
  (await api.db.select().from(auditLogs).orderBy(desc(auditLogs.id)).limit(1))[0]!;

describe("POST /api/adv/publishment_localities/validate", () => {
  const validate = (payload: unknown, token = admin) =>
    postJson(api.app, "/api/adv/publishment_localities/validate", payload, token);

  test("a valid area is 204 and nothing is stored", async () => {
    const before = await api.db.select().from(publishmentLocalities);
    expect((await validate(area)).status).toBe(204);
    expect(await api.db.select().from(publishmentLocalities)).toHaveLength(before.length);
  });

  test("region and name are required; URLs must be http(s); lengths are limited", async () => {
    const errors = await violationsOf(
      await validate({
        name: " ",
        blogUrl: "ftp://example.jp/",
        wpRestUrl: "not a url",
        gaAccount: "x".repeat(256),
      }),
    );
    expect(errors).toEqual({
      region: "選択してください。",
      name: "入力してください。",
      blogUrl: "http:// または https:// で始まるURLを入力してください。",
      wpRestUrl: "http:// または https:// で始まるURLを入力してください。",
      gaAccount: "255文字以内で入力してください。",
    });
    expect(await violationsOf(await validate({ ...area, name: "あ".repeat(101) }))).toEqual({
      name: "100文字以内で入力してください。",
    });
  });

  test("the region must be an existing region's IRI: a 400 otherwise", async () => {
    // api-platform/core src/Serializer/AbstractItemNormalizer.php (denormalizeRelation).
    for (const [region, message] of [
      [
        "/api/adv/publishment_regions/999",
        'Item not found for "/api/adv/publishment_regions/999".',
      ],
      ["1", 'Invalid IRI "1".'],
    ]) {
      const response = await validate({ ...area, region });
      expect(response.status).toBe(400);
      expect((await response.json())["hydra:description"]).toBe(message);
    }
  });

  test("WordPress settings come as a set", async () => {
    expect(
      await violationsOf(await validate({ ...area, wpRestUrl: "https://wp.example.jp/" })),
    ).toEqual({
      wpRestUser: "WordPressのURLを入力したときは、ユーザー名も入力してください。",
      wpRestPassword:
        "WordPressのURLを入力したときは、アプリケーションパスワードも入力してください。",
    });
    expect(
      await violationsOf(await validate({ ...area, wpRestUser: "editor", wpRestPassword: SECRET })),
    ).toEqual({
      wpRestUrl: "ユーザー名・パスワードを使うときは、WordPressのURLも入力してください。",
    });
    const complete = {
      ...area,
      wpRestUrl: "https://wp.example.jp/",
      wpRestUser: "editor",
      wpRestPassword: SECRET,
    };
    expect((await validate(complete)).status).toBe(204);
  });

  test("with the id of an area that has a password, the password may be left blank", async () => {
    const created = await create({
      ...area,
      name: "検証区",
      wpRestUrl: "https://wp.example.jp/",
      wpRestUser: "editor",
      wpRestPassword: SECRET,
    });
    const edit = { ...area, wpRestUrl: "https://wp.example.jp/", wpRestUser: "editor" };
    expect((await validate({ ...edit, id: created.id })).status).toBe(204);
    expect((await validate({ ...edit, "@id": created["@id"] })).status).toBe(204);
    expect(Object.keys(await violationsOf(await validate(edit)))).toEqual(["wpRestPassword"]);
  });

  test("the confirm step asks for the password again when the URL moves to another host", async () => {
    const created = await create({
      ...area,
      name: "移転区",
      wpRestUrl: "https://wp.example.jp/",
      wpRestUser: "editor",
      wpRestPassword: SECRET,
    });
    const moved = { ...area, wpRestUrl: "https://wp2.example.jp/", wpRestUser: "editor" };
    expect(await violationsOf(await validate({ ...moved, id: created.id }))).toEqual({
      wpRestPassword:
        "WordPressのURLの接続先が変わったため、アプリケーションパスワードをもう一度入力してください。",
    });
    expect((await validate({ ...moved, id: created.id, wpRestPassword: SECRET })).status).toBe(204);
  });

  test("administrators only", async () => {
    expect((await validate(area, shop)).status).toBe(403);
    expect((await postJson(api.app, "/api/adv/publishment_localities/validate", area)).status).toBe(
      401,
    );
  });
});

describe("POST /api/adv/publishment_localities", () => {
  test("creates the area (201, JSON-LD), blanks stored as null, with an audit row", async () => {
    const created = await create({ ...area, name: " 新設区 " });
    expect(created).toMatchObject({
      "@type": "PublishmentLocality",
      "@id": `/api/adv/publishment_localities/${created.id}`,
      name: "新設区",
      region: { "@id": "/api/adv/publishment_regions/1", id: 1 },
      blogUrl: "https://test-ku.example.jp/",
      wpRestUrl: null,
      wpRestUser: null,
      hasWpRestPassword: false,
      gaAccount: "UA-1",
      gaProperty: null,
    });
    expect(created).not.toHaveProperty("wpRestPassword");
    const row = await storedRow(created.id);
    expect(row).toMatchObject({ regionId: 1, gaProfile: null, wpRestPassword: null });
    const audit = await lastAudit();
    expect(audit).toMatchObject({
      action: "locality.create",
      target: created["@id"],
    });
    expect(audit.changes).toMatchObject({
      name: { before: null, after: "新設区" },
      regionId: { before: null, after: 1 },
    });
    expect(audit.changes).not.toHaveProperty("wpRestPassword");
  });

  test("a password is stored sealed and never answered", async () => {
    const created = await create({
      ...area,
      name: "封印区",
      wpRestUrl: "https://wp.example.jp/",
      wpRestUser: "editor",
      wpRestPassword: SECRET,
    });
    expect(created.hasWpRestPassword).toBe(true);
    const row = await storedRow(created.id);
    expect(row.wpRestPassword).toMatch(/^v1\./);
    expect(row.wpRestPassword).not.toContain(SECRET);
    expect(api.config.secrets.open(row.wpRestPassword!)).toBe(SECRET);
    const audit = await lastAudit();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(JSON.stringify(audit)).not.toContain(row.wpRestPassword);
    expect(audit.changes).toMatchObject({ wpRestPassword: { before: null, after: "(変更あり)" } });

    for (const path of [
      `/api/adv/publishment_localities/${created.id}`,
      "/api/adv/publishment_localities",
    ]) {
      for (const token of [admin, shop]) {
        const text = await (await get(api.app, path, token)).text();
        expect(text).toContain("封印区");
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(row.wpRestPassword);
        expect(text).not.toContain("wpRestPassword");
      }
    }
  });

  test("invalid input is 422 and stores nothing; advertisers and anonymous callers are refused", async () => {
    const before = (await api.db.select().from(publishmentLocalities)).length;
    const response = await postJson(
      api.app,
      "/api/adv/publishment_localities",
      { ...area, name: "", wpRestUser: "editor", wpRestPassword: SECRET },
      admin,
    );
    expect(Object.keys(await violationsOf(response))).toEqual(["name", "wpRestUrl"]);
    expect((await postJson(api.app, "/api/adv/publishment_localities", area, shop)).status).toBe(
      403,
    );
    expect((await postJson(api.app, "/api/adv/publishment_localities", area)).status).toBe(401);
    expect(await api.db.select().from(publishmentLocalities)).toHaveLength(before);
  });
});

describe("PUT /api/adv/publishment_localities/{id}", () => {
  const wordpress = {
    ...area,
    name: "更新区",
    wpRestUrl: "https://wp.example.jp/",
    wpRestUser: "editor",
  };

  test("a full update; a blank or absent password keeps the stored one", async () => {
    const created = await create({ ...wordpress, wpRestPassword: SECRET });
    const sealed = (await storedRow(created.id)).wpRestPassword;

    const response = await putJson(
      created["@id"],
      { ...wordpress, name: "更新後区", region: "/api/adv/publishment_regions/2", gaAccount: "" },
      admin,
    );
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toMatchObject({
      name: "更新後区",
      region: { id: 2 },
      gaAccount: null,
      hasWpRestPassword: true,
    });
    expect((await storedRow(created.id)).wpRestPassword).toBe(sealed);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "locality.update", target: created["@id"] });
    expect(audit.changes).toEqual({
      name: { before: "更新区", after: "更新後区" },
      regionId: { before: 1, after: 2 },
      gaAccount: { before: "UA-1", after: null },
    });

    const { wpRestPassword: _absent, ...withoutPassword } = wordpress;
    expect((await putJson(created["@id"], withoutPassword, admin)).status).toBe(200);
    expect((await storedRow(created.id)).wpRestPassword).toBe(sealed);

    const after = await (await get(api.app, created["@id"], admin)).text();
    expect(after).not.toContain(SECRET);
    expect(JSON.parse(after)).toMatchObject({ hasWpRestPassword: true, name: "更新区" });
  });

  test("a new password replaces the stored one, sealed; the audit says only that it changed", async () => {
    const created = await create({ ...wordpress, wpRestPassword: SECRET });
    const response = await putJson(
      created["@id"],
      { ...wordpress, wpRestPassword: "new secret 1234" },
      admin,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("new secret 1234");
    const row = await storedRow(created.id);
    expect(row.wpRestPassword).not.toContain("new secret 1234");
    expect(api.config.secrets.open(row.wpRestPassword!)).toBe("new secret 1234");
    const audit = await lastAudit();
    expect(audit.changes).toEqual({
      wpRestPassword: { before: "(設定あり)", after: "(変更あり)" },
    });
    expect(JSON.stringify(audit)).not.toContain("new secret 1234");
  });

  test("a URL on another origin never takes the stored password along: it must be typed again", async () => {
    const created = await create({ ...wordpress, wpRestPassword: SECRET });
    const sealed = (await storedRow(created.id)).wpRestPassword;
    // Another host, another scheme, another port: each is someone else's server.
    for (const wpRestUrl of [
      "https://wp2.example.jp/",
      "http://wp.example.jp/",
      "https://wp.example.jp:8443/",
    ]) {
      expect(
        await violationsOf(await putJson(created["@id"], { ...wordpress, wpRestUrl }, admin)),
      ).toEqual({
        wpRestPassword:
          "WordPressのURLの接続先が変わったため、アプリケーションパスワードをもう一度入力してください。",
      });
      expect(await storedRow(created.id)).toMatchObject({
        wpRestUrl: "https://wp.example.jp/",
        wpRestPassword: sealed,
      });
    }

    // Another path on the same origin keeps it.
    const samePlace = { ...wordpress, wpRestUrl: "https://wp.example.jp/blog/wp-json" };
    expect((await putJson(created["@id"], samePlace, admin)).status).toBe(200);
    expect((await storedRow(created.id)).wpRestPassword).toBe(sealed);

    // Typed again with the new URL, it is the new host's password.
    const moved = {
      ...wordpress,
      wpRestUrl: "https://wp2.example.jp/",
      wpRestPassword: "new host 5678",
    };
    const response = await putJson(created["@id"], moved, admin);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      wpRestUrl: "https://wp2.example.jp/",
      hasWpRestPassword: true,
    });
    expect(api.config.secrets.open((await storedRow(created.id)).wpRestPassword!)).toBe(
      "new host 5678",
    );
  });

  test("clearing the WordPress URL clears the whole set, password included", async () => {
    const created = await create({ ...wordpress, wpRestPassword: SECRET });
    const response = await putJson(created["@id"], { ...area, name: "更新区" }, admin);
    expect(await body(response)).toMatchObject({
      wpRestUrl: null,
      wpRestUser: null,
      hasWpRestPassword: false,
    });
    expect(await storedRow(created.id)).toMatchObject({
      wpRestUrl: null,
      wpRestUser: null,
      wpRestPassword: null,
    });
    expect((await lastAudit()).changes).toMatchObject({
      wpRestPassword: { before: "(設定あり)", after: null },
    });
  });

  test("invalid input is 422 and changes nothing; unknown ids 404; advertisers refused", async () => {
    const created = await create({ ...area, name: "不変区" });
    expect(
      Object.keys(await violationsOf(await putJson(created["@id"], { ...area, name: "" }, admin))),
    ).toEqual(["name"]);
    expect((await storedRow(created.id)).name).toBe("不変区");
    expect((await putJson("/api/adv/publishment_localities/99999", area, admin)).status).toBe(404);
    expect((await putJson(created["@id"], { ...area, name: "乗っ取り" }, shop)).status).toBe(403);
    expect((await putJson(created["@id"], { ...area, name: "乗っ取り" })).status).toBe(401);
    expect((await storedRow(created.id)).name).toBe("不変区");
  });
});

describe("a WordPress URL on this machine or a private network", () => {
  const REFUSED = "このURLには接続できません（社内・ローカルのアドレスは指定できません）。";
  const withUrl = (wpRestUrl: string) => ({
    ...area,
    name: "内向き区",
    wpRestUrl,
    wpRestUser: "editor",
    wpRestPassword: SECRET,
  });

  test.each([
    "http://127.0.0.1/wp-json",
    "http://localhost:8080/wp-json",
    "http://[::1]/wp-json",
    "http://0x7f000001/wp-json",
    "http://2130706433/wp-json",
    "http://[::ffff:127.0.0.1]/wp-json",
    "http://169.254.169.254/latest/meta-data/",
    "http://192.168.1.10/wp-json",
    "https://intranet.example.jp/wp-json",
  ])("%s is refused beside the URL and nothing is stored", async (url) => {
    const before = (await api.db.select().from(publishmentLocalities)).length;
    const response = await postJson(
      api.app,
      "/api/adv/publishment_localities",
      withUrl(url),
      admin,
    );
    expect(await violationsOf(response)).toEqual({ wpRestUrl: REFUSED });
    expect(await api.db.select().from(publishmentLocalities)).toHaveLength(before);
  });

  test("the confirm step and an update refuse it too", async () => {
    const created = await create(withUrl("https://wp.example.jp/"));
    expect(
      await violationsOf(
        await postJson(
          api.app,
          "/api/adv/publishment_localities/validate",
          { ...withUrl("http://10.0.0.8/"), id: created.id },
          admin,
        ),
      ),
    ).toEqual({ wpRestUrl: REFUSED });
    expect(
      await violationsOf(await putJson(created["@id"], withUrl("http://10.0.0.8/"), admin)),
    ).toEqual({ wpRestUrl: REFUSED });
    expect((await storedRow(created.id)).wpRestUrl).toBe("https://wp.example.jp/");
  });

  test("a host DNS does not know (yet) is saved: the sync checks again when it connects", async () => {
    expect((await create(withUrl("https://new-site.example.jp/wp-json"))).wpRestUrl).toBe(
      "https://new-site.example.jp/wp-json",
    );
  });

  test("WP_ALLOWED_HOSTS lets the named host (and port) through", async () => {
    const allowing = await createTestApi({ env: { WP_ALLOWED_HOSTS: "127.0.0.1:8080" } });
    try {
      const token = (await loginAdmin(allowing.app)).token;
      const post = (url: string) =>
        postJson(allowing.app, "/api/adv/publishment_localities", withUrl(url), token);
      expect((await post("http://127.0.0.1:8080/wp-json")).status).toBe(201);
      expect(await violationsOf(await post("http://127.0.0.1:8081/wp-json"))).toEqual({
        wpRestUrl: REFUSED,
      });
    } finally {
      await allowing.close();
    }
  });
});

describe("GET the area catalogue without a token (the trial form's sales link)", () => {
  test("anyone reads a locality's name and region, never its settings; a token still shows them", async () => {
    const created = await create({
      ...area,
      name: "公開区",
      wpRestUrl: "https://wp.example.jp/",
      wpRestUser: "editor",
      wpRestPassword: SECRET,
    });
    const anonymous = await get(api.app, created["@id"]);
    const text = await anonymous.text();
    expect(anonymous.status, text).toBe(200);
    const seen = JSON.parse(text) as Record<string, unknown>;
    expect(seen).toMatchObject({ name: "公開区", region: { id: 1 } });
    for (const setting of ["wpRestUrl", "wpRestUser", "hasWpRestPassword", "gaAccount"]) {
      expect(seen).not.toHaveProperty(setting);
    }
    expect((await get(api.app, "/api/adv/publishment_localities")).status).toBe(200);
    expect((await get(api.app, "/api/adv/publishment_courses/1")).status).toBe(200);
    expect(JSON.parse(await (await get(api.app, created["@id"], admin)).text())).toMatchObject({
      wpRestUser: "editor",
      hasWpRestPassword: true,
    });
    // A token that is not valid is refused, even on a public read: the caller must refresh it.
    expect((await get(api.app, created["@id"], "not-a-token")).status).toBe(401);
  });
});
