// Writing ads: create with three images and apply; copy; edit and see the re-review; the news
// site's preview popup. With JavaScript on: images upload as soon as they are chosen.
import type { Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import {
  OTHER,
  applyOneMonth,
  createAndApply,
  expect,
  login,
  manuscriptStatus,
  test,
} from "./support";
import { uniqueStamp } from "./upstream";

const png = (name: string, width = 64, height = 48) => ({
  name,
  mimeType: "image/png",
  buffer: tinyPng(width, height),
});

/** A file named like an image that is none (portrait photos are cropped now, not refused). */
const NOT_AN_IMAGE = { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("メモ") };
const NOT_AN_IMAGE_MESSAGE = "画像ファイル（JPEG、PNG、GIF、WebP）を選択してください。";

async function fillAd(page: Page, title: string) {
  await page.getByLabel("タイトル").fill(title);
  await page
    .getByLabel("本文1")
    .fill("自家焙煎のコーヒーと手作りケーキのお店です。\n駅から徒歩3分。");
  await page.getByLabel("本文2").fill("季節限定のモンブランが始まりました。");
  await page.getByLabel("本文3").fill("テイクアウトもできます。");
  await page.getByLabel("リンク1 表示名").fill("公式Instagram");
  await page.getByLabel("リンク1 URL").fill("https://www.instagram.com/example");
  await page.getByLabel("店名").fill("珈琲テスト");
  await page.getByLabel("住所").fill("神奈川県横浜市西区みなとみらい2-3-4");
  await page.getByLabel("掲載用電話番号").fill("０４５－９８７－６５４３");
  await page.getByLabel("営業時間").fill("10:00〜19:00（火曜定休）");
}

async function uploadImage(page: Page, slot: number, file: ReturnType<typeof png>) {
  await page.getByLabel(`画像${slot}`, { exact: true }).setInputFiles(file);
  await expect(page.getByRole("img", { name: `画像${slot}` })).toBeVisible();
}

const apply = (page: Page) => applyOneMonth(page);

test("an advertiser creates an ad with three images, applies, copies it and edits it", async ({
  page,
}) => {
  await login(page, OTHER);
  await expect(page).toHaveURL(/\/advertiser$/);
  await page.getByRole("link", { name: "新規広告作成" }).click();
  await expect(page.getByRole("heading", { name: "新規広告作成" })).toBeVisible();
  await expect(page.getByRole("link", { name: "広告作成ガイド（PDF）" })).toBeVisible();

  await fillAd(page, "秋の新メニュー");
  await uploadImage(page, 1, png("front.png"));
  await uploadImage(page, 2, png("cake.png"));
  // A file that is not an image is refused on its own field; the others stay.
  await page.getByLabel("画像3", { exact: true }).setInputFiles(NOT_AN_IMAGE);
  await expect(page.getByText(`アップロードに失敗しました。${NOT_AN_IMAGE_MESSAGE}`)).toBeVisible();
  await uploadImage(page, 3, png("inside.png", 50, 50));
  await page.getByRole("radio", { name: "画像2をアイキャッチ画像にする" }).check();
  await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();

  await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
  const id = page.url().match(/advertisements\/(\d+)\//)![1]!;
  await expect(page.locator(".ad-frame")).toContainText("秋の新メニュー【珈琲テスト】");
  await apply(page);

  await page.goto(`/advertiser/advertisements/${id}`);
  await expect(manuscriptStatus(page)).toHaveText("審査中");
  await expect(page.locator(".ad-page img")).toHaveCount(3);
  await expect(page.locator(".ad-page")).toContainText("季節限定のモンブランが始まりました。");

  // The news site's own preview opens in a popup with the same ad.
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "プレビュー", exact: true }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole("heading", { name: "秋の新メニュー【珈琲テスト】" })).toBeVisible();
  await expect(popup.locator("img")).toHaveCount(3);
  await popup.close();

  // Copy: every field and image comes along; the copy is a new ad.
  await page.getByRole("link", { name: "コピーして新規作成" }).click();
  await expect(page.getByText(/の広告をコピーしました/)).toBeVisible();
  await expect(page.getByLabel("タイトル")).toHaveValue("秋の新メニュー");
  await expect(page.getByRole("img", { name: "画像3" })).toBeVisible();
  await page.getByLabel("タイトル").fill("冬の新メニュー");
  await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
  await expect(page).toHaveURL(/\/publishment$/);
  const copyId = page.url().match(/advertisements\/(\d+)\//)![1]!;
  expect(copyId).not.toBe(id);
  await expect(page.locator(".ad-frame")).toContainText("冬の新メニュー【珈琲テスト】");

  // Edit the applied ad: confirm shows the ad frame and page; saving sends it back to review.
  await page.goto(`/advertiser/advertisements/${id}`);
  await page.getByRole("link", { name: "編集する" }).click();
  await expect(page.getByText("広告編集確認")).toBeVisible();
  await page.getByLabel("本文2").fill("モンブランは11月末までです。");
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "画像3を削除" }).click();
  await expect(page.getByRole("img", { name: "画像3" })).toHaveCount(0);
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByRole("heading", { name: "広告枠のプレビュー" })).toBeVisible();
  await expect(page.locator(".ad-frame")).toContainText("秋の新メニュー【珈琲テスト】");
  await expect(page.locator(".ad-frame img")).toBeVisible();
  await expect(page.locator(".ad-page")).toContainText("モンブランは11月末までです。");
  await expect(page.locator(".ad-page img")).toHaveCount(2);
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/advertisements/${id}/edit/complete$`));
  await expect(page.getByText("3営業日程度", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "広告詳細を見る" }).click();
  await expect(manuscriptStatus(page)).toHaveText("再審査中");
  await expect(page.locator(".ad-page img")).toHaveCount(2);

  // Extend: a copy of the ad is applied for the following period in the same area.
  await page.getByRole("link", { name: "掲載を延長する" }).click();
  await expect(page).toHaveURL(new RegExp(`/publishment\\?nextto=${id}$`));
  await expect(page.getByText("の掲載延長です。", { exact: false })).toBeVisible();
  await expect(page.getByLabel("エリア")).toHaveValue(/\/api\/adv\/publishment_localities\/\d+/);
  await page.getByRole("radio", { name: /^1ヶ月掲載/ }).check();
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page).toHaveURL(/\/publishment\/complete$/);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("an advertiser creates an ad, images included, and edits it", async ({ page }) => {
    await login(page, OTHER);
    await expect(page).toHaveURL(/\/advertiser$/);
    await page.goto("/advertiser/advertisements/new");
    await fillAd(page, "JSなしで作った広告");
    await page.getByLabel("画像1", { exact: true }).setInputFiles(png("front.png"));
    await page.getByLabel("画像2", { exact: true }).setInputFiles(NOT_AN_IMAGE);
    await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();

    // The refused file's field says why; the stored image and every typed value stay.
    await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
    await expect(
      page.getByText(`アップロードに失敗しました。${NOT_AN_IMAGE_MESSAGE}`),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: "画像1" })).toBeVisible();
    await expect(page.getByLabel("タイトル")).toHaveValue("JSなしで作った広告");
    await expect(page.getByLabel("本文2")).toHaveValue("季節限定のモンブランが始まりました。");

    await page.getByLabel("画像2", { exact: true }).setInputFiles(png("cake.png"));
    await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
    await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
    const id = page.url().match(/advertisements\/(\d+)\//)![1]!;
    await expect(page.locator(".ad-frame")).toContainText("JSなしで作った広告【珈琲テスト】");
    await apply(page);

    // Edit: the delete checkbox empties slot 2; confirm, then save.
    await page.goto(`/advertiser/advertisements/${id}/edit`);
    await page.getByLabel("画像2を削除する").check();
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByRole("heading", { name: "広告ページのプレビュー" })).toBeVisible();
    await expect(page.locator(".ad-page img")).toHaveCount(1);
    await page.getByRole("button", { name: "送信" }).click();
    await expect(page.getByText("3営業日程度", { exact: false })).toBeVisible();
    await page.goto(`/advertiser/advertisements/${id}`);
    await expect(manuscriptStatus(page)).toHaveText("再審査中");
  });

  test("掲載を延長する leaves no twin on My Page until the application is sent (issue 30)", async ({
    page,
  }) => {
    await login(page, OTHER);
    await expect(page).toHaveURL(/\/advertiser$/);
    const title = `延長の確認 ${uniqueStamp()}`;
    const { id } = await createAndApply(page, title, false);
    const extend = async () => {
      await page.goto(`/advertiser/advertisements/${id}`);
      // A link now, a button that copied at once before: the press is what the person does.
      await page.locator("a, button", { hasText: "掲載を延長する" }).click();
      await expect(page.getByText("の掲載延長です。", { exact: false })).toBeVisible();
    };
    const onMyPage = () => page.getByRole("link", { name: title, exact: true });

    // Looks at the extension and leaves: My Page still lists the ad once.
    await extend();
    await expect(page.getByText("コピーは「送信」を押したときに作成されます。")).toBeVisible();
    await page.getByRole("link", { name: "マイページ", exact: true }).click();
    await expect(page).toHaveURL(/\/advertiser$/);
    await expect(onMyPage()).toHaveCount(1);

    // Sends it: the copy exists, applied for the following period.
    await extend();
    await page.getByRole("radio", { name: /^1ヶ月掲載/ }).check();
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("button", { name: "送信" }).click();
    await expect(page).toHaveURL(/\/publishment\/complete$/);
    const copyId = page.url().match(/advertisements\/(\d+)\//)![1]!;
    expect(copyId).not.toBe(id);
    await page.goto("/advertiser");
    await expect(onMyPage()).toHaveCount(2);
  });
});
