// What a new user trips over in forms (issue 30): an upstream error on a field the trial form
// could not place (1), the mark-paid modal's errors one round at a time (6), passwords that
// vanish without a word (7), and a title cut at 50 characters without one (18). With and without
// JavaScript where a person meets them so; every test makes its own data.
import type { Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import {
  ADMIN,
  OTHER,
  SHOP,
  createAndApply,
  expect,
  login,
  logout,
  openMarkPaid,
  test,
  fillAdvertiser,
  fillTrialRegistration,
} from "./support";

const BANNER = "エラーがあります。入力内容をご確認ください。";
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}${counter++}@example.com`;

/** The trial form filled to pass every check of its own, one image uploaded. */
async function fillTrial(page: Page, javaScript: boolean) {
  await page.getByLabel("タイトル").fill("リンクの確認");
  await page
    .getByLabel("画像1", { exact: true })
    .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: tinyPng(64, 48) });
  if (javaScript) await expect(page.getByRole("img", { name: "画像1" })).toBeVisible();
  await page.getByLabel("本文1").fill("紹介文です。");
  await page.getByLabel("店名").fill("リンク食堂");
  await page.getByLabel("住所", { exact: true }).fill("東京都渋谷区神南1-2-3");
  await page.getByLabel("掲載用電話番号").fill("03-5555-6666");
  await fillTrialRegistration(page, uniqueEmail("trial-link"), "リンク食堂");
}

const KEPT = "入力済みです。変更する場合のみ入力し直してください。";
const RETYPE = "セキュリティのため、パスワードをもう一度入力してください。";

/** The registration form with a valid password; `email` decides whether the round passes. */
async function fillRegistration(page: Page, email: string) {
  await fillAdvertiser(page, {
    email,
    password: "long-enough",
    passwordConfirm: "long-enough",
    companyName: "喫茶 のこる",
    personInCharge: "残 花子",
    tel: "06-1234-5678",
    zipCode: "5300001",
    prefecture: "大阪府",
    city: "大阪市北区",
    address: "梅田2-2-2",
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("trial: a link title without its URL is marked on the URL field, under the banner", async ({
      page,
    }) => {
      await page.goto("/trial/");
      await fillTrial(page, javaScriptEnabled);
      await page.getByLabel("リンク1 表示名").fill("メニュー");
      await page.getByRole("button", { name: "次へ" }).click();

      // The API's advertisement.link1Url lands on its field, as the form's own errors do.
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(page.getByLabel("リンク1 URL")).toHaveAccessibleDescription(/入力してください/);
      await expect(page.getByLabel("リンク1 表示名")).toHaveValue("メニュー");
      // No message stands alone in the banner without saying where it belongs.
      await expect(
        page.getByRole("alert").getByText("入力してください。", { exact: true }),
      ).toHaveCount(0);
    });

    test("registration: passwords stay through an error round and 修正, or say they must be typed again", async ({
      page,
    }) => {
      const password = page.getByLabel("パスワード", { exact: true });
      const confirm = page.getByLabel("パスワード（確認）");
      /** The typed passwords are there: in the inputs with JavaScript, else held sealed and said so. */
      const expectKept = async () => {
        for (const input of [password, confirm]) {
          if (javaScriptEnabled) await expect(input).toHaveValue("long-enough");
          else await expect(input).toHaveAccessibleDescription(KEPT);
        }
      };
      await page.goto("/advertiser/new");
      await fillRegistration(page, SHOP.email);
      await page.getByRole("button", { name: "次へ" }).click();
      await expect(page.getByText("このメールアドレスは既に登録されています。")).toBeVisible();
      await expectKept();

      await page.getByLabel("メールアドレス").fill(uniqueEmail("kept"));
      await page.getByRole("button", { name: "次へ" }).click();
      await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
      await page.getByRole("button", { name: "修正" }).click();
      await expect(page.getByLabel("会社名・店舗名")).toHaveValue("喫茶 のこる");
      await expectKept();

      // A mismatch refuses both: each is empty and says it must be typed again.
      await confirm.fill("long-enougx");
      await page.getByRole("button", { name: "次へ" }).click();
      await expect(page.getByText("パスワードが一致しません。")).toBeVisible();
      for (const input of [password, confirm]) {
        await expect(input).toHaveValue("");
        await expect(input).toHaveAccessibleDescription(new RegExp(RETYPE));
      }
      await password.fill("long-enough");
      await confirm.fill("long-enough");
      await page.getByRole("button", { name: "次へ" }).click();
      await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
    });

    test("the title says when it is over 50 characters instead of cutting it", async ({ page }) => {
      await login(page, OTHER);
      await expect(page).toHaveURL(/\/advertiser$/);
      await page.goto("/advertiser/advertisements/new");
      const title = page.getByLabel("タイトル");
      await expect(page.getByTestId("title-count")).toHaveText("0/50");
      await expect(title).not.toHaveAttribute("maxlength");
      await title.fill("あ".repeat(60));
      // What was typed or pasted stays whole, so the user sees what to shorten.
      await expect(title).toHaveValue("あ".repeat(60));
      if (javaScriptEnabled) {
        await expect(page.getByTestId("title-count")).toHaveText("60/50");
        await expect(title).toHaveAccessibleDescription(
          /10文字多すぎます。50文字以内にしてください。/,
        );
      }
      await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
      await expect(page.getByText(BANNER)).toBeVisible();
      await expect(title).toHaveAccessibleDescription(/タイトルは50文字以内で入力してください。/);
      await expect(title).toHaveValue("あ".repeat(60));
      await expect(page.getByTestId("title-count")).toHaveText("60/50");
    });
  });
}

test("the mark-paid modal shows every missing field in one round", async ({ page }) => {
  // Creating an ad and applying: long on a busy machine.
  test.setTimeout(120_000);
  await login(page, OTHER);
  await expect(page).toHaveURL(/\/advertiser$/);
  const { id } = await createAndApply(page, `入金エラー ${Date.now()}`, true);
  await logout(page);
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  const dialog = await openMarkPaid(page, id);
  // No date, and その他 without its method: both are missing, both are said at once.
  await dialog.getByLabel("入金日").fill("");
  await dialog.getByRole("radio", { name: "その他" }).check();
  await dialog.getByRole("button", { name: "入金済みにする" }).click();
  await expect(dialog.getByLabel("入金日")).toHaveAccessibleDescription(/※必須です/);
  await expect(dialog.getByLabel("支払方法（その他の場合）")).toHaveAccessibleDescription(
    /※必須です/,
  );
});
