// Logging in lands each role on its home; a wrong password shows the message; logout ends it.
import { ADMIN, SHOP, expect, login, test } from "./support";

test("an advertiser logs in to My Page and logs out", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByRole("heading", { name: "マイページ" })).toBeVisible();
  await expect(page.getByText("山田 花子 様", { exact: false }).first()).toBeVisible();
  await expect(page).toHaveTitle(/マイページ \| お店News 広告管理/);

  // Opening Login while logged in goes back home.
  await page.goto("/");
  await expect(page).toHaveURL(/\/advertiser$/);

  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
  await page.goto("/advertiser");
  await expect(page).toHaveURL(/\/\?redirectTo=%2Fadvertiser$/);
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});

test("an administrator logs in to the dashboard with the site status", async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await expect(page.getByRole("heading", { name: "管理画面TOP" })).toBeVisible();
  await expect(page.getByText("承認待ちの広告")).toBeVisible();
  await expect(page.getByText("[管理者]", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "広告管理", exact: true })).toBeVisible();
  // An administrator is not let into advertiser pages.
  await page.goto("/advertiser");
  await expect(page).toHaveURL(/\/administrator$/);
});

test("a wrong password shows the login error and keeps the email", async ({ page }) => {
  await login(page, { email: SHOP.email, password: "wrong-password" });
  await expect(
    page.getByText("ユーザーが存在しないか、メールアドレスまたはパスワードが間違っています。"),
  ).toBeVisible();
  await expect(page.getByLabel("メールアドレス")).toHaveValue(SHOP.email);
});
