// The ad detail: status, content, proof URL opened without login, and the way to apply.
import { SHOP, expect, login, test } from "./support";

test("the detail shows a remanded ad and its proof URL works without login", async ({
  page,
  browser,
}) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await page.getByRole("link", { name: "2ページ" }).click();
  // exact: the row's next action (修正する) names the ad too.
  await page
    .getByRole("link", { name: "ランチタイム限定！パスタセット500円引き", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: /広告詳細/ })).toBeVisible();
  await expect(page.locator(".confirm-list").getByText("差し戻し", { exact: true })).toBeVisible();
  // Why, where the page starts (issue 30): the editors' reasons and the way to fix the ad.
  const why = page.getByRole("region", { name: "原稿が差し戻されました" });
  await expect(why.locator(".remand-reasons")).toHaveText(
    "価格表記に税込・税抜の記載がありません。修正のうえ、再度お申し込みください。",
  );
  await expect(why.getByRole("link", { name: "修正する" })).toHaveAttribute(
    "href",
    "/advertiser/advertisements/3/edit",
  );
  await expect(
    page.getByRole("heading", {
      name: "ランチタイム限定！パスタセット500円引き【カフェ・ド・デモ 渋谷本店】",
    }),
  ).toBeVisible();

  await page.getByRole("button", { name: "URLを発行する" }).click();
  await expect(page.getByText("プルーフURLを発行しました。", { exact: false })).toBeVisible();
  const proofUrl = await page.locator(".proof-url a").innerText();
  expect(proofUrl).toMatch(/\/preview\/3\/[A-Za-z0-9]{64}$/);

  const stranger = await browser.newContext();
  const proof = await stranger.newPage();
  await proof.goto(proofUrl);
  await expect(proof.getByText("これは掲載前の確認用プレビューです。")).toBeVisible();
  await expect(proof.getByRole("heading", { name: /ランチタイム限定/ })).toBeVisible();
  await expect(proof.getByRole("button", { name: "ログアウト" })).toHaveCount(0);
  await proof.goto(proofUrl.replace(/.$/, (c) => (c === "a" ? "b" : "a")));
  await expect(proof.getByRole("heading", { name: "プレビューを表示できません" })).toBeVisible();
  await stranger.close();

  await page.getByRole("link", { name: "この広告について問い合わせる" }).click();
  await expect(page).toHaveURL(/\/advertiser\/contact\?advertisement=3$/);
  await expect(
    page.locator(".confirm-list").getByText("000003 ランチタイム限定！パスタセット500円引き"),
  ).toBeVisible();
});

test("a draft's detail offers the publication application", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await page.goto("/advertiser/advertisements/12");
  await expect(page.getByText("この広告はまだ掲載を申し込んでいません。")).toBeVisible();
  await page.getByRole("link", { name: "掲載を申し込む" }).click();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/12\/publishment$/);
});
