// Self-service password reset on a phone (375 px), with and without JavaScript: 「パスワードを
// お忘れの方はこちら」 → the request form → メールを送信しました → the link read from the demo
// outbox → errors beside the fields → a new password → the done page → logging in with it; the
// used link then says it cannot be used and offers a new request. (The embedded reference API has
// the reset; against a SPEC §7-only upstream the link goes to the inquiry form: route tests.)
import type { Page } from "@playwright/test";
import { expect, fromOutboxMail, login, test } from "./support";
import { registerAdvertiser } from "./upstream";

const LINK_LINE = /パスワード再設定ページ[:：]\s*(\S+)/;

/** The reset link of the newest reset mail to `email`, read in the outbox viewer. */
const resetLinkFromMail = async (page: Page, email: string) =>
  new URL(
    await fromOutboxMail(page, { email, line: LINK_LINE, subject: "パスワード再設定のご案内" }),
  );

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a phone (375 px), JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, javaScriptEnabled });

    test("a forgotten password is set again through the mail's link, once", async ({ page }) => {
      const account = await registerAdvertiser(page.request, "再設定テスト商店");
      const newPassword = `reset-${javaScriptEnabled ? "js" : "nojs"}-password`;

      await page.goto("/");
      await page.getByRole("link", { name: "パスワードをお忘れの方はこちら" }).click();
      await expect(page).toHaveURL(/\/password_reset$/);
      await expect(page.getByRole("heading", { name: "パスワードの再設定" })).toBeVisible();
      await page.getByLabel("メールアドレス").fill(account.email);
      await page.getByRole("button", { name: "再設定用のメールを送信" }).click();
      await expect(page).toHaveURL(/\/password_reset\/sent$/);
      await expect(page.getByRole("heading", { name: "メールを送信しました" })).toBeVisible();

      const link = await resetLinkFromMail(page, account.email);
      // The link is on the portal's own origin, as every mail's login link is.
      expect(link.origin).toBe(new URL(page.url()).origin);
      await page.goto(link.pathname);
      await expect(page.getByRole("heading", { name: "新しいパスワードの設定" })).toBeVisible();

      await page.getByLabel("新しいパスワード", { exact: true }).fill(newPassword);
      await page.getByLabel("新しいパスワード（確認）").fill(`${newPassword}-typo`);
      await page.getByRole("button", { name: "パスワードを設定する" }).click();
      await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
      // The message stands beside its field (aria-describedby), and both must be typed again.
      await expect(page.getByLabel("新しいパスワード（確認）")).toHaveAccessibleDescription(
        /パスワードが一致しません。/,
      );
      await expect(page.getByLabel("新しいパスワード", { exact: true })).toHaveValue("");
      expect(await page.content()).not.toContain(newPassword);

      await page.getByLabel("新しいパスワード", { exact: true }).fill(newPassword);
      await page.getByLabel("新しいパスワード（確認）").fill(newPassword);
      await page.getByRole("button", { name: "パスワードを設定する" }).click();
      await expect(page).toHaveURL(/\/password_reset\/complete$/);
      await expect(page.getByText("パスワードの再設定が完了しました。")).toBeVisible();
      await page.getByRole("link", { name: "ログインページへ" }).click();
      await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();

      await login(page, { email: account.email, password: account.password });
      await expect(
        page.getByText("ユーザーが存在しないか、メールアドレスまたはパスワードが間違っています。"),
      ).toBeVisible();
      await login(page, { email: account.email, password: newPassword });
      await expect(page).toHaveURL(/\/advertiser$/);
      await page.getByRole("button", { name: "ログアウト" }).click();
      await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();

      // Used once, the link is dead: said plainly, with a new request one tap away.
      await page.goto(link.pathname);
      await expect(page.getByText("このリンクは使用できません。", { exact: false })).toBeVisible();
      await page.getByRole("link", { name: "パスワードの再設定を申し込む" }).click();
      await expect(page).toHaveURL(/\/password_reset$/);
    });
  });
}
