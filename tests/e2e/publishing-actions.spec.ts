// The publishing actions end to end (SPEC §2 published section, §4, §6, ADR 0010): an advertiser
// stops and restarts an ad with JavaScript disabled (the confirmation is a page of its own), and
// an administrator force-syncs (the message shows 3 s, the button rests 1 s) and resumes and
// suspends from the ad detail. Demo data: ad 6 is the shop's live ad, ad 7 its scheduled one
// (public copy, before its start: suspending it does not disturb what the news site shows).
import { ADMIN, SHOP, expect, login, test } from "./support";

// Both journeys change ad 7 and put it back: one after the other.
test.describe.configure({ mode: "serial" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an advertiser suspends and resumes an ad, confirming each", async ({ page }) => {
    await login(page, SHOP);
    await expect(page).toHaveURL(/\/advertiser$/);
    await page.goto("/advertiser/advertisements/7");

    const published = page.getByRole("region", { name: "掲載", exact: true });
    await expect(published.getByRole("link", { name: "レポートを見る" })).toHaveAttribute(
      "href",
      "/advertiser/advertisements/7/report",
    );
    await expect(published.getByRole("link", { name: /^https?:\/\// })).toBeVisible();
    await expect(published.getByRole("button", { name: "掲載再開" })).toBeDisabled();

    // 掲載停止 opens the confirmation; キャンセル closes it and nothing changes.
    await published.getByRole("link", { name: "掲載停止", exact: true }).click();
    await expect(page).toHaveURL(/\/advertiser\/advertisements\/7\?confirm=suspend$/);
    await expect(page.getByText("掲載を停止しますか？")).toBeVisible();
    await expect(
      page.getByText("ニュースサイトからこの広告がすぐに表示されなくなります"),
    ).toBeVisible();
    await page.getByRole("link", { name: "キャンセル" }).click();
    await expect(page).toHaveURL(/\/advertiser\/advertisements\/7$/);
    await expect(page.getByText("掲載を停止しますか？")).toBeHidden();

    await published.getByRole("link", { name: "掲載停止", exact: true }).click();
    await page.getByRole("button", { name: "掲載を停止する" }).click();
    await expect(page).toHaveURL(/\/advertiser\/advertisements\/7$/);
    await expect(page.getByText("掲載を停止しました。")).toBeVisible();
    await expect(page.getByRole("button", { name: "掲載停止", exact: true })).toBeDisabled();

    await page.getByRole("link", { name: "掲載再開", exact: true }).click();
    await expect(page.getByText("掲載を再開しますか？")).toBeVisible();
    await page.getByRole("button", { name: "掲載を再開する" }).click();
    await expect(page).toHaveURL(/\/advertiser\/advertisements\/7$/);
    await expect(page.getByText("掲載を再開しました。")).toBeVisible();
    await expect(page.getByRole("button", { name: "掲載再開", exact: true })).toBeDisabled();
    await expect(page.getByText("掲載予定", { exact: true })).toBeVisible();
  });

  test("an administrator's sync answers with a message after the redirect", async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await page.goto("/administrator/advertisements/6/detail");
    await page.getByRole("button", { name: "同期", exact: true }).click();
    await expect(page).toHaveURL(/\/administrator\/advertisements\/6\/detail$/);
    await expect(page.getByText("同期しました。")).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("an administrator force-syncs: the button rests 1 s, the message stays 3 s", async ({
    page,
  }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await page.goto("/administrator/advertisements/6/detail");
    await expect(page.getByRole("link", { name: "レポートを見る" })).toHaveAttribute(
      "href",
      "/administrator/advertisements/6/report",
    );
    await expect(page.getByText(/^最終同期: /)).toBeVisible();

    const sync = page.getByRole("button", { name: "同期", exact: true });
    await sync.click();
    await expect(sync).toBeDisabled();
    await expect(page.getByText("同期しました。")).toBeVisible();
    // The page stays (a fetcher): no navigation, no flash.
    await expect(page).toHaveURL(/\/administrator\/advertisements\/6\/detail$/);
    await expect(sync).toBeEnabled({ timeout: 2000 });
    await expect(page.getByText("同期しました。")).toBeHidden({ timeout: 5000 });
  });

  test("an administrator suspends and resumes an ad from its detail", async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await page.goto("/administrator/advertisements/7/detail");

    await page.getByRole("link", { name: "掲載停止", exact: true }).click();
    await expect(page).toHaveURL(/\?confirm=suspend$/);
    await page.getByRole("button", { name: "掲載を停止する" }).click();
    await expect(page.getByText("掲載を停止しました。")).toBeVisible();
    await expect(page.getByRole("button", { name: "掲載停止", exact: true })).toBeDisabled();

    await page.getByRole("link", { name: "掲載再開", exact: true }).click();
    await page.getByRole("button", { name: "掲載を再開する" }).click();
    await expect(page.getByText("掲載を再開しました。")).toBeVisible();
    await expect(page.getByRole("button", { name: "掲載再開", exact: true })).toBeDisabled();
  });
});
