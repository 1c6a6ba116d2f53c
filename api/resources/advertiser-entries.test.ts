// @vitest-environment node
// Public registration: POST /api/adv/advertiser_entries/validate and /api/adv/advertiser_entries.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clients, userLogins } from "../db/schema";
import { isUniqueViolation } from "../validation";
import { createTestApi, outboxMails } from "../testing/db";
import { body, claimsOf, get, login, loginShop, postJson } from "../testing/http";
import { CONTACT_DETAILS_REQUIRED, violationMap } from "../testing/violations";
import { advertiserEntry } from "../testing/accounts";

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const entry = advertiserEntry();

const validate = (payload: unknown) =>
  postJson(api.app, "/api/adv/advertiser_entries/validate", payload);

/** The violations of a 422 as propertyPath → message. */
const loginCount = async () => (await api.db.select().from(userLogins)).length;

describe("POST /api/adv/advertiser_entries/validate", () => {
  test("a valid entry is 204 No Content, without a token, and stores nothing", async () => {
    const before = await loginCount();
    const response = await validate(entry);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(await loginCount()).toBe(before);
  });

  test("every field is required, all reported at once in field order", async () => {
    const response = await validate({});
    const list = await body(response.clone());
    expect(list.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual([
      "email",
      "newPassword",
      "newPasswordConfirm",
      "companyName",
      "personInCharge",
      "tel",
      "zipCode",
      "prefecture",
      "city",
      "address",
    ]);
    expect(list.violations[0].code).toBe("c1051bb4-d103-4f74-8988-acbcafc7fdc3");
    expect(await violationMap(response)).toEqual({
      email: "入力してください。",
      newPassword: "入力してください。",
      newPasswordConfirm: "入力してください。",
      ...CONTACT_DETAILS_REQUIRED,
    });
  });

  test("blank strings and nulls count as missing", async () => {
    const violations = await violationMap(
      await validate({ ...entry, companyName: "   ", city: null, address: "\u3000" }),
    );
    expect(violations).toEqual({
      companyName: "入力してください。",
      city: "入力してください。",
      address: "入力してください。",
    });
  });

  test.each([
    [
      "a malformed email",
      { email: "not-an-email" },
      { email: "メールアドレスの形式が正しくありません。" },
    ],
    [
      "a registered email, compared case-insensitively",
      { email: "SHOP@Example.com" },
      { email: "このメールアドレスは既に登録されています。" },
    ],
    [
      "a password shorter than 8 characters",
      { newPassword: "short12", newPasswordConfirm: "short12" },
      { newPassword: "8文字以上で入力してください。" },
    ],
    [
      "a confirmation that differs",
      { newPasswordConfirm: "new-shop-passwort" },
      { newPasswordConfirm: "パスワードが一致しません。" },
    ],
    [
      "a telephone number with 9 digits",
      { tel: "03-123-456" },
      { tel: "電話番号の形式が正しくありません。" },
    ],
    [
      "a telephone number with 12 digits",
      { tel: "090-1234-56789" },
      { tel: "電話番号の形式が正しくありません。" },
    ],
    [
      "letters in the telephone number",
      { tel: "03-ABCD-5678" },
      { tel: "電話番号の形式が正しくありません。" },
    ],
    [
      "a postal code of 6 digits",
      { zipCode: "150-000" },
      { zipCode: "郵便番号はハイフンなしの7桁の数字で入力してください。" },
    ],
    [
      "a company name over 255 characters",
      { companyName: "株".repeat(256) },
      { companyName: "255文字以内で入力してください。" },
    ],
    [
      "an address over 255 characters",
      { address: "a".repeat(256) },
      { address: "255文字以内で入力してください。" },
    ],
  ])("%s", async (_, change, expected) => {
    expect(await violationMap(await validate({ ...entry, ...change }))).toEqual(expected);
  });

  test("several problems at once", async () => {
    expect(
      await violationMap(
        await validate({
          ...entry,
          email: "shop@example.com",
          newPassword: "short",
          newPasswordConfirm: "shorter",
          tel: "123",
        }),
      ),
    ).toEqual({
      email: "このメールアドレスは既に登録されています。",
      newPassword: "8文字以上で入力してください。",
      newPasswordConfirm: "パスワードが一致しません。",
      tel: "電話番号の形式が正しくありません。",
    });
  });

  test("255 characters, full-width digits and hyphens are accepted", async () => {
    const response = await validate({
      ...entry,
      companyName: "株".repeat(255),
      tel: "０９０－１２３４－５６７８",
      zipCode: "１５０－０００２",
    });
    expect(response.status).toBe(204);
  });

  // The prefecture is a relation: API Platform refuses anything but an existing one's IRI before
  // it validates (api-platform/core src/Serializer/AbstractItemNormalizer.php,
  // denormalizeRelation(): `Invalid IRI "%s".`, the ItemNotFoundException's `Item not found for
  // "%s".`, `Nested documents for attribute "%s" are not allowed. Use IRIs instead.`).
  test.each([
    ["an IRI of another collection", "/api/adv/clients/13", 'Invalid IRI "/api/adv/clients/13".'],
    [
      "an unknown prefecture",
      "/api/adv/prefectures/48",
      'Item not found for "/api/adv/prefectures/48".',
    ],
    [
      "an embedded object",
      { "@id": "/api/adv/prefectures/13", name: "東京都" },
      'Nested documents for attribute "prefecture" are not allowed. Use IRIs instead.',
    ],
  ])("%s as the prefecture is a 400", async (_, prefecture, message) => {
    const response = await validate({ ...entry, prefecture });
    expect(response.status).toBe(400);
    expect((await response.json())["hydra:description"]).toBe(message);
  });

  // SPEC §3: the prefecture is given by name, chosen from a list; the IRI is still taken.
  test("a prefecture's name is taken as the IRI is", async () => {
    expect((await validate({ ...entry, prefecture: "東京都" })).status).toBe(204);
    expect((await validate({ ...entry, prefecture: " 大阪府 " })).status).toBe(204);
  });

  test.each([
    ["an unknown name", "大阪"],
    ["a bare id", "13"],
  ])("%s as the prefecture is a 422 on prefecture", async (_, prefecture) => {
    const response = await validate({ ...entry, prefecture });
    expect(await violationMap(response)).toEqual({ prefecture: "正しい選択肢ではありません。" });
  });

  test("an invalid JSON body is a 400", async () => {
    const response = await api.app.request("/api/adv/advertiser_entries/validate", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/adv/advertiser_entries", () => {
  test("a registration naming its prefecture stores that prefecture", async () => {
    const response = await postJson(api.app, "/api/adv/advertiser_entries", {
      ...entry,
      email: "by-name@example.com",
      prefecture: "北海道",
    });
    expect(response.status).toBe(201);
    expect((await body(response)).prefecture).toMatchObject({
      "@id": "/api/adv/prefectures/1",
      name: "北海道",
    });
  });

  test("creates the login and the client, answers 201 with the client, and the new account logs in", async () => {
    const response = await postJson(api.app, "/api/adv/advertiser_entries", {
      ...entry,
      zipCode: "１５０－０００２",
      tel: "０３－９８７６－５４３２",
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("Content-Type")).toContain("application/ld+json");
    const client = await body(response);
    expect(response.headers.get("Location")).toBe(client["@id"]);
    expect(client).toEqual({
      "@context": "/api/contexts/Client",
      "@id": `/api/adv/clients/${client.id}`,
      "@type": "Client",
      id: client.id,
      companyName: "株式会社テスト商会",
      personInCharge: "佐藤 太郎",
      tel: "03-9876-5432",
      zipCode: "1500002",
      prefecture: {
        "@id": "/api/adv/prefectures/13",
        "@type": "Prefecture",
        id: 13,
        name: "東京都",
      },
      city: "渋谷区",
      address: "渋谷2-2-2",
      owner: {
        "@id": `/api/adv/user_logins/${client.owner.id}`,
        "@type": "UserLogin",
        id: client.owner.id,
        username: "new-shop@example.com",
        email: "new-shop@example.com",
        isTemporaryPassword: false,
      },
      isAutoConfirmable: false,
      isDeleted: false,
    });

    const pair = await login(api.app, "new-shop@example.com", "new-shop-password");
    expect(claimsOf(pair.token)).toMatchObject({
      roles: ["ROLE_ADVERTISER"],
      username: "new-shop@example.com",
      user_login_id: client.owner.id,
      advertiser: client.id,
    });
    expect((await get(api.app, client["@id"], pair.token)).status).toBe(200);
    // The password is stored as an argon2 hash, never as typed.
    const [stored] = await api.db
      .select()
      .from(userLogins)
      .where(eq(userLogins.id, client.owner.id));
    expect(stored!.role).toBe("advertiser");
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  test("writes a welcome mail with the company name and the login page, never the password", async () => {
    const mails = (await outboxMails(api.db)).filter((m) => m.to === "new-shop@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("【お店News】広告主登録が完了しました");
    expect(mail!.body).toContain("株式会社テスト商会");
    expect(mail!.body).toContain("ログインページ: {loginUrl}");
    expect(mail!.body).not.toContain("new-shop-password");
  });

  test("the same email again, in another case, is a 422 and creates nothing", async () => {
    const before = await loginCount();
    const response = await postJson(api.app, "/api/adv/advertiser_entries", {
      ...entry,
      email: "New-Shop@Example.COM",
    });
    expect(await violationMap(response)).toEqual({
      email: "このメールアドレスは既に登録されています。",
    });
    expect(await loginCount()).toBe(before);
  });

  test("an invalid entry is a 422 and creates nothing", async () => {
    const before = await loginCount();
    const clientsBefore = (await api.db.select().from(clients)).length;
    const response = await postJson(api.app, "/api/adv/advertiser_entries", {
      ...entry,
      email: "another@example.com",
      newPasswordConfirm: "different",
    });
    expect(await violationMap(response)).toEqual({
      newPasswordConfirm: "パスワードが一致しません。",
    });
    expect(await loginCount()).toBe(before);
    expect((await api.db.select().from(clients)).length).toBe(clientsBefore);
  });

  test("two registrations of one address at once: one succeeds, the other is a 422", async () => {
    const payload = { ...entry, email: "race@example.com" };
    const responses = await Promise.all([
      postJson(api.app, "/api/adv/advertiser_entries", payload),
      postJson(api.app, "/api/adv/advertiser_entries", payload),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 422]);
  });

  test("the unique index's error is recognised through Drizzle's wrapper", async () => {
    const error = await api.db
      .insert(userLogins)
      .values({ email: "SHOP@example.com", passwordHash: "x", role: "advertiser" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error("other"))).toBe(false);
  });

  test("is public, but other calls on the collection are not", async () => {
    // A known path with another method is a 405 for anyone: Symfony routes before the firewall
    // runs (symfony/http-kernel src/EventListener/RouterListener.php, "Method Not Allowed").
    const { token } = await loginShop(api.app);
    expect((await get(api.app, "/api/adv/advertiser_entries")).status).toBe(405);
    expect((await get(api.app, "/api/adv/advertiser_entries", token)).status).toBe(405);
  });
});
