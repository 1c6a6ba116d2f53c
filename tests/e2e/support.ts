// Shared steps of the e2e journeys: the demo accounts and logging in through the real form.
import { expect, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@example.com", password: "admin-password" };
export const SHOP = { email: "shop@example.com", password: "shop-password" };

export async function login(page: Page, account: { email: string; password: string }) {
  await page.goto("/");
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(account.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

/** The application ids of the ad table, top to bottom. */
export async function applicationIds(page: Page): Promise<string[]> {
  const table = page.locator("table.data-table");
  await expect(table).toBeVisible();
  return table.locator("tbody tr td:nth-child(7)").allInnerTexts();
}

/** The second demo advertiser: journeys that create ads use it, so the shop's list stays as seeded. */
export const OTHER = { email: "other@example.com", password: "other-password" };
