// The advertiser's ad table sorts and pages by links.
import { expect, test } from "@playwright/test";
import { SHOP, applicationIds, login } from "./support";

const isAscending = (ids: string[]) => ids.every((id, i) => i === 0 || ids[i - 1]! < id);
const isDescending = (ids: string[]) => ids.every((id, i) => i === 0 || ids[i - 1]! > id);

test("the ad table sorts by application id and pages", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  const firstPage = await applicationIds(page);
  expect(firstPage).toHaveLength(10);
  expect(isDescending(firstPage)).toBe(true); // newest first by default

  await page.getByRole("link", { name: /申込ID/ }).click();
  await expect(page).toHaveURL(/sort=id&order=asc/);
  await expect.poll(async () => isAscending(await applicationIds(page))).toBe(true);
  const ascending = await applicationIds(page);

  await page.getByRole("link", { name: "2ページ" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect
    .poll(async () => (await applicationIds(page))[0]! > ascending[ascending.length - 1]!)
    .toBe(true);

  await page.getByRole("link", { name: /地域/ }).click();
  await expect(page).toHaveURL(/sort=area&order=asc/);
  await expect(page.locator("table.data-table tbody tr").first()).toContainText(">");
});
