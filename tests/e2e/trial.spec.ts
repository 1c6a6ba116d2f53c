// The public trial form (issue 14, ADR 0012): a prospect opens /trial/ from a sales link, uploads
// images, writes the ad and the company, checks the preview and presses 申込み once; the mail
// carries a temporary password; the first login forces a new one and the ad is on My Page. An
// address already registered goes to TrialError; the whole flow works without JavaScript; a double
// submit creates one account. Every test uses an address of its own.
import type { APIRequestContext, Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import {
  ADMIN,
  OTHER,
  SHOP,
  expect,
  fromOutboxMail,
  login,
  shoot,
  test,
  fillTrialRegistration,
} from "./support";

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}${counter++}@example.com`;

const png = (name: string, width = 64, height = 48) => ({
  name,
  mimeType: "image/png",
  buffer: tinyPng(width, height),
});

/** The ad part of the form: a title, `images` images with their texts, and the store. */
async function fillAdvertisement(page: Page, title: string, images: number, javaScript = true) {
  await page.getByLabel("タイトル").fill(title);
  for (let n = 1; n <= images; n++) {
    await page.getByLabel(`画像${n}`, { exact: true }).setInputFiles(png(`photo${n}.png`));
    // With JS the image uploads at once (into the trial's quarantine); wait for its thumbnail.
    if (javaScript) await expect(page.getByRole("img", { name: `画像${n}` })).toBeVisible();
    await page.getByLabel(`本文${n}`).fill(`本文${n}の紹介文です。`);
  }
  await page.getByLabel("店名").fill("トライアル食堂");
  await page.getByLabel("住所", { exact: true }).fill("東京都渋谷区神南1-2-3");
  await page.getByLabel("掲載用電話番号").fill("03-5555-6666");
}

const fillRegistration = fillTrialRegistration;

/** An administrator's bearer token for the embedded API (to count what a submission created). */
async function adminToken(request: APIRequestContext) {
  const response = await request.post("/api/authentication_token", { data: ADMIN });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The clients registered with `email`, and their ads, as the API holds them. */
async function registered(request: APIRequestContext, email: string) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const clients = await request.get("/api/adv/clients", {
    headers,
    params: { "owner.email": email },
  });
  const members = ((await clients.json()) as { "hydra:member": { id: number }[] })["hydra:member"];
  const ads = await Promise.all(
    members.map(async (client) => {
      const posts = await request.get("/api/adv/posts", { headers, params: { owner: client.id } });
      return ((await posts.json()) as { "hydra:totalItems": number })["hydra:totalItems"];
    }),
  );
  return { clients: members.length, ads: ads.reduce((a, b) => a + b, 0) };
}

/** The temporary password of the newest welcome mail to `email`, read in the outbox viewer. */
const temporaryPasswordFromMail = (page: Page, email: string) =>
  fromOutboxMail(page, { email, line: PASSWORD_LINE });

const PASSWORD_LINE = /仮パスワード[:：]\s*(\S+)/;
const pageOrigin = (page: Page) => new URL(page.url()).origin;

test("the whole trial: three images, 申込み, the mail, the first login changes the password, the ad is on My Page", async ({
  page,
}) => {
  const email = uniqueEmail("trial");
  const title = `トライアル広告${Date.now()}`;
  await page.goto("/trial/?locality=1&course=1");
  await expect(
    page.getByRole("heading", { name: "号外NET お店News 提案原稿入稿フォーム" }),
  ).toBeVisible();
  await expect(page.getByLabel("掲載開始希望日")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await shoot(page, "trial-input");
  await fillAdvertisement(page, title, 3);
  await fillRegistration(page, email, "トライアル食堂株式会社");
  await page.getByRole("button", { name: "次へ" }).click();

  await expect(page.getByRole("button", { name: "申込み" })).toBeVisible();
  // The news site's preview opens in a popup: the browser's own post (its Origin and the preview
  // cookie the page set) is what the site accepts (issue 28 #12).
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "広告ページをプレビューする" }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(popup.getByText("これはプレビューです。")).toBeVisible();
  await popup.close();
  await expect(page.getByText("※確認フィールド未設定").first()).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await shoot(page, "trial-confirm");
  await page.getByRole("button", { name: "申込み" }).click();

  await expect(page).toHaveURL(/\/trial\/complete\/?\?id=\d+/);
  await expect(page.getByText("お申し込みを受け付けました。")).toBeVisible();
  await expect(page.getByText(/^申込ID: \d+/)).toBeVisible();
  await shoot(page, "trial-complete");

  const password = await temporaryPasswordFromMail(page, email);
  await login(page, { email, password });
  await expect(page).toHaveURL(/\/advertiser\/password$/);
  await expect(page.getByText(/仮パスワードでログインしています/)).toBeVisible();
  await page.getByLabel("現在のパスワード").fill(password);
  await page.getByLabel("新しいパスワード", { exact: true }).fill("my-own-password-1");
  await page.getByLabel("新しいパスワード（確認）").fill("my-own-password-1");
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByText("パスワードの変更が完了しました。")).toBeVisible();
  await page.getByRole("link", { name: "マイページへ戻る" }).click();
  await expect(page).toHaveURL(/\/advertiser$/);
  // exact: the row's next action (支払う) names the ad too.
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(page.locator("table.data-table tbody tr").first()).toContainText("審査中");
});

test("an address already registered goes to TrialError, which leads to the login page", async ({
  page,
}) => {
  await page.goto("/trial/");
  await fillAdvertisement(page, "登録済みの方の広告", 1);
  await fillRegistration(page, SHOP.email, "既存の会社");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page).toHaveURL(/\/trial\/error\/?$/);
  await expect(page.getByRole("heading", { name: "すでに登録済みです" })).toBeVisible();
  await shoot(page, "trial-error");
  await page.getByRole("link", { name: "ログインページへ" }).click();
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});

test("a logged-in advertiser opening the trial form is sent to Login, which sends them home", async ({
  page,
}) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await page.goto("/trial/");
  await expect(page).toHaveURL(/\/advertiser$/);
});

test("double-clicking 申込み and posting the confirmed form again create one account and one ad", async ({
  page,
}) => {
  const email = uniqueEmail("trial-twice");
  await page.goto("/trial/");
  await fillAdvertisement(page, "二度押しの広告", 1);
  await fillRegistration(page, email, "二度押し商店");
  await page.getByRole("button", { name: "次へ" }).click();
  const submit = page.getByRole("button", { name: "申込み" });
  await expect(submit).toBeVisible();
  // What the confirm page would post (a reload or back-and-resubmit sends the same).
  const { action, fields } = await page
    .locator("form", { has: submit })
    .evaluate((form: HTMLFormElement) => ({
      action: form.action,
      fields: [...new FormData(form)].filter(([, value]) => typeof value === "string") as [
        string,
        string,
      ][],
    }));
  await submit.dblclick();
  await expect(page).toHaveURL(/\/trial\/complete\/?\?id=\d+/);
  const id = new URL(page.url()).searchParams.get("id");

  const again = await page.request.post(action, {
    form: Object.fromEntries([...fields, ["intent", "submit"]]),
    headers: { Origin: pageOrigin(page) },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toMatch(new RegExp(`/trial/complete/?\\?id=${id}$`));
  expect(await registered(page.request, email)).toEqual({ clients: 1, ads: 1 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole trial works with plain form posts, uploads, errors and 修正 included", async ({
    page,
  }) => {
    const email = uniqueEmail("trial-nojs");
    await page.goto("/trial/");
    await fillAdvertisement(page, "JavaScriptなしの広告", 2, false);
    await fillRegistration(page, email, "ノースクリプト商店");
    await page.getByLabel("郵便番号（ハイフンなし）").fill("150");
    await page.getByRole("button", { name: "次へ" }).click();

    await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
    await expect(page.getByLabel("会社名・店舗名")).toHaveValue("ノースクリプト商店");
    await expect(page.getByLabel("本文2")).toHaveValue("本文2の紹介文です。");
    // The images were stored on the first post and are kept.
    await expect(page.getByRole("img", { name: "画像2" })).toBeVisible();
    await page.getByLabel("郵便番号（ハイフンなし）").fill("1500041");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.getByRole("button", { name: "申込み" })).toBeVisible();
    await page.getByRole("button", { name: "修正" }).click();
    await expect(page.getByLabel("タイトル")).toHaveValue("JavaScriptなしの広告");
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("button", { name: "申込み" }).click();
    await expect(page).toHaveURL(/\/trial\/complete\/?\?id=\d+/);
    expect(await registered(page.request, email)).toEqual({ clients: 1, ads: 1 });
  });

  test("a registered address keeps the draft: ログインして続ける makes it the advertiser's new ad, images included", async ({
    page,
  }) => {
    // Issue 30: TrialError used to throw the typed ad and its uploads away.
    const title = `続きから作る広告 ${Date.now()}`;
    await page.goto("/trial/");
    await fillAdvertisement(page, title, 2, false);
    await fillRegistration(page, OTHER.email, "既存の会社");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page).toHaveURL(/\/trial\/error\/?$/);
    await expect(page.getByRole("heading", { name: "すでに登録済みです" })).toBeVisible();
    await page.getByRole("link", { name: "ログインして続ける" }).click();
    await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
    await page.getByLabel("メールアドレス").fill(OTHER.email);
    await page.getByLabel("パスワード", { exact: false }).first().fill(OTHER.password);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();

    // Back at TrialError, logged in: nothing is made before the press.
    await expect(page.getByRole("heading", { name: "入力した原稿を広告にする" })).toBeVisible();
    await expect(page.getByText(`「${title}」`, { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "広告を作成する" }).click();
    await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
    await expect(page.getByText("原稿を広告として保存しました。", { exact: false })).toBeVisible();
    await expect(page.locator(".ad-frame")).toContainText(title);
    const id = page.url().match(/advertisements\/(\d+)\//)![1]!;
    await page.goto(`/advertiser/advertisements/${id}`);
    await expect(page.locator(".ad-page img")).toHaveCount(2);
    await expect(page.locator(".ad-page")).toContainText("本文2の紹介文です。");

    // The draft is used up: TrialError offers only the login page again.
    await page.goto("/trial/error/");
    await expect(page.getByRole("heading", { name: "すでに登録済みです" })).toBeVisible();
    await expect(page.getByRole("link", { name: "ログインして続ける" })).toHaveCount(0);
  });
});
