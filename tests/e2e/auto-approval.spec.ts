// An auto-approved advertiser's application (issue 30 #8): the order is approved the moment it is
// placed, so the payment screen that follows says so and what comes next (the payment), never that
// the editors will review the copy. The advertiser is registered for this test alone.
import { ADMIN, createAndApply, expect, login, logout, test } from "./support";
import { registerAdvertiser, uniqueStamp } from "./upstream";

test.describe.configure({ timeout: 180_000 });

test("an auto-approved order is told it is approved and waits only for the payment", async ({
  page,
}) => {
  const companyName = `自動承認テスト${uniqueStamp()}株式会社`;
  const user = await registerAdvertiser(page.request, companyName);

  // An editor turns auto-approval on for this advertiser.
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await page.goto("/administrator/advertisers");
  await page.getByLabel("会社名").fill(companyName);
  await page.getByRole("button", { name: "検索" }).click();
  await expect(page).toHaveURL(/companyName=/);
  await page
    .locator("table.data-table tbody tr")
    .filter({ hasText: companyName })
    .getByRole("link", { name: /の詳細$/ })
    .click();
  await page.getByRole("button", { name: "自動承認をONにする" }).click();
  await expect(page.getByText("自動承認をONにしました。")).toBeVisible();
  await logout(page);

  await login(page, user);
  await expect(page).toHaveURL(/\/advertiser$/);
  await createAndApply(page, `自動承認の広告 ${Date.now()}`, true);
  const status = page.locator(".confirm-row", { has: page.getByText("原稿ステータス") });
  await expect(status.locator("dd")).toHaveText("承認済み");
  await expect(
    page.getByText(
      "掲載のお申し込みを受け付けました。原稿は承認済みです。お支払いが確認できしだい、掲載期間に合わせて掲載します。",
    ),
  ).toBeVisible();
  await expect(page.getByText("編集部で原稿を確認のうえ", { exact: false })).toHaveCount(0);
});
