// Advertiser administration (issue 13, ADR 0011): an editor finds an advertiser, resets their
// password (the advertiser is sent to change it), logs in as them and comes back, edits their
// contact details through confirm to complete, and deletes them (their login then fails). Every
// test registers an advertiser of its own. With E2E_SHOTS set, screenshots of the screens go there.
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, shoot, test } from "./support";
import { registerAdvertiser, uniqueStamp } from "./upstream";

async function register(page: Page) {
  const companyName = `広告主管理テスト${uniqueStamp()}株式会社`;
  return { ...(await registerAdvertiser(page.request, companyName)), companyName };
}

async function loginAdmin(page: Page) {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
}

/**
 * The administrator finds the advertiser by company name and opens their detail; with JS
 * (`js`), inside the app.
 */
async function openAdvertiser(page: Page, companyName: string, js = true) {
  await page.goto("/administrator/advertisers");
  await page.getByLabel("会社名").fill(companyName);
  await page.getByRole("button", { name: "検索" }).click();
  await expect(page).toHaveURL(/companyName=/);
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(companyName);
  await expect(rows.first()).toContainText("OFF");
  // A row's links are plain <a> (ADR 0013); with JS the table's listener keeps the click inside
  // the app, as a Link would: the page is not loaded again (the mark set here survives).
  if (js) {
    await expect(page.locator("[data-row-links=app]")).toHaveCount(1);
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  }
  await rows
    .first()
    .getByRole("link", { name: /の詳細$/ })
    .click();
  await expect(page).toHaveURL(/\/administrator\/advertisers\/\d+$/);
  await expect(page.getByRole("heading", { name: /広告主詳細/ })).toBeVisible();
  if (js) expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
}

async function logout(page: Page) {
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
}

test("find, reset the password: the advertiser logs in with it and must change it", async ({
  page,
}) => {
  const user = await register(page);
  await loginAdmin(page);
  await page
    .getByRole("link", { name: /広告主管理/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/administrator\/advertisers$/);
  await openAdvertiser(page, user.companyName);
  await expect(page.getByText(user.email)).toBeVisible();
  await shoot(page, "detail");

  // Errors land under each field; nothing changes.
  await page.locator('input[name="newPassword"]').fill("short");
  await page.locator('input[name="newPasswordConfirm"]').fill("other");
  await page.getByRole("button", { name: "パスワードをリセット" }).click();
  await expect(page.getByText("8文字以上で入力してください。").last()).toBeVisible();
  await expect(page.getByText("パスワードが一致しません。")).toBeVisible();

  await page.locator('input[name="newPassword"]').fill("temporary-pass-1");
  await page.locator('input[name="newPasswordConfirm"]').fill("temporary-pass-1");
  await page.getByRole("button", { name: "パスワードをリセット" }).click();
  await expect(page.getByText(/パスワードをリセットしました/)).toBeVisible();

  // Auto-approval toggles and shows its state.
  await page.getByRole("button", { name: "自動承認をONにする" }).click();
  await expect(page.getByText("自動承認をONにしました。")).toBeVisible();
  await expect(page.getByRole("button", { name: "自動承認をOFFにする" })).toBeVisible();
  await page.getByRole("button", { name: "自動承認をOFFにする" }).click();
  await expect(page.getByRole("button", { name: "自動承認をONにする" })).toBeVisible();
  await logout(page);

  // The old password no longer works; the new one sends the advertiser to change it.
  await login(page, user);
  await expect(page.getByText(/メールアドレスまたはパスワードが間違っています/)).toBeVisible();
  await login(page, { email: user.email, password: "temporary-pass-1" });
  await expect(page).toHaveURL(/\/advertiser\/password$/);
  await expect(page.getByText(/仮パスワードでログインしています/)).toBeVisible();
});

test("代理ログイン and back: the banner, no password or e-mail change, 管理者画面に戻る", async ({
  page,
}) => {
  const user = await register(page);
  await loginAdmin(page);
  await openAdvertiser(page, user.companyName);
  await page.getByRole("button", { name: "代理ログイン" }).click();
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(
    page.getByText(`代理ログイン中: ${user.companyName} として操作しています`),
  ).toBeVisible();
  for (const name of ["パスワードの変更", "メールアドレスの変更"]) {
    const button = page.getByText(name, { exact: true });
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toHaveAttribute("title", "代理ログイン中は変更できません");
  }
  await page.getByRole("button", { name: "管理者画面に戻る" }).click();
  await expect(page).toHaveURL(/\/administrator$/);
  await expect(page.getByText(/代理ログイン中/)).toHaveCount(0);
});

test("edit the contact details through confirm to complete", async ({ page }) => {
  const user = await register(page);
  await loginAdmin(page);
  await openAdvertiser(page, user.companyName);
  await shoot(page, "list-filtered-then-detail");
  await page.goto("/administrator/advertisers");
  await shoot(page, "list");
  await page.goBack();
  await page.getByRole("link", { name: "編集" }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByLabel("担当者", { exact: false }).fill("");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("入力してください。").first()).toBeVisible();
  await page.getByLabel("担当者", { exact: false }).fill("高橋 次郎");
  await page.getByLabel("電話番号", { exact: false }).fill("06-1234-5678");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("以下の内容に変更します。")).toBeVisible();
  await expect(page.getByText("高橋 次郎")).toBeVisible();
  await shoot(page, "edit-confirm");
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page).toHaveURL(/\/administrator\/advertisers\/\d+\/complete$/);
  await expect(page.getByText("広告主情報の変更が完了しました。")).toBeVisible();
  await shoot(page, "complete");
  await page.getByRole("link", { name: "広告主詳細へ戻る" }).click();
  await expect(page.getByText("高橋 次郎")).toBeVisible();
  await expect(page.getByText("06-1234-5678")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("delete behind a confirmation; the advertiser can no longer log in", async ({ page }) => {
    const user = await register(page);
    await loginAdmin(page);
    await openAdvertiser(page, user.companyName, false);
    await page.getByRole("link", { name: "この広告主を削除" }).click();
    await expect(page).toHaveURL(/\?confirm=delete/);
    await expect(page.getByText(/を削除します。よろしいですか？/)).toBeVisible();
    await shoot(page, "delete-confirm");
    await page.getByRole("link", { name: "キャンセル" }).click();
    await expect(page.getByText(/よろしいですか？/)).toHaveCount(0);
    await page.getByRole("link", { name: "この広告主を削除" }).click();
    await page.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByText("広告主を削除しました。")).toBeVisible();
    await expect(page.getByText(/削除済み/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "代理ログイン" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "編集" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "この広告主の広告一覧" })).toHaveAttribute(
      "href",
      /\/administrator\/advertisements\?ownerId=\d+$/,
    );
    // Gone from the list (isDeleted=false).
    await page.goto(
      `/administrator/advertisers?companyName=${encodeURIComponent(user.companyName)}`,
    );
    await expect(page.getByText("広告主はありません。")).toBeVisible();
    await logout(page);
    await login(page, user);
    await expect(page.getByText(/メールアドレスまたはパスワードが間違っています/)).toBeVisible();
  });
});
