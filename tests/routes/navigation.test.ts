// Navigation that keeps its promise, through the real server: a logged-out deep link comes back
// after login (same-site paths of the user's role only), and completion pages opened for a state
// they do not describe go to the ad detail. Demo ads: 1 draft, 2 new, 4 reapplying, 6 paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";

let stack: Stack;
let shop = "";

beforeAll(async () => {
  stack = await startStack();
  shop = await stack.loginCookie("shop@example.com", "shop-password");
});
afterAll(async () => {
  await stack?.close();
});

const DEEP_LINK = "/advertiser/contact?advertisement=5";

function postLogin(fields: Record<string, string>) {
  return stack.fetch("/?index", {
    method: "POST",
    headers: { Origin: stack.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      email: "shop@example.com",
      password: "shop-password",
      ...fields,
    }).toString(),
  });
}

describe("a logged-out deep link", () => {
  it("goes to Login carrying the page, which the login form keeps in a hidden field", async () => {
    const response = await stack.fetch(DEEP_LINK);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(`/?redirectTo=${encodeURIComponent(DEEP_LINK)}`);

    const login = await stack.fetch(location);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain(
      `<input type="hidden" name="redirectTo" value="${DEEP_LINK.replace("&", "&amp;")}"/>`,
    );
  });

  it("comes back to the page after login", async () => {
    const response = await postLogin({ redirectTo: DEEP_LINK });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(DEEP_LINK);
  });

  it("goes home instead of another site or another role's page", async () => {
    for (const redirectTo of [
      "//evil.example/advertiser",
      "/\\evil.example",
      "https://evil.example/",
      "/administrator/advertisers",
    ]) {
      const response = await postLogin({ redirectTo });
      expect(response.headers.get("location"), redirectTo).toBe("/advertiser");
    }
    const plain = await postLogin({});
    expect(plain.headers.get("location")).toBe("/advertiser");
  });

  it("does not put an unsafe redirectTo into the login form", async () => {
    const html = await (await stack.fetch("/?redirectTo=%2F%2Fevil.example")).text();
    expect(html).not.toContain('name="redirectTo"');
  });

  it("takes a user who is already logged in straight on", async () => {
    const response = await stack.fetch(`/?redirectTo=${encodeURIComponent(DEEP_LINK)}`, {
      headers: { Cookie: shop },
    });
    expect(response.headers.get("location")).toBe(DEEP_LINK);
  });

  it("does not carry the page for a logged-in user of the wrong role", async () => {
    const response = await stack.fetch("/administrator/advertisers", { headers: { Cookie: shop } });
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("completion pages opened from the URL", () => {
  const open = (path: string) => stack.fetch(path, { headers: { Cookie: shop } });

  it("publishment complete: shown for an unpaid order not remanded, else the ad detail", async () => {
    // The payment choice screen (paymentChoiceOffered): new (2) and re-applied (4) unpaid orders.
    for (const id of [2, 4]) {
      const unpaid = await open(`/advertiser/advertisements/${id}/publishment/complete`);
      expect(unpaid.status, `ad ${id}`).toBe(200);
      expect(await unpaid.text()).toContain("掲載のお申し込みを受け付けました。");
    }
    // Paid (6), remanded (3), no order (1).
    for (const id of [6, 3, 1]) {
      const old = await open(`/advertiser/advertisements/${id}/publishment/complete`);
      expect(old.status, `ad ${id}`).toBe(302);
      expect(old.headers.get("location")).toBe(`/advertiser/advertisements/${id}`);
    }
  });

  it("edit complete: the ad detail for an order not re-applied since", async () => {
    const old = await open("/advertiser/advertisements/2/edit/complete");
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/advertiser/advertisements/2");

    const reapplied = await (await open("/advertiser/advertisements/4/edit/complete")).text();
    expect(reapplied).toContain("3営業日程度かかります");
  });

  it("edit complete for an ad not yet applied says nothing of the 3 business days", async () => {
    const response = await open("/advertiser/advertisements/1/edit/complete");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("この広告はまだ掲載を申し込んでいません。");
    expect(html).not.toContain("3営業日");
  });
});
