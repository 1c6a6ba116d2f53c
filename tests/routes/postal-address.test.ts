// 郵便番号 → 住所 (issue 30) through the real server: the public lookup the forms' script asks,
// and, without JS, the four address forms filling what is empty on 次へ and showing the form
// again with the notice instead of going on, nothing typed lost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_FILLED_NOTICE } from "../../shared/zip-code";
import { startPortalOnly, startStack, type Stack } from "./stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

/** The contact details with the address left to the 郵便番号 (全角, as typed). */
const contact = {
  companyName: "銀座商店",
  personInCharge: "郵便 太郎",
  tel: "03-1234-5678",
  zipCode: "１０４－００６１",
  prefecture: "",
  city: "",
  address: "",
};

/** The form came back to be checked: the filled address, the notice, no confirm step yet. */
function expectFilledInput(html: string) {
  expect(html).toContain(ADDRESS_FILLED_NOTICE);
  expect(html).toMatch(/<option value="東京都" selected="">東京都<\/option>/);
  expect(html).toMatch(/<input[^>]*name="city"[^>]*value="中央区"/);
  expect(html).toMatch(/<input[^>]*name="address"[^>]*value="銀座"/);
  expect(html).toMatch(/<input[^>]*name="zipCode"[^>]*value="1040061"/);
  expect(html).toContain('value="銀座商店"');
  expect(html).not.toContain("内容で登録します");
  expect(html).not.toContain("内容に変更します");
  expect(html).not.toContain("エラーがあります");
}

describe("GET /postal-address/{zip}", () => {
  it("answers the address as cacheable JSON, without a session", async () => {
    const response = await stack.fetch("/postal-address/1040061");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.json()).toEqual({ prefecture: "東京都", city: "中央区", town: "銀座" });
  });

  it("answers 404 JSON for a code Japan Post does not know", async () => {
    const response = await stack.fetch("/postal-address/0000000");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.stringContaining("見つかりません") });
  });

  it("answers with the upstream down, Japan Post's names kept out of shared caches", async () => {
    const portal = await startPortalOnly();
    try {
      const response = await fetch(`${portal.base}/postal-address/1040061`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, max-age=60");
      expect(await response.json()).toMatchObject({ prefecture: "東京都", city: "中央区" });
    } finally {
      await portal.close();
    }
  });

  it.each(["104-0061", "104006", "abcdefg", "10400611"])("answers 400 JSON for %s", async (zip) => {
    const response = await stack.fetch(`/postal-address/${zip}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringContaining("7桁") });
  });
});

describe("without JS, 次へ fills the empty address from the 郵便番号", () => {
  it("on registration, keeping what was typed, then goes on once the address is there", async () => {
    const fields = {
      email: "yubin@example.com",
      newPassword: "long-enough-1",
      newPasswordConfirm: "long-enough-1",
      ...contact,
    };
    const first = await stack.postForm("/advertiser/new", undefined, { intent: "next", ...fields });
    expect(first.status).toBe(200);
    const html = await first.text();
    expectFilledInput(html);
    expect(html).toContain('value="yubin@example.com"');
    expect(html).not.toContain("long-enough-1");

    // The person adds the 番地 and presses 次へ again: now the confirm step.
    const second = await stack.postForm("/advertiser/new", undefined, {
      intent: "next",
      ...fields,
      zipCode: "1040061",
      prefecture: "東京都",
      city: "中央区",
      address: "銀座1-2-3",
    });
    expect(second.status).toBe(200);
    const confirm = await second.text();
    expect(confirm).toContain("以下の内容で登録します");
    expect(confirm).not.toContain(ADDRESS_FILLED_NOTICE);
  });

  it("on the advertiser's profile edit", async () => {
    const shop = stack.cookieFor({
      main: await stack.tokens("shop@example.com", "shop-password"),
    });
    const response = await stack.postForm("/advertiser/edit", shop, { intent: "next", ...contact });
    expect(response.status).toBe(200);
    expectFilledInput(await response.text());
  });

  it("on the administrator's advertiser edit", async () => {
    const admin = stack.cookieFor({
      main: await stack.tokens("admin@example.com", "admin-password"),
    });
    const response = await stack.postForm("/administrator/advertisers/1/edit", admin, {
      intent: "next",
      ...contact,
    });
    expect(response.status).toBe(200);
    expectFilledInput(await response.text());
  });

  it("on the trial form", async () => {
    const key = /name="trialKey" value="([^"]*)"/.exec(
      await (await stack.fetch("/trial/")).text(),
    )![1]!;
    const form = new FormData();
    const fields: Record<string, string> = {
      trialKey: key,
      fax: "",
      title: "郵便番号の確認",
      body1: "本文です。",
      eyecatchIndex: "1",
      storeName: "銀座商店",
      storeAddress: "東京都中央区銀座1-2-3",
      storeTel: "03-5555-6666",
      email: "yubin-trial@example.com",
      ...contact,
      intent: "next",
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    const response = await stack.fetch("/trial/", {
      method: "POST",
      headers: { Origin: stack.base },
      body: form,
    });
    const html = await response.text();
    expect(html).toContain(ADDRESS_FILLED_NOTICE);
    expect(html).toMatch(/<input[^>]*name="city"[^>]*value="中央区"/);
    expect(html).toContain('value="yubin-trial@example.com"');
  });

  it("never overwrites a typed field, and leaves an unknown code to the form's own rules", async () => {
    const typed = await stack.postForm("/advertiser/new", undefined, {
      intent: "next",
      email: "yubin-typed@example.com",
      newPassword: "long-enough-1",
      newPasswordConfirm: "long-enough-1",
      ...contact,
      city: "中央区",
      address: "銀座七丁目",
    });
    const html = await typed.text();
    expect(html).toContain(ADDRESS_FILLED_NOTICE);
    expect(html).toMatch(/<option value="東京都" selected="">東京都<\/option>/);
    expect(html).toMatch(/<input[^>]*name="address"[^>]*value="銀座七丁目"/);

    const unknown = await stack.postForm("/advertiser/new", undefined, {
      intent: "next",
      email: "yubin-unknown@example.com",
      newPassword: "long-enough-1",
      newPasswordConfirm: "long-enough-1",
      ...contact,
      zipCode: "0000000",
    });
    expect(unknown.status).toBe(400);
    const errors = await unknown.text();
    expect(errors).not.toContain(ADDRESS_FILLED_NOTICE);
    expect(errors).toMatch(/id="[^"]*city-error"[^>]*>/);
  });
});
