// The administrator maintains the areas: registers one in a region, finds it in the list, sets its
// WordPress settings with an application password (never shown again, kept when left blank), with
// JavaScript and without. Each test makes its own areas, in 関西 (a region that already has
// localities, so the advertisers' region choices stay as other specs expect them).
import type { Page } from "@playwright/test";
import { ADMIN, expect, login, shoot, test } from "./support";

const SECRET = "abcd efgh ijkl mnop";

const unique = () => Math.random().toString(36).slice(2, 7);

async function loginAsAdmin(page: Page) {
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
}

/** The list row of an area, found by its name. */
const rowOf = (page: Page, name: string) =>
  page.getByTestId("area-row").filter({ has: page.getByRole("cell", { name, exact: true }) });

test("register an area, see it in the list, set WordPress with a password that stays when left blank", async ({
  page,
}) => {
  const name = `テスト町${unique()}`;
  await loginAsAdmin(page);
  await page.getByRole("link", { name: /エリア管理/ }).click();
  await expect(page).toHaveURL(/\/administrator\/areas$/);
  await expect(rowOf(page, "渋谷区")).toContainText("https://shibuya.news.example.com");
  await shoot(page, "list");

  await page.getByRole("link", { name: "新規エリア登録" }).click();
  await expect(page).toHaveURL(/\/administrator\/areas\/new$/);
  await expect(page.getByLabel("管理ID")).toHaveValue("(新規)");
  await expect(page.getByLabel("WordPress アプリケーションパスワード")).toHaveAccessibleDescription(
    "未設定",
  );
  // Errors come beside the fields with the banner; nothing typed is lost.
  await page.getByLabel("地域", { exact: true }).selectOption({ label: "関西" });
  await page.getByLabel("ニュースサイトURL").fill("ftp://bad.example.jp");
  await page.getByLabel("GA アカウント").fill("UA-999");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
  await expect(page.getByText("入力してください。", { exact: true })).toBeVisible();
  await expect(
    page.getByText("http:// または https:// で始まるURLを入力してください。"),
  ).toBeVisible();
  await expect(page.getByLabel("GA アカウント")).toHaveValue("UA-999");
  await shoot(page, "form-errors");

  await page.getByLabel("エリア名").fill(name);
  await page.getByLabel("ニュースサイトURL").fill("https://test-town.example.jp/");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByRole("button", { name: "送信" })).toBeVisible();
  await expect(page.locator(".confirm-list")).toContainText(name);
  await expect(page.locator(".confirm-list")).toContainText("関西");
  await shoot(page, "confirm-new");
  await page.getByRole("button", { name: "送信" }).click();

  await expect(page).toHaveURL(/\/administrator\/areas\/\d+\/edit\/complete$/);
  await expect(page.getByRole("heading", { name: "エリア登録/修正完了" })).toBeVisible();
  await expect(page.getByText("エリアの登録/修正が完了しました。")).toBeVisible();
  await expect(page.getByRole("link", { name: "管理画面TOPへ" })).toBeVisible();
  await shoot(page, "complete");
  await page.getByRole("link", { name: "エリア一覧へ" }).click();

  const row = rowOf(page, name);
  await expect(row).toContainText("関西");
  await expect(row).toContainText("内蔵ニュースサイト");
  await expect(row.getByRole("link", { name: "https://test-town.example.jp/" })).toBeVisible();

  // WordPress settings with a password: the confirm phase says it changes, never what it is.
  await row.getByRole("link", { name: /編集/ }).click();
  await expect(page).toHaveURL(/\/administrator\/areas\/\d+\/edit$/);
  const id = page.url().match(/areas\/(\d+)\/edit/)![1]!;
  await expect(page.getByLabel("管理ID")).toHaveValue(id);
  await expect(page.getByLabel("エリア名")).toHaveValue(name);
  await page.getByLabel("WordPress REST API URL").fill("https://wp.test-town.example.jp/");
  await page.getByLabel("WordPress ユーザー名").fill("editor");
  await page.getByLabel("WordPress アプリケーションパスワード").fill(SECRET);
  await shoot(page, "form-edit");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.locator(".confirm-list")).toContainText("●●●●（変更）");
  expect(await page.content()).not.toContain(SECRET);
  await shoot(page, "confirm-edit");
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByRole("heading", { name: "エリア登録/修正完了" })).toBeVisible();
  expect(await page.content()).not.toContain(SECRET);
  await page.getByRole("link", { name: "エリア一覧へ" }).click();
  await expect(rowOf(page, name)).toContainText("WordPress");

  // Edited again with the password left blank: it stays set.
  await page.goto(`/administrator/areas/${id}/edit`);
  const password = page.getByLabel("WordPress アプリケーションパスワード");
  await expect(password).toHaveValue("");
  await expect(password).toHaveAccessibleDescription(
    "設定済み（変更するとき、またはURLの接続先（ホスト）を変えるときだけ入力）",
  );
  expect(await page.content()).not.toContain(SECRET);
  await page.getByLabel("GA プロパティ").fill("123456");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.locator(".confirm-list")).toContainText("変更なし");
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByRole("heading", { name: "エリア登録/修正完了" })).toBeVisible();
  await page.goto(`/administrator/areas/${id}/edit`);
  await expect(page.getByLabel("GA プロパティ")).toHaveValue("123456");
  await expect(page.getByLabel("WordPress アプリケーションパスワード")).toHaveAccessibleDescription(
    "設定済み（変更するとき、またはURLの接続先（ホスト）を変えるときだけ入力）",
  );

  // The URL moved to another host: the stored password is not sent there; it is typed again.
  await page.getByLabel("WordPress REST API URL").fill("https://wp.other-town.example.jp/");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByLabel("WordPress アプリケーションパスワード")).toHaveAccessibleDescription(
    /WordPressのURLの接続先が変わったため、アプリケーションパスワードをもう一度入力してください。/,
  );
  // A URL on this machine (or a private network) is refused beside the URL.
  await page.getByLabel("WordPress REST API URL").fill("http://127.0.0.1:8080/wp-json");
  await page.getByLabel("WordPress アプリケーションパスワード").fill(SECRET);
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByLabel("WordPress REST API URL")).toHaveAccessibleDescription(
    "このURLには接続できません（社内・ローカルのアドレスは指定できません）。",
  );
  await shoot(page, "form-url-refused");
  await page.goto(`/administrator/areas/${id}/edit`);
  await expect(page.getByLabel("WordPress REST API URL")).toHaveValue(
    "https://wp.test-town.example.jp/",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the area form goes from input through confirm (and 修正) to complete", async ({ page }) => {
    const name = `ノースクリプト町${unique()}`;
    await loginAsAdmin(page);
    await page.goto("/administrator/areas/new");
    await page.getByLabel("地域", { exact: true }).selectOption({ label: "関西" });
    await page.getByLabel("エリア名").fill(name);
    // WordPress URL without the user: the set rule answers beside the fields; the password typed
    // is held sealed, not echoed.
    await page.getByLabel("WordPress REST API URL").fill("https://wp.noscript.example.jp/");
    await page.getByLabel("WordPress アプリケーションパスワード").fill(SECRET);
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(
      page.getByText("WordPressのURLを入力したときは、ユーザー名も入力してください。"),
    ).toBeVisible();
    await expect(page.getByLabel("エリア名")).toHaveValue(name);
    await expect(page.getByLabel("WordPress アプリケーションパスワード")).toHaveValue("");
    expect(await page.content()).not.toContain(SECRET);

    await page.getByLabel("WordPress ユーザー名").fill("editor");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.locator(".confirm-list")).toContainText("●●●●（変更）");
    await page.getByRole("button", { name: "修正" }).click();
    await expect(page.getByLabel("エリア名")).toHaveValue(name);
    await expect(page.getByLabel("WordPress ユーザー名")).toHaveValue("editor");
    await page.getByRole("button", { name: "次へ" }).click();
    await expect(page.locator(".confirm-list")).toContainText("●●●●（変更）");
    await page.getByRole("button", { name: "送信" }).click();

    await expect(page).toHaveURL(/\/administrator\/areas\/\d+\/edit\/complete$/);
    await expect(page.getByRole("heading", { name: "エリア登録/修正完了" })).toBeVisible();
    await page.getByRole("link", { name: "エリア一覧へ" }).click();
    await expect(rowOf(page, name)).toContainText("WordPress");
    await rowOf(page, name).getByRole("link", { name: /編集/ }).click();
    await expect(
      page.getByLabel("WordPress アプリケーションパスワード"),
    ).toHaveAccessibleDescription(
      "設定済み（変更するとき、またはURLの接続先（ホスト）を変えるときだけ入力）",
    );
  });
});
