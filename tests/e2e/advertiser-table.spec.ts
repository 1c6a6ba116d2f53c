// The advertiser's ad table sorts and pages by links.
import { expect, test } from "@playwright/test";
import { SHOP, applicationIds, login } from "./support";

test("the ad table sorts by application id and pages", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  const firstPage = await applicationIds(page);
  expect(firstPage).toHaveLength(10);
  expect([...firstPage].sort().reverse()).toEqual(firstPage); // newest first by default

  await page.getByRole("link", { name: /申込ID/ }).click();
  await expect(page).toHaveURL(/sort=id&order=asc/);
  const ascending = await applicationIds(page);
  expect([...ascending].sort()).toEqual(ascending);

  await page.getByRole("link", { name: "2ページ" }).click();
  await expect(page).toHaveURL(/page=2/);
  const secondPage = await applicationIds(page);
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage[0]! > ascending[ascending.length - 1]!).toBe(true);

  await page.getByRole("link", { name: /地域/ }).click();
  await expect(page).toHaveURL(/sort=area&order=asc/);
  await expect(page.locator("table.data-table tbody tr").first()).toContainText(">");
});
