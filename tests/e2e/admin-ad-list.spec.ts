// The administrators' ad list: filters narrow it with JavaScript (debounced, the URL kept in step,
// no button) and without (the GET form's 検索), and an ad just applied for stands out as needing
// action. The test makes its own ads through the API, as another advertiser.
import type { APIRequestContext, Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { addCalendarDays } from "../../shared/calendar-days";
import { earliestStartDate } from "../../app/domain/publishment";
import { ADMIN, OTHER, expect, login, test } from "./support";

let counter = 0;

/**
 * Two ads of the other demo advertiser whose titles share a fresh marker: one applied for (new,
 * so it needs action) and one draft (no order). Returns the marker.
 */
async function createAds(
  request: APIRequestContext,
): Promise<{ marker: string; adId: number; orderIri: string }> {
  const marker = `E2E一覧${Date.now()}${counter++}`;
  const auth = await request.post("/api/authentication_token", {
    data: { email: OTHER.email, password: OTHER.password },
  });
  expect(auth.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await auth.json()).token}` };

  async function createAd(title: string): Promise<string> {
    const upload = await request.post("/api/adv/media_objects", {
      headers,
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: tinyPng(40, 30) } },
    });
    expect(upload.status()).toBe(201);
    const image = (await upload.json())["@id"] as string;
    const post = await request.post("/api/adv/posts", {
      headers,
      data: {
        title,
        image1: image,
        eyeCatch: image,
        body1: "一覧のテスト用の広告です。",
        storeName: "テスト商店",
        storeAddress: "東京都渋谷区神宮前1-1-1",
        storeTel: "03-1111-2222",
      },
    });
    expect(post.status()).toBe(201);
    return (await post.json())["@id"] as string;
  }

  const applied = await createAd(`${marker} 申込済み`);
  await createAd(`${marker} 下書き`);
  const order = await request.post("/api/adv/publishment_orders", {
    headers,
    data: {
      advertisement: applied,
      region: "/api/adv/publishment_regions/1",
      locality: "/api/adv/publishment_localities/1",
      course: "/api/adv/publishment_courses/1",
      publishesAt: addCalendarDays(earliestStartDate(new Date()), 1),
      paymentType: "none",
    },
  });
  expect(order.status()).toBe(201);
  return {
    marker,
    adId: Number(applied.split("/").pop()),
    orderIri: (await order.json())["@id"] as string,
  };
}

const rows = (page: Page) => page.locator("table.data-table tbody tr");

async function openList(page: Page) {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await page.goto("/administrator/advertisements");
  await expect(page.getByRole("heading", { name: "広告管理" })).toBeVisible();
}

test("with JavaScript the filters apply as the editor types, and the URL keeps them", async ({
  page,
}) => {
  const { marker } = await createAds(page.request);
  await openList(page);

  await page.getByLabel("タイトル").fill(marker);
  // No button: the list follows after the debounce, and the URL says what it shows.
  await expect(page).toHaveURL(new RegExp(`title=${encodeURIComponent(marker)}`));
  await expect(rows(page)).toHaveCount(1);
  const applied = rows(page).first();
  await expect(applied).toContainText(`${marker} 申込済み`);
  // The needs-action style: a visible badge and the row's own background.
  await expect(applied).toHaveClass(/row-needs_action/);
  await expect(applied.getByText("要対応", { exact: true })).toBeVisible();
  await expect(applied).toHaveCSS("background-color", "rgb(255, 244, 230)");
  await expect(applied).toContainText("審査中");

  // hideNotOrdered is on by default; turning it off shows the draft, and says so in the URL.
  await page.getByLabel("掲載申込前の広告を表示しない").uncheck();
  await expect(page).toHaveURL(/hideNotOrdered=0/);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: `${marker} 下書き` })).toHaveClass(/row-not_ordered/);

  // A reload (or a shared link) shows the same list with the same filters.
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByLabel("タイトル")).toHaveValue(marker);
  await expect(page.getByLabel("掲載申込前の広告を表示しない")).not.toBeChecked();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/admin-ad-list-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/admin-ad-list-390.png", fullPage: true });
});

test("操作履歴 shows an approval the test made, found by its 申込ID", async ({ page }) => {
  const { adId, orderIri } = await createAds(page.request);
  const auth = await page.request.post("/api/authentication_token", {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  const confirm = await page.request.patch(`${orderIri}/confirm`, {
    headers: {
      Authorization: `Bearer ${(await auth.json()).token}`,
      "Content-Type": "application/merge-patch+json",
    },
    data: { publishesAt: addCalendarDays(earliestStartDate(new Date()), 2) },
  });
  expect(confirm.status()).toBe(200);

  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await page.getByRole("link", { name: "操作履歴" }).click();
  await expect(page.getByRole("heading", { name: "操作履歴" })).toBeVisible();
  const applicationId = String(adId).padStart(6, "0");
  await page.getByLabel("対象（申込ID）").fill(applicationId);
  await page.getByRole("button", { name: "検索" }).click();
  await expect(page).toHaveURL(new RegExp(`target=${applicationId}`));
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("admin@example.com");
  await expect(rows.first()).toContainText("承認");
  await expect(rows.first()).toContainText("原稿ステータス: 審査中 → 承認済み");
  await expect(rows.first().getByRole("link", { name: `申込ID ${applicationId}` })).toHaveAttribute(
    "href",
    `/administrator/advertisements/${adId}/detail`,
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/audit-logs-desktop.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/audit-logs-390.png", fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a GET form submitted with 検索", async ({ page }) => {
    test.slow(); // axe reads every no-JS page through a mirror page
    const { marker } = await createAds(page.request);
    await openList(page);

    await page.getByLabel("タイトル").fill(marker);
    await page.getByRole("button", { name: "検索" }).click();
    await expect(page).toHaveURL(new RegExp(`title=${encodeURIComponent(marker)}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`${marker} 申込済み`);
    await expect(rows(page).first().getByText("要対応", { exact: true })).toBeVisible();
  });
});
