// The portal's core journeys against the reference API in either dialect (issue 16): the default
// project runs this spec against API_FORMAT=apip3, the "apip4" project against a second server
// started with API_FORMAT=apip4 (playwright.config.ts). Login and My Page read collections
// (hydra:member or member), the contact form's confirm step posts and lists the history, another
// advertiser's ad is a 404 (hydra:Error or problem+json) and a wrong password keeps LexikJWT's 401.
import { SHOP, expect, login, logout, sendInquiry, test } from "./support";

test("login, My Page with its ads, and logout", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByRole("heading", { name: "マイページ" })).toBeVisible();
  await expect(page.getByText("山田 花子 様", { exact: false }).first()).toBeVisible();
  // The advertiser's ads come from GET /api/adv/posts (a collection in the dialect).
  await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});

test("the contact form: input, confirm, send, and the message in the history", async ({ page }) => {
  await login(page, SHOP);
  await page.getByRole("link", { name: "お問い合わせ" }).click();
  await sendInquiry(page, `方言の確認です。${Date.now()}`);
});

test("another advertiser's ad is not found; a wrong password is the login error", async ({
  page,
}) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  // Ad 11 belongs to other@ (api/db/demo-ads.ts): the API answers 404 in the dialect.
  const response = await page.goto("/advertiser/advertisements/11");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("ページが見つかりません")).toBeVisible();
  await logout(page);
  await login(page, { email: SHOP.email, password: "wrong-password" });
  await expect(
    page.getByText("ユーザーが存在しないか、メールアドレスまたはパスワードが間違っています。"),
  ).toBeVisible();
});

test("the server speaks the project's dialect", async ({ request }, testInfo) => {
  // The prefectures are public (ADR 0012); the embedded API answers under /api on the portal's port.
  const response = await request.get("/api/adv/prefectures");
  expect(response.status()).toBe(200);
  const list = await response.json();
  const prefix = testInfo.project.name === "apip4" ? "" : "hydra:";
  expect(list["@type"]).toBe(`${prefix}Collection`);
  expect(list[`${prefix}member`]).toHaveLength(47);
  const missing = await request.get("/api/adv/prefectures/999");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toBe(
    prefix ? "application/ld+json; charset=utf-8" : "application/problem+json; charset=utf-8",
  );
});
