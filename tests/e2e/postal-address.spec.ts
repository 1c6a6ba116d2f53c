// 郵便番号 → 住所 (issue 30) on a phone: with JS the address fills as the code is typed and the
// caret waits for the 番地; without JS 次へ fills what is empty and shows the form again with a
// notice beside the 郵便番号, nothing typed lost. Every test makes its own data.
import type { Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { ADDRESS_FILLED_NOTICE } from "../../shared/zip-code";
import { expect, test, fillAdvertiser } from "./support";

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}${counter++}@example.com`;

test.use({ viewport: { width: 375, height: 740 } });

const zipField = (page: Page) => page.getByLabel("郵便番号（ハイフンなし）");

/** 銀座 of 中央区, 東京都 is in the fields, and the notice sits with the 郵便番号. */
async function expectGinza(page: Page, address = "銀座") {
  await expect(page.getByLabel("都道府県")).toHaveValue("東京都");
  await expect(page.getByLabel("市区町村")).toHaveValue("中央区");
  await expect(page.getByLabel("番地・建物名")).toHaveValue(address);
  await expect(zipField(page)).toHaveAccessibleDescription(new RegExp(ADDRESS_FILLED_NOTICE));
}

async function fillRegistrationWithoutAddress(page: Page, email: string) {
  await fillAdvertiser(page, {
    email,
    password: "postal-password",
    passwordConfirm: "postal-password",
    companyName: "銀座 ゆうびん堂",
    personInCharge: "郵便 花子",
    tel: "03-1234-5678",
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration: 次へ fills the address from the 郵便番号 and asks to check it", async ({
    page,
  }) => {
    const email = uniqueEmail("postal-nojs");
    await page.goto("/advertiser/new");
    await fillRegistrationWithoutAddress(page, email);
    await zipField(page).fill("１０４－００６１");
    await page.getByRole("button", { name: "次へ" }).click();

    // The form again, not the confirm step: filled, said so, the rest kept.
    await expectGinza(page);
    await expect(page.getByText("以下の内容で登録します。")).toHaveCount(0);
    await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toHaveCount(0);
    await expect(page.getByLabel("メールアドレス")).toHaveValue(email);
    await expect(page.getByLabel("会社名・店舗名")).toHaveValue("銀座 ゆうびん堂");

    await page.getByLabel("番地・建物名").fill("銀座1-2-3");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
    await expect(page.getByText("銀座1-2-3")).toBeVisible();
    await page.getByRole("button", { name: "送信" }).click();
    await expect(page.getByText("広告主登録が完了しました。")).toBeVisible();
  });

  test("trial: 次へ fills the address from the 郵便番号, the ad kept", async ({ page }) => {
    await page.goto("/trial/");
    await page.getByLabel("タイトル").fill("郵便番号から住所");
    await page
      .getByLabel("画像1", { exact: true })
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: tinyPng(64, 48) });
    await page.getByLabel("本文1").fill("紹介文です。");
    await page.getByLabel("店名").fill("ゆうびん食堂");
    await page.getByLabel("住所", { exact: true }).fill("東京都中央区銀座1-2-3");
    await page.getByLabel("掲載用電話番号").fill("03-5555-6666");
    await page.getByLabel("ログイン用メールアドレス").fill(uniqueEmail("postal-trial"));
    await page.getByLabel("会社名・店舗名").fill("ゆうびん食堂");
    await page.getByLabel("担当者名").fill("試用 太郎");
    await page.getByLabel("電話番号", { exact: true }).fill("03-7777-8888");
    await zipField(page).fill("104-0061");
    // A 市区町村 typed by the person stays as typed.
    await page.getByLabel("市区町村").fill("中央区");
    await page.getByRole("button", { name: "次へ" }).click();

    await expectGinza(page);
    await expect(page.getByLabel("タイトル")).toHaveValue("郵便番号から住所");
    await page.getByLabel("番地・建物名").fill("銀座1-2-3");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByRole("button", { name: "申込み" })).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("registration: a typed 郵便番号 fills the address at once, the caret waits for the 番地", async ({
    page,
  }) => {
    await page.goto("/advertiser/new");
    await fillRegistrationWithoutAddress(page, uniqueEmail("postal-js"));
    await zipField(page).click();
    await page.keyboard.type("１０４００６１");

    await expectGinza(page);
    await expect(page.getByLabel("番地・建物名")).toBeFocused();
    await page.keyboard.type("1-2-3");
    await expect(page.getByLabel("番地・建物名")).toHaveValue("銀座1-2-3");

    // Another code replaces what the lookup wrote, never what the person typed.
    await page.getByLabel("市区町村").fill("中央区（入力）");
    await zipField(page).fill("5300001");
    await expect(page.getByLabel("都道府県")).toHaveValue("大阪府");
    await expect(page.getByLabel("市区町村")).toHaveValue("中央区（入力）");
    await expect(page.getByLabel("番地・建物名")).toHaveValue("銀座1-2-3");

    await page.getByLabel("市区町村").fill("大阪市北区");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
  });
});
