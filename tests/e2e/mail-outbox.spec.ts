// The outbox viewer of demo mode: a mail the portal triggers (an advertiser's message to the
// editors) is readable by an administrator at /administrator/mails, on a desktop and on a phone.
import { ADMIN, OTHER, expect, login, registerThroughForm, test } from "./support";

test("an advertiser's message queues a mail to the editors, which the administrator reads in the viewer", async ({
  page,
}, testInfo) => {
  const text = `送信メールの確認です。${testInfo.testId}-${Date.now()}`;
  await login(page, OTHER);
  await page.getByRole("link", { name: "お問い合わせ" }).click();
  await page.getByLabel("メッセージ").fill(text);
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByText("メッセージを送信しました。")).toBeVisible();

  // The same page, so axe checks the viewer too.
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/$/);
  const admin = page;
  await login(admin, ADMIN);
  await expect(admin).toHaveURL(/\/administrator$/);
  await admin.getByRole("link", { name: "送信メール（デモ）" }).click();
  await expect(admin).toHaveURL(/\/administrator\/mails$/);
  await expect(admin.getByRole("heading", { name: "送信メール（デモ）" })).toBeVisible();
  await expect(admin.getByText("実際には送信されず", { exact: false })).toBeVisible();

  const newest = admin.getByRole("list", { name: "送信メール" }).getByRole("listitem").first();
  await expect(newest.getByRole("heading")).toHaveText("【お店News】広告主からのお問い合わせ");
  await expect(newest).toContainText("宛先: editor@example.com");
  await expect(newest).toContainText("未送信");
  await expect(newest).toContainText(text);
  await expect(newest).toContainText(OTHER.email);
  await admin.screenshot({ path: testInfo.outputPath("mails-desktop.png"), fullPage: true });

  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(newest).toContainText(text);
  // On a phone nothing runs off the side.
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await admin.screenshot({ path: testInfo.outputPath("mails-phone.png"), fullPage: true });
});

test("a new advertiser's welcome mail links the login page on the address the portal answers on (issue 30 #9)", async ({
  page,
  baseURL,
}) => {
  // The documented demo: PUBLIC_ORIGIN unset (as in this stack); the portal listens on 127.0.0.1.
  const email = `welcome-${Date.now()}@example.com`;
  await registerThroughForm(
    page,
    { email, password: "welcome-pass" },
    { companyName: "案内メール商店", personInCharge: "案内 花子" },
  );

  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await page.goto("/administrator/mails");
  const welcome = page
    .getByRole("list", { name: "送信メール" })
    .getByRole("listitem")
    .filter({ hasText: `宛先: ${email}` });
  await expect(welcome.getByRole("heading")).toHaveText("【お店News】広告主登録が完了しました");
  await expect(welcome).toContainText(`ログインページ: ${baseURL}/`);
  await expect(welcome).not.toContainText("{loginUrl}");
});
