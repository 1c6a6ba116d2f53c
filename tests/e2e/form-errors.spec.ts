// Errors come all at once and never mislead (issue 9): the first round shows every violation the
// schema and the upstream can find, a refused password comes back empty and required, an image
// chosen after an error clears it, the eye-catch follows a deleted image, and a region/locality
// mismatch keeps the choice without JavaScript.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { expect, login, OTHER, SHOP, test, fillAdvertiser } from "./support";

const SECRET_KEPT_HINT = "入力済みです。変更する場合のみ入力し直してください。";
const png = (name: string) => ({ name, mimeType: "image/png", buffer: tinyPng(64, 48) });

/** A registration with a short, mismatched password and the demo shop's (taken) e-mail. */
async function registerBadly(page: Page) {
  await page.goto("/advertiser/new");
  await fillAdvertiser(page, {
    email: SHOP.email,
    password: "short",
    passwordConfirm: "other",
    companyName: "喫茶 いちど",
    personInCharge: "一度 揃",
    tel: "06-1234-5678",
    zipCode: "5300001",
    prefecture: "大阪府",
    city: "大阪市北区",
    address: "梅田1-1-1",
  });
  await page.getByRole("button", { name: "次へ" }).click();
}

async function expectAllErrorsAtOnce(page: Page) {
  await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
  await expect(page.getByText("パスワードは8文字以上で入力してください。")).toBeVisible();
  await expect(page.getByText("パスワードが一致しません。")).toBeVisible();
  await expect(page.getByText("このメールアドレスは既に登録されています。")).toBeVisible();
  // The refused passwords are not carried: empty, required, no 入力済み hint.
  for (const label of ["パスワード", "パスワード（確認）"]) {
    const input = page.getByLabel(label, { exact: true });
    await expect(input).toHaveValue("");
    await expect(input).toHaveAttribute("required", "");
  }
  await expect(page.getByText(SECRET_KEPT_HINT)).toHaveCount(0);
  await expect(page.getByLabel("番地・建物名")).toHaveValue("梅田1-1-1");
}

/** Fixes the first round's errors; the second round reaches the confirm phase. */
async function fixAndConfirm(page: Page) {
  await page.getByLabel("メールアドレス").fill(`once-${randomUUID()}@example.com`);
  await page.getByLabel("パスワード", { exact: true }).fill("long-enough");
  await page.getByLabel("パスワード（確認）").fill("long-enough");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
  await expect(page.getByRole("button", { name: "修正" })).toBeVisible();
  await expect(page.getByRole("button", { name: "送信" })).toBeVisible();
}

/**
 * Creates an ad of the other advertiser with images in slots 1 and 2, image 2 the eye-catch;
 * returns its id.
 */
async function createAdWithTwoImages(page: Page, title: string, javaScript: boolean) {
  await page.goto("/advertiser/advertisements/new");
  await page.getByLabel("タイトル").fill(title);
  await page.getByLabel("本文1").fill("アイキャッチの確認です。");
  await page.getByLabel("店名").fill("珈琲テスト");
  await page.getByLabel("住所").fill("神奈川県横浜市西区みなとみらい2-3-4");
  await page.getByLabel("掲載用電話番号").fill("045-987-6543");
  await page.getByLabel("画像1", { exact: true }).setInputFiles(png("front.png"));
  await page.getByLabel("画像2", { exact: true }).setInputFiles(png("cake.png"));
  if (javaScript) await expect(page.getByRole("img", { name: "画像2" })).toBeVisible();
  await page.getByLabel("画像2をアイキャッチ画像にする").check();
  await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
  return page.url().match(/advertisements\/(\d+)\//)![1]!;
}

test.describe("with JavaScript", () => {
  test("registration: the short, mismatched password and the taken e-mail come at once", async ({
    page,
  }) => {
    await registerBadly(page);
    await expectAllErrorsAtOnce(page);
    await fixAndConfirm(page);
  });

  test("an image uploaded after an empty submit clears the slot's error", async ({ page }) => {
    await login(page, OTHER);
    await expect(page).toHaveURL(/\/advertiser$/);
    await page.goto("/advertiser/advertisements/new");
    await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
    const error = page.getByText("画像1を登録してください。");
    await expect(error).toBeVisible();
    const file = page.getByLabel("画像1", { exact: true });
    await expect(file).toHaveAttribute("aria-invalid", "true");

    await file.setInputFiles(png("front.png"));
    await expect(page.getByRole("img", { name: "画像1" })).toBeVisible();
    await expect(error).toHaveCount(0);
    await expect(file).not.toHaveAttribute("aria-invalid", "true");
    // Other fields' errors stay until the server looks again.
    await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
  });

  test("ad edit: deleting the eye-catch image moves the eye-catch to the next image", async ({
    page,
  }) => {
    await login(page, OTHER);
    await expect(page).toHaveURL(/\/advertiser$/);
    const id = await createAdWithTwoImages(page, "アイキャッチ移動JSあり", true);
    await page.goto(`/advertiser/advertisements/${id}/edit`);
    await expect(page.getByLabel("画像2をアイキャッチ画像にする")).toBeChecked();
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "画像2を削除" }).click();
    await expect(page.getByRole("img", { name: "画像2" })).toHaveCount(0);
    await expect(page.getByLabel("画像1をアイキャッチ画像にする")).toBeChecked();
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByRole("heading", { name: "広告ページのプレビュー" })).toBeVisible();
    await expect(page.getByText("アイキャッチ画像：", { exact: false })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration: the short, mismatched password and the taken e-mail come at once", async ({
    page,
  }) => {
    await registerBadly(page);
    await expectAllErrorsAtOnce(page);
    expect(await page.content()).not.toContain('value="short"');
    await fixAndConfirm(page);
  });

  test("ad edit: deleting the eye-catch image moves the eye-catch; a mismatched area keeps the choice", async ({
    page,
  }) => {
    await login(page, OTHER);
    await expect(page).toHaveURL(/\/advertiser$/);
    const id = await createAdWithTwoImages(page, "アイキャッチ移動JSなし", false);

    // Publication: every locality is listed, grouped by region, and a mismatch keeps the choice.
    const locality = page.getByLabel("エリア");
    await expect(locality.locator("optgroup")).toHaveCount(2);
    await page.getByLabel("掲載地域").selectOption({ label: "関西" });
    await locality.selectOption({ label: "渋谷区" });
    await page.getByRole("radio", { name: /^1ヶ月掲載/ }).check();
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByText("エリアが地域に属していません。")).toBeVisible();
    await expect(locality.locator("option:checked")).toHaveText("渋谷区");
    await expect(locality.locator("optgroup")).toHaveCount(2);
    await expect(page.getByLabel("掲載地域").locator("option:checked")).toHaveText("関西");

    await page.goto(`/advertiser/advertisements/${id}/edit`);
    await expect(page.getByLabel("画像2をアイキャッチ画像にする")).toBeChecked();
    await page.getByLabel("画像2を削除する").check();
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByRole("heading", { name: "広告ページのプレビュー" })).toBeVisible();
    await page.getByRole("button", { name: "修正" }).click();
    await expect(page.getByLabel("画像1をアイキャッチ画像にする")).toBeChecked();
    await expect(page.getByText("アイキャッチ画像：", { exact: false })).toHaveCount(0);
  });
});

test("the message history links 対象申込 to the ad", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await page.goto("/advertiser/contact");
  const target = page.locator('td[data-label="対象申込"] a').first();
  await expect(target).toBeVisible();
  await target.click();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+$/);
});
