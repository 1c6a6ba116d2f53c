// AdministratorAdvertisementsIndex and 操作履歴 through the real server: the list honours its URL
// (filters, the owner preset, sort, paging, the hideNotOrdered default), marks the rows that need
// action, and only administrators get in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarDays } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { startStack, type Stack } from "./stack";

let stack: Stack;
const cookies: Record<string, string> = {};
let adminToken = "";

beforeAll(async () => {
  stack = await startStack();
  const shop = await stack.tokens("shop@example.com", "shop-password");
  const admin = await stack.tokens("admin@example.com", "admin-password");
  cookies.shop = stack.cookieFor({ main: shop });
  cookies.admin = stack.cookieFor({ main: admin });
  adminToken = admin.token;
});
afterAll(async () => {
  await stack?.close();
});

async function page(path: string, cookie = cookies.admin) {
  const response = await stack.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
  };
}

/** The application ids of the list's rows, top to bottom (each row links its id to the detail). */
async function ids(query: string) {
  const { status, html } = await page(`/administrator/advertisements${query}`);
  expect(status).toBe(200);
  return [...html.matchAll(/\/administrator\/advertisements\/\d+\/detail"[^>]*>(\d{6})</g)].map(
    (m) => m[1],
  );
}

// Demo ads: shop@ (client 1) owns 1-10 (10 deleted) and 12-15, other@ (client 2) owns 11, 16, 17.
// 1 and 12-15 have no order; 2 and 11 are new, 4 reapplying, 3 remanded, the rest confirmed
// (16 and 17 live on the news site). Needs-action rows come first.
describe("the administrators' ad list", () => {
  it("hides ads without an order by default, and shows them with hideNotOrdered=0", async () => {
    const shown = await ids("");
    expect(shown).toHaveLength(10); // 11 ordered ads, the first page
    expect(shown).not.toContain("000001");
    const all = await ids("?hideNotOrdered=0");
    expect(all).toHaveLength(10); // page size 10 of the 17 ads
    expect(all).toContain("000015");
  });

  it("pages by 10 with GET links", async () => {
    const first = await ids("?hideNotOrdered=0");
    const second = await ids("?hideNotOrdered=0&page=2");
    expect(second).toHaveLength(7);
    expect(new Set([...first, ...second]).size).toBe(17);
    const { html } = await page("/administrator/advertisements?hideNotOrdered=0");
    expect(html).toContain('href="/administrator/advertisements?hideNotOrdered=0&amp;page=2"');
  });

  it("presets the owner from ?ownerId= and filters by company name and title", async () => {
    // The second demo advertiser: one new application and the two ads live on the news site.
    expect(await ids("?ownerId=2")).toEqual(["000011", "000017", "000016"]);
    const { html } = await page("/administrator/advertisements?ownerId=2");
    expect(html).toMatch(/name="ownerId"[^>]*value="2"|value="2"[^>]*name="ownerId"/);
    expect(await ids(`?companyName=${encodeURIComponent("サンプル")}`)).toEqual([
      "000011",
      "000017",
      "000016",
    ]);
    expect(await ids(`?title=${encodeURIComponent("かき氷")}`)).toEqual(["000007"]);
  });

  it("answers the no-JS form's long query with the short URL of the same list", async () => {
    const form =
      "?ownerId=&companyName=&title=%E3%81%8B&status=&region=2&locality=2&hideNotOrdered=0&hideNotOrdered=1&sort=id&order=asc";
    const { status, location } = await page(`/administrator/advertisements${form}`);
    expect(status).toBe(302);
    // The locality outside the chosen region is dropped, the default toggle left out.
    expect(location).toBe(
      `/administrator/advertisements?title=%E3%81%8B&region=2&sort=id&order=asc`,
    );
  });

  it("filters by region and locality, ignoring a locality outside the chosen region", async () => {
    expect(await ids("?region=2")).toEqual(["000011"]);
    expect((await ids("?region=1&locality=2")).sort()).toEqual(["000003", "000007"]);
  });

  it("lists the ads waiting for the editors with status=needs_action (the dashboard's link)", async () => {
    expect((await ids("?status=needs_action")).sort()).toEqual(["000002", "000004", "000011"]);
  });

  it("sorts by priority first, then by the chosen column through GET links", async () => {
    // Demo priorities: ads 3, 8, 9 and 11 have 0, the lowest; the others more.
    const zero = ["000003", "000008", "000009", "000011"];
    expect((await ids("?sort=id&order=asc")).slice(0, 4)).toEqual(zero);
    expect((await ids("?sort=id&order=desc")).slice(0, 4)).toEqual([...zero].reverse());
    const { html } = await page("/administrator/advertisements?title=a");
    expect(html).toContain(
      'href="/administrator/advertisements?title=a&amp;sort=title&amp;order=asc"',
    );
  });

  it("marks needs-action rows with a style and a text badge, and explains the styles", async () => {
    const { html } = await page("/administrator/advertisements?status=needs_action");
    const rows = html.match(/<tr class="row-needs_action"/g) ?? [];
    expect(rows).toHaveLength(3);
    expect(html.match(/>要対応</g)!.length).toBeGreaterThanOrEqual(4); // 3 rows + the legend
    expect(html).toContain("審査中・再審査中の広告");
  });

  it("shows the empty text when nothing matches", async () => {
    const { html } = await page(
      `/administrator/advertisements?title=${encodeURIComponent("該当なし")}`,
    );
    expect(html).toContain("広告はありません。");
  });

  it("keeps advertisers and anonymous visitors out", async () => {
    const asShop = await page("/administrator/advertisements", cookies.shop);
    expect(asShop.status).toBe(302);
    expect(asShop.location).toBe("/");
    const anonymous = await page("/administrator/advertisements", "");
    expect(anonymous.status).toBe(302);
    expect(new URL(anonymous.location!, stack.base).pathname).toBe("/");
  });
});

describe("the dashboard", () => {
  it("links its numbers to the lists they count, and the menu to 操作履歴", async () => {
    const { html } = await page("/administrator");
    expect(html).toContain('href="/administrator/advertisements?status=needs_action"');
    expect(html).toContain('href="/administrator/advertisers"');
    expect(html).toContain('href="/administrator/audit_logs"');
  });
});

describe("操作履歴", () => {
  // Runs last: it approves demo ad 2, which the list tests above expect to need action.
  it("shows an approval with its ad, its change and the administrator, filtered by 申込ID", async () => {
    const orders = await fetch(`${stack.base}/api/adv/posts/2`, {
      headers: { Authorization: `Bearer ${adminToken}`, Accept: "application/ld+json" },
    });
    const orderIri = ((await orders.json()) as { publishmentOrder: { "@id": string } })
      .publishmentOrder["@id"];
    const confirm = await fetch(`${stack.base}${orderIri}/confirm`, {
      method: "PATCH",
      headers: {
        Authorization: `Bearer ${adminToken}`,
        "Content-Type": "application/merge-patch+json",
      },
      body: JSON.stringify({ publishesAt: addCalendarDays(tokyoDate(new Date()), 30) }),
    });
    expect(confirm.status).toBe(200);

    const { status, html } = await page("/administrator/audit_logs?target=000002");
    expect(status).toBe(200);
    expect(html).toContain("admin@example.com");
    expect(html).toContain(">承認<");
    expect(html).toContain("原稿ステータス: 審査中 → 承認済み");
    expect(html).toContain('href="/administrator/advertisements/2/detail"');
    const other = await page("/administrator/audit_logs?target=000003");
    expect(other.html).toContain("操作履歴はありません。");
    const deletes = await page("/administrator/audit_logs?action=post.delete");
    expect(deletes.html).toContain("操作履歴はありません。");
  });

  it("keeps advertisers and anonymous visitors out", async () => {
    expect((await page("/administrator/audit_logs", cookies.shop)).status).toBe(302);
    expect((await page("/administrator/audit_logs", "")).status).toBe(302);
  });
});
