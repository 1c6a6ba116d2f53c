// The advertiser's payment choice screen and ad detail (issue 11, bank transfer) through the real
// server and the embedded API: the amounts, the bank transfer form (no JS) answered by a redirect to
// the ad detail with the account, the amount with tax and the deadline; the 支払う link; and who
// may post it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";

let stack: Stack;
let shop = "";
let other = "";

beforeAll(async () => {
  stack = await startStack();
  shop = await stack.loginCookie("shop@example.com", "shop-password");
  other = await stack.loginCookie("other@example.com", "other-password");
});
afterAll(async () => {
  await stack?.close();
});

// Demo data (a fresh database per test file): ad 2 (shop@) is new, ordered (30,000 円), unpaid.
const complete = "/advertiser/advertisements/2/publishment/complete";
const detail = "/advertiser/advertisements/2";

const page = async (path: string, cookie = shop) => {
  const response = await stack.fetch(path, { headers: { Cookie: cookie }, redirect: "manual" });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("location"),
  };
};

const post = (path: string, body: string, cookie = shop) => stack.postForm(path, cookie, body);

describe("bank transfer", () => {
  it("the choice screen shows the amounts, the methods and the links", async () => {
    const { status, html } = await page(complete);
    expect(status).toBe(200);
    expect(html).toContain("30,000円");
    expect(html).toContain("3,000円");
    expect(html).toContain("33,000円");
    expect(html).toContain("銀行振込で支払う");
    // The embedded API: card and store payment go through the sandbox (ADR 0009).
    expect(html).toContain("クレジットカードで支払う");
    expect(html).toContain("コンビニ・ATMで支払う");
    expect(html).toContain(`href="${detail}"`);
    expect(html).toContain('href="/advertiser"');
  });

  it("the ad detail offers 支払う before any payment", async () => {
    const { html } = await page(detail);
    expect(html).toContain("支払前");
    expect(html).toContain(`href="${complete}"`);
  });

  it("refuses another advertiser (404) and an anonymous visitor", async () => {
    expect((await post(complete, "intent=bankTransfer", other)).status).toBe(404);
    const anonymous = await post(complete, "intent=bankTransfer", "");
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.headers.get("location")!, stack.base).pathname).toBe("/");
    expect((await page(detail)).html).toContain("支払前");
  });

  it("choosing bank transfer goes to the detail: 入金待ち, the account, the amount and deadline", async () => {
    const response = await post(complete, "intent=bankTransfer");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(detail);
    const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? shop;
    const { html } = await page(detail, cookie);
    expect(html).toContain("お支払い方法を銀行振込にしました。");
    expect(html).toContain("入金待ち");
    expect(html).toContain("見本銀行");
    expect(html).toContain("0000000");
    expect(html).toContain("33,000円");
    expect(html).toContain("お振込期限");
    // Waiting for a transfer, the order may still be paid by card or at a store (ADR 0009): the
    // choice screen stays offered, says how it waits, and offers no second bank transfer.
    expect(html).toContain(`href="${complete}"`);
    const again = await page(complete);
    expect(again.status).toBe(200);
    expect(again.html).toContain("現在のお支払い方法: 銀行振込（入金待ち）");
    expect(again.html).not.toContain("銀行振込で支払う");
  });
});
