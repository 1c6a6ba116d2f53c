// The advertiser's ad table sorts and pages by links.
import { SHOP, expect, login, test, applicationIds } from "./support";

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

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the ad table is a list of cards with the statuses and 詳細 in view", async ({ page }) => {
    // (A draft's card has no 支払ステータス line: nothing to pay yet. ad-standing.spec.ts.)
    await login(page, SHOP);
    await expect(page).toHaveURL(/\/advertiser$/);
    const rows = page.locator("table.data-table tbody tr");
    await expect(rows).toHaveCount(10);
    // Nothing scrolls sideways: not the page, not the table's own scroller.
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector(".table-scroll")!;
      return [
        document.documentElement.scrollWidth - window.innerWidth,
        scroller.scrollWidth - scroller.clientWidth,
      ];
    });
    expect(overflow).toEqual([0, 0]);

    const inView = async (locator: import("@playwright/test").Locator) => {
      const box = (await locator.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 375 && box.width > 0;
    };
    for (const row of await rows.all()) {
      for (const label of ["原稿ステータス", "配信状況", "詳細"]) {
        const cell = row.locator(`td[data-label="${label}"]`);
        await expect(cell).toBeVisible();
        expect(await inView(cell), `${label} inside the screen`).toBe(true);
      }
      const details = row.getByRole("link", { name: "詳細" });
      expect(await inView(details), "詳細 inside the screen").toBe(true);
    }
    // Each value carries its label, as a card line "原稿ステータス …".
    const label = await rows
      .first()
      .locator('td[data-label="原稿ステータス"]')
      .evaluate((td) => getComputedStyle(td, "::before").content);
    expect(label).toBe('"原稿ステータス"');
  });

  test("the step header keeps every step label on one line", async ({ page }) => {
    await login(page, SHOP);
    await expect(page).toHaveURL(/\/advertiser$/);
    await page.goto("/advertiser/advertisements/13/edit");
    const steps = page.getByRole("list", { name: "手順" }).getByRole("listitem");
    await expect(steps).toHaveText([/広告編集$/, /広告編集確認$/, /広告編集完了$/]);
    // A label broken over two lines has two line boxes.
    const lineCounts = await steps.evaluateAll((items) =>
      items.map((item) => {
        const range = document.createRange();
        range.selectNodeContents(item.lastChild!);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return tops.size;
      }),
    );
    expect(lineCounts).toEqual([1, 1, 1]);
  });
});
