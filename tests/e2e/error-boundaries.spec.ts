// Errors stay inside the screen (issue 42 #6): a screen's 404 in the advertiser or administrator
// area is shown by that area's error boundary, so with JS a client-side navigation to it leaves the
// page around the screen as it was (the header not rendered again, the administrator's Mantine
// styles still loaded), and without JS the server renders the same page with its header.
import type { Page } from "@playwright/test";
import { ADMIN, SHOP, expect, login, test } from "./support";

/** A client-side navigation through the page's own router, as a link inside the app makes one. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate(async (path) => {
    const router = (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter;
    await router.navigate(path);
  }, to);
}

/** Marks the header's element, so a header rendered anew (not kept) has no mark. */
async function markHeader(page: Page) {
  await page
    .locator("header.app-header")
    .evaluate((header) => header.setAttribute("data-kept", ""));
}

const kept = (page: Page) => page.locator("header.app-header[data-kept]");

test("an advertiser's 404 keeps the header and is not a page load (JS)", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await markHeader(page);
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));

  // Ad 11 belongs to other@ (api/db/demo-ads.ts).
  await navigateInApp(page, "/advertiser/advertisements/11");
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/11$/);
  await expect(kept(page)).toBeVisible();
  await expect(kept(page).getByText("山田 花子 様", { exact: false })).toBeVisible();
  await expect(kept(page).getByRole("link", { name: "マイページ" })).toBeVisible();
  expect(documents).toEqual([]);

  // The area goes on working: back to My Page through the header.
  await kept(page).getByRole("link", { name: "マイページ" }).click();
  await expect(page.getByRole("heading", { name: "マイページ" })).toBeVisible();
});

test("an administrator's 404 keeps the header and Mantine's styles (JS)", async ({ page }) => {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  const mantineStyles = page.locator('head link[rel="stylesheet"][href*="styles.layer"]');
  await expect(mantineStyles).toHaveCount(1);
  await markHeader(page);

  await navigateInApp(page, "/administrator/advertisements/999999/detail");
  await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
  await expect(kept(page).getByRole("link", { name: "管理画面TOP" })).toBeVisible();
  await expect(mantineStyles).toHaveCount(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an advertiser's 404 is the area's page with the header", async ({ page }) => {
    await login(page, SHOP);
    await expect(page).toHaveURL(/\/advertiser$/);
    const response = await page.goto("/advertiser/advertisements/11");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
    await expect(
      page.locator("header.app-header").getByText("山田 花子 様", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "ログアウト" })).toBeVisible();
  });

  test("an administrator's 404 is the area's page, Mantine's styles loaded", async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    const response = await page.goto("/administrator/advertisements/999999/detail");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "ページが見つかりません" })).toBeVisible();
    await expect(page.getByRole("link", { name: "管理画面TOP" })).toBeVisible();
    await expect(page.locator('head link[rel="stylesheet"][href*="styles.layer"]')).toHaveCount(1);
  });
});
