// Issue 30 (#10, #17, My Page per ad): what people read of an ad's standing. An advertiser's My Page
// gives each ad its 配信状況 in their words (never 未連携) and its one next action, on a phone without
// JavaScript too, with no empty card lines; the detail says what the state means. The editors'
// dashboard counts are the totals of the lists their links open (a deleted ad leaves both), and
// the list says how it is ordered (priority first). Each test makes its own advertiser and ads
// through the API, as another client would.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { addCalendarDays } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { earliestStartDate } from "../../app/domain/publishment";
import { ADMIN, expect, login, test } from "./support";
import { authenticate, registerAdvertiser, uniqueStamp } from "./upstream";

test.describe.configure({ timeout: 180_000 });

type Headers = Record<string, string>;

/** The editors' calls of SPEC §7 (merge-patch for PATCH). */
async function patch(api: APIRequestContext, path: string, headers: Headers, data: unknown) {
  const response = await api.patch(path, {
    headers: { ...headers, "Content-Type": "application/merge-patch+json" },
    data: JSON.stringify(data),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
}

/**
 * A fresh advertiser with four ads, one per kind of standing: a draft, one applied for (審査中),
 * one remanded (要修正) and one approved, paid and on the site from today (掲載中).
 */
async function seedStandings(api: APIRequestContext) {
  const stamp = uniqueStamp();
  const account = await registerAdvertiser(api, `段階テスト商店${stamp}`);
  const shop = await authenticate(api, account);
  const admin = await authenticate(api, ADMIN);
  const upload = await api.post("/api/adv/media_objects", {
    headers: shop,
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: tinyPng(64, 48) } },
  });
  expect(upload.status()).toBe(201);
  const image = (await upload.json())["@id"] as string;

  async function createAd(title: string): Promise<string> {
    const post = await api.post("/api/adv/posts", {
      headers: shop,
      data: {
        title,
        image1: image,
        eyeCatch: image,
        body1: "状況表示のテスト用の広告です。",
        storeName: "段階テスト商店",
        storeAddress: "東京都渋谷区神宮前1-1-1",
        storeTel: "03-1111-2222",
      },
    });
    expect(post.status()).toBe(201);
    return (await post.json())["@id"] as string;
  }
  async function apply(ad: string): Promise<string> {
    const order = await api.post("/api/adv/publishment_orders", {
      headers: shop,
      data: {
        advertisement: ad,
        region: "/api/adv/publishment_regions/1",
        locality: "/api/adv/publishment_localities/1",
        course: "/api/adv/publishment_courses/1",
        publishesAt: addCalendarDays(earliestStartDate(new Date()), 3),
        paymentType: "none",
      },
    });
    expect(order.status()).toBe(201);
    return (await order.json())["@id"] as string;
  }

  const titles = {
    draft: `下書き${stamp}`,
    review: `審査待ち${stamp}`,
    remanded: `差し戻し${stamp}`,
    live: `掲載${stamp}`,
  };
  const draft = await createAd(titles.draft);
  const review = await createAd(titles.review);
  await apply(review);
  const remanded = await createAd(titles.remanded);
  await patch(api, `${await apply(remanded)}/remand`, admin, {
    note: "写真を差し替えてください。",
  });
  const live = await createAd(titles.live);
  const liveOrder = await apply(live);
  const today = tokyoDate(new Date());
  await patch(api, `${liveOrder}/confirm`, admin, { publishesAt: today });
  await patch(api, `${liveOrder}/payment`, admin, {
    isPaid: true,
    paidAt: today,
    paymentType: "direct",
  });
  // The editors' sync publishes it now rather than when the job worker comes round.
  const sync = await api.post(`${live}/sync`, { headers: admin });
  expect(sync.status()).toBe(200);
  const idOf = (iri: string) => iri.split("/").pop()!;
  return {
    account,
    titles,
    ids: { draft: idOf(draft), review: idOf(review), remanded: idOf(remanded), live: idOf(live) },
  };
}

const myPageRow = (page: Page, title: string) =>
  page.locator("table.data-table tbody tr").filter({ hasText: title });
const cell = (row: Locator, label: string) => row.locator(`td[data-label="${label}"]`);

test("My Page: each ad's 配信状況 in the advertiser's words and its one next action", async ({
  page,
}) => {
  const { account, titles, ids } = await seedStandings(page.request);
  await login(page, account);
  await expect(page).toHaveURL(/\/advertiser$/);

  const expected: [string, string, string | null, string][] = [
    [
      titles.draft,
      "掲載申込前",
      "掲載を申し込む",
      `/advertiser/advertisements/${ids.draft}/publishment`,
    ],
    [
      titles.review,
      "審査中",
      "支払う",
      `/advertiser/advertisements/${ids.review}/publishment/complete`,
    ],
    [titles.remanded, "要修正", "修正する", `/advertiser/advertisements/${ids.remanded}/edit`],
    [titles.live, "掲載中", "レポート", `/advertiser/advertisements/${ids.live}/report`],
  ];
  for (const [title, stage, action, href] of expected) {
    const row = myPageRow(page, title);
    await expect(cell(row, "配信状況"), title).toHaveText(stage);
    const next = cell(row, "次の操作").getByRole("link");
    await expect(next, title).toHaveText(action!);
    await expect(next).toHaveAttribute("href", href);
  }
  await expect(page.locator("table.data-table")).not.toContainText("未連携");

  // The remanded ad's action opens its edit form.
  await cell(myPageRow(page, titles.remanded), "次の操作").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/advertisements/${ids.remanded}/edit$`));

  // The detail says what the state means for the advertiser, not 未連携.
  await page.goto(`/advertiser/advertisements/${ids.review}`);
  const standing = page.locator(".confirm-row").filter({ hasText: "掲載状況" });
  await expect(standing).toContainText("審査中");
  await expect(standing).toContainText("編集部が原稿を審査しています。");
  await expect(page.getByText("未連携")).toHaveCount(0);
});

test.describe("on a phone (375 px) without JavaScript", () => {
  test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });

  test("the cards show the badge and the action, and no line without a value", async ({ page }) => {
    const { account, titles } = await seedStandings(page.request);
    await login(page, account);
    await expect(page).toHaveURL(/\/advertiser$/);

    const draft = myPageRow(page, titles.draft);
    await expect(cell(draft, "配信状況")).toBeVisible();
    await expect(cell(draft, "配信状況")).toHaveText("掲載申込前");
    await expect(
      cell(draft, "次の操作").getByRole("link", { name: /掲載を申し込む/ }),
    ).toBeVisible();
    // A draft has no area, dates nor payment: those lines are not there at all.
    for (const label of ["地域", "掲載開始日", "掲載終了日", "支払ステータス"]) {
      await expect(cell(draft, label), label).toBeHidden();
    }
    // An ad applied for has them all; one waiting for the editors has no action line.
    const live = myPageRow(page, titles.live);
    for (const label of ["地域", "掲載開始日", "掲載終了日", "支払ステータス", "次の操作"]) {
      await expect(cell(live, label), label).toBeVisible();
    }
    // Every visible line has a value beside its label.
    const blankLines = await page
      .locator("table.data-table tbody td[data-label]")
      .evaluateAll(
        (cells) =>
          cells.filter((td) => getComputedStyle(td).display !== "none" && !td.textContent?.trim())
            .length,
      );
    expect(blankLines).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBe(0);

    // The action works without JavaScript: a plain link.
    await cell(myPageRow(page, titles.review), "次の操作").getByRole("link").click();
    await expect(page).toHaveURL(/\/publishment\/complete$/);
  });
});

/** A number of the dashboard's site status, by its label. */
async function dashboardCount(page: Page, label: string): Promise<number> {
  await page.goto("/administrator");
  const text = await page.getByRole("link", { name: new RegExp(label) }).innerText();
  return Number(/([\d,]+)/.exec(text)![1]!.replaceAll(",", ""));
}
const listTotal = async (page: Page) =>
  Number(
    /([\d,]+) 件/.exec(await page.getByText(/^[\d,]+ 件$/).innerText())![1]!.replaceAll(",", ""),
  );

test("the dashboard's counts are the totals of the lists they open", async ({ page }) => {
  const { ids } = await seedStandings(page.request);
  const admin = await authenticate(page.request, ADMIN);
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);

  // 掲載中 opens the list filtered by 配信状況, every row live, as many as counted.
  const live = await dashboardCount(page, "掲載中の広告");
  await page.getByRole("link", { name: /掲載中の広告/ }).click();
  await expect(page).toHaveURL(/\/administrator\/advertisements\?distribution=publishing$/);
  await expect(page.getByLabel("配信状況")).toHaveValue("publishing");
  expect(await listTotal(page)).toBe(live);
  await expect(page.locator('[data-testid="ad-row"] td[data-label="配信状況"]')).toHaveText(
    Array(Math.min(live, 10)).fill("掲載中"),
  );

  // 承認待ち: the banner, the dashboard and the list agree, before and after an ad is deleted.
  const waiting = await dashboardCount(page, "承認待ちの広告");
  await page.getByRole("link", { name: /承認待ちの広告/ }).click();
  expect(await listTotal(page)).toBe(waiting);
  const deleted = await page.request.delete(`/api/adv/posts/${ids.review}`, { headers: admin });
  expect(deleted.status()).toBe(204);
  expect(await dashboardCount(page, "承認待ちの広告")).toBe(waiting - 1);
  await page.getByRole("link", { name: /承認待ちの広告/ }).click();
  expect(await listTotal(page)).toBe(waiting - 1);

  // The list says its order, and the rows follow it: priority first, then 申込ID descending.
  await page.goto("/administrator/advertisements");
  await expect(page.locator("caption")).toHaveText(
    "並び順：優先度の小さい順、同じ優先度の中は「申込ID」の降順",
  );
  const keys = await page
    .locator('[data-testid="ad-row"]')
    .evaluateAll((rows) =>
      rows.map((row) => [
        Number(row.querySelector('td[data-label="優先度"]')!.textContent),
        Number(row.querySelector('td[data-label="申込ID"]')!.textContent),
      ]),
    );
  expect(keys.length).toBeGreaterThan(1);
  for (let i = 1; i < keys.length; i++) {
    const [p0, id0] = keys[i - 1]!;
    const [p1, id1] = keys[i]!;
    expect(p0! < p1! || (p0 === p1 && id0! > id1!), JSON.stringify(keys)).toBe(true);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editors filter the list by 配信状況 with the form's 検索", async ({ page }) => {
    await seedStandings(page.request);
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await page.goto("/administrator/advertisements");
    await page.getByLabel("配信状況").selectOption({ label: "掲載中" });
    await page.getByRole("button", { name: "検索" }).click();
    await expect(page).toHaveURL(/distribution=publishing/);
    const cells = page.locator('[data-testid="ad-row"] td[data-label="配信状況"]');
    // Waits for the new page: the URL changes before its rows are parsed.
    await expect(cells).not.toHaveCount(0);
    for (const text of await cells.allInnerTexts()) expect(text).toBe("掲載中");
  });
});
