// Advertiser accounts: registration, email and password changes, and the message box.
import type { Page } from "@playwright/test";
import { SHOP, changeEmail, expect, fillAdvertiser, login, sendInquiry, test } from "./support";
import { registerAdvertiser } from "./upstream";

/** A new, unique advertiser registered through the API (setup for the change journeys). */
const registerViaApi = (page: Page) => registerAdvertiser(page.request, "テスト商店");

async function logout(page: Page) {
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
}

test("a shop owner registers and logs in with the new account", async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("link", { name: "広告主登録" }).click();
  await expect(page).toHaveURL(/\/advertiser\/new$/);
  // The URL changes a moment before the page does: the login form's メールアドレス is still there.
  await expect(page.getByRole("heading", { name: "広告主登録" })).toBeVisible();

  await fillAdvertiser(page, {
    email,
    password: "short",
    passwordConfirm: "different",
    companyName: "パン工房 こむぎ",
  });
  await page.getByRole("button", { name: "次へ" }).click();
  // Errors beside the fields, the banner, and nothing typed is lost.
  await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
  await expect(page.getByText("パスワードは8文字以上で入力してください。")).toBeVisible();
  await expect(page.getByLabel("会社名・店舗名")).toHaveValue("パン工房 こむぎ");
  await expect(page.getByLabel("メールアドレス")).toHaveValue(email);

  await fillAdvertiser(page, {
    password: "komugi-password",
    passwordConfirm: "komugi-password",
    personInCharge: "小林 麦",
    tel: "045-123-4567",
    zipCode: "２２０－００１１",
    prefecture: "神奈川県",
    city: "横浜市西区",
    address: "高島2-1-1",
  });
  await page.getByRole("button", { name: "次へ" }).click();

  await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
  await expect(page.getByLabel("市区町村")).toBeHidden(); // the inputs wait, hidden, for 修正
  const confirmed = page.locator(".confirm-list");
  await expect(confirmed.getByText("220-0011")).toBeVisible(); // normalised from full width
  await expect(confirmed.getByText("神奈川県")).toBeVisible();
  await expect(page.locator("body")).not.toContainText("komugi-password");
  // 修正 keeps every value (the server never echoes the password: see the no-JS journey).
  await page.getByRole("button", { name: "修正" }).click();
  await expect(page.getByLabel("市区町村")).toHaveValue("横浜市西区");
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();

  await expect(page).toHaveURL(/\/advertiser\/created$/);
  await expect(page.getByText("広告主登録が完了しました。")).toBeVisible();
  await page.getByRole("link", { name: "ログインページへ" }).click();
  await login(page, { email, password: "komugi-password" });
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(
    page.getByText("パン工房 こむぎ 小林 麦 様", { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByText("広告はありません。")).toBeVisible();
});

test("an advertiser changes the email and logs in with the new one", async ({ page }) => {
  const account = await registerViaApi(page);
  await login(page, account);
  const newEmail = await changeEmail(page, account);
  await logout(page);

  await login(page, account);
  await expect(page.getByText("ユーザーが存在しないか", { exact: false })).toBeVisible();
  await login(page, { email: newEmail, password: account.password });
  await expect(page).toHaveURL(/\/advertiser$/);
});

test("an advertiser changes the password and logs in with the new one", async ({ page }) => {
  const account = await registerViaApi(page);
  await login(page, account);
  await page.getByRole("link", { name: "パスワードの変更" }).click();
  await page.getByLabel("現在のパスワード").fill("not-the-password");
  await page.getByLabel("新しいパスワード", { exact: true }).fill("second-password-2");
  await page.getByLabel("新しいパスワード（確認）").fill("second-password-2");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("現在のパスワードが正しくありません。")).toBeVisible();

  await page.getByLabel("現在のパスワード").fill(account.password);
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByText("パスワードの変更が完了しました。")).toBeVisible();
  await page.getByRole("link", { name: "マイページへ戻る" }).click();
  await logout(page);

  await login(page, account);
  await expect(page.getByText("ユーザーが存在しないか", { exact: false })).toBeVisible();
  await login(page, { email: account.email, password: "second-password-2" });
  await expect(page).toHaveURL(/\/advertiser$/);
});

test("an advertiser sends a message and sees it in the history", async ({ page }) => {
  await login(page, SHOP);
  await page.getByRole("link", { name: "お問い合わせ" }).click();
  await expect(
    page.getByText("広告詳細ページの「問い合わせる」ボタン", { exact: false }),
  ).toBeVisible();
  const newest = await sendInquiry(page, `請求書の宛名を変更したいです。${Date.now()}`);
  await expect(newest).toContainText("広告主");
});
