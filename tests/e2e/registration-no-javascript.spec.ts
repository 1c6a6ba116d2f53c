// The registration flow with JavaScript disabled: plain form posts through every phase.
import { expect, login, test, fillAdvertiser } from "./support";

test.use({ javaScriptEnabled: false });

test("registration works without JavaScript, errors and 修正 included", async ({ page }) => {
  const email = `nojs-${Date.now()}@example.com`;
  await page.goto("/advertiser/new");
  await fillAdvertiser(page, {
    email,
    password: "nojs-password",
    passwordConfirm: "nojs-password",
    companyName: "喫茶 ひかり",
    personInCharge: "中村 光",
    tel: "06-1234-5678",
    zipCode: "53000",
    prefecture: "大阪府",
    city: "大阪市北区",
    address: "梅田3-3-3",
  });
  await page.getByRole("button", { name: "次へ" }).click();

  await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
  await expect(
    page.getByText("郵便番号はハイフンなしの7桁の数字で入力してください。"),
  ).toBeVisible();
  await expect(page.getByLabel("番地・建物名")).toHaveValue("梅田3-3-3");
  // By name (SPEC §3): the value the form sends is the prefecture's name.
  await expect(page.getByLabel("都道府県")).toHaveValue("大阪府");
  // The password is kept sealed, never written back into the page.
  await expect(page.getByLabel("パスワード", { exact: true })).toHaveValue("");
  expect(await page.content()).not.toContain("nojs-password");

  await page.getByLabel("郵便番号（ハイフンなし）").fill("5300001");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText("以下の内容で登録します。")).toBeVisible();
  await page.getByRole("button", { name: "修正" }).click();
  await expect(page.getByLabel("会社名・店舗名")).toHaveValue("喫茶 ひかり");
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByText("広告主登録が完了しました。")).toBeVisible();

  await login(page, { email, password: "nojs-password" });
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByText("喫茶 ひかり 中村 光 様", { exact: false }).first()).toBeVisible();
});
