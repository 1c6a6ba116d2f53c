// The screens through the real server in front of the reference API with API_PROFILE=spec (issue
// 29): answers stripped to the fields SPEC §3/§7 give, collections declaring only §7's filters.
// Every screen answers, and no missing extension field shows as "undefined" or "NaN".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type Stack } from "./stack";

let stack: Stack;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  stack = await startStack({}, { API_PROFILE: "spec" });
  cookies.shop = await stack.loginCookie("shop@example.com", "shop-password");
  cookies.admin = stack.cookieFor({
    main: await stack.tokens("admin@example.com", "admin-password"),
  });
});
afterAll(async () => {
  await stack?.close();
});

async function screen(path: string, cookie: string) {
  const response = await stack.fetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
}

/** The visible text of a page (scripts and tags left out), where "undefined" must not appear. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<[^>]+>/g, " ");

// Demo data: shop@ (client 1) owns ads 1-10 (1 without an order, 2 new, 3 remanded, 4
// reapplying, the rest confirmed).
const ADVERTISER_SCREENS = [
  "/advertiser",
  "/advertiser/advertisements/2",
  "/advertiser/advertisements/5",
  "/advertiser/advertisements/2/edit",
  "/advertiser/advertisements/1/publishment",
  "/advertiser/edit",
  "/advertiser/contact",
];
const ADMINISTRATOR_SCREENS = [
  "/administrator",
  "/administrator/advertisements",
  "/administrator/advertisements?hideNotOrdered=0&sort=title&order=asc",
  "/administrator/advertisements/2/detail",
  "/administrator/advertisements/5/detail",
  "/administrator/advertisements/2/edit",
  "/administrator/advertisers",
  "/administrator/advertisers/1",
  "/administrator/advertisers/1/edit",
  "/administrator/courses",
  "/administrator/areas",
  // The sales list itself reads sales_totals, not a §7 call: the "degrade" part (issue 29).
  "/administrator/sales.csv?month=2026-11",
];

describe("the screens with a SPEC §3/§7 upstream", () => {
  for (const [who, paths] of [
    ["shop", ADVERTISER_SCREENS],
    ["admin", ADMINISTRATOR_SCREENS],
  ] as const) {
    for (const path of paths) {
      it(`${who}: ${path} answers without undefined`, async () => {
        const { status, html } = await screen(path, cookies[who]!);
        expect(status).toBe(200);
        expect(visibleText(html)).not.toMatch(/\bundefined\b|\bNaN\b/);
      });
    }
  }

  it("offers no status filter nor area sort the upstream does not declare; a link asking is told", async () => {
    const list = await screen("/administrator/advertisements", cookies.admin!);
    expect(list.html).not.toContain('name="status"');
    const link = await screen(
      "/administrator/advertisements?status=needs_action&hideNotOrdered=0",
      cookies.admin!,
    );
    expect(link.status).toBe(200);
    expect(link.html).toContain("外して表示しています");
  });
});
