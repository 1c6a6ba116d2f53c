// The same journeys with JavaScript disabled: plain forms and links.
import { SHOP, expect, login, test, applicationIds } from "./support";

test.use({ javaScriptEnabled: false });

test("login, a failed login and paging work without JavaScript", async ({ page }) => {
  await login(page, { email: SHOP.email, password: "nope-nope" });
  await expect(
    page.getByText("ユーザーが存在しないか、メールアドレスまたはパスワードが間違っています。"),
  ).toBeVisible();
  // The server keeps the email but never echoes a password back into the page.
  await expect(page.getByLabel("メールアドレス")).toHaveValue(SHOP.email);
  await expect(page.getByLabel("パスワード", { exact: false }).first()).toHaveValue("");

  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  const firstPage = await applicationIds(page);
  await page.getByRole("link", { name: "2ページ" }).click();
  await expect(page).toHaveURL(/page=2/);
  const secondPage = await applicationIds(page);
  expect(secondPage).not.toEqual(firstPage);

  await page.getByRole("link", { name: /申込ID/ }).click();
  await expect(page).toHaveURL(/sort=id&order=asc/);

  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});
