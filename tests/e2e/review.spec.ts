// The review journey: a freshly registered advertiser applies; the administrator remands the ad
// with a reason; the advertiser reads it at the top of the ad detail, fixes it through 修正する,
// and the ad is re-applied;
// the administrator approves it with a start date; My Page shows 承認済み. Then the approval
// again with JavaScript disabled.
import type { Page } from "@playwright/test";
import { addCalendarDays } from "../../shared/calendar-days";
import { formatAdvertisementId } from "../../shared/ids";
import { slashDate } from "../../shared/calendar-days";
import {
  ADMIN,
  createAndApply,
  expect,
  login,
  manuscriptStatus,
  test,
  registerThroughForm,
} from "./support";

// Two users, registration, an ad with an image, an application and several reviews: a long
// journey on a busy machine.
test.describe.configure({ timeout: 240_000 });

/** Registers a new advertiser through the real form (no JS needed) and logs in. */
async function registerAndLogin(page: Page, label: string) {
  const account = { email: `review-${label}-${Date.now()}@example.com`, password: "review-pass" };
  await registerThroughForm(page, account, {
    companyName: `審査テスト商店 ${label}`,
    personInCharge: "審査 太郎",
  });
  await login(page, account);
  await expect(page).toHaveURL(/\/advertiser$/);
  return account;
}

async function switchTo(page: Page, account: { email: string; password: string }) {
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page).toHaveURL(/\/$/);
  await login(page, account);
  // The login must land before the next navigation, or that one goes out without the session.
  await expect(page).toHaveURL(/\/(advertiser|administrator)$/);
}

/**
 * The administrator finds the ad in the ad list (narrowed by its title) by the needs-action style
 * (SPEC §4: new or re-applied ads are marked 要対応) and opens it.
 */
async function openAsAdministrator(page: Page, id: string, title: string) {
  await switchTo(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await page.goto(`/administrator/advertisements?title=${encodeURIComponent(title)}`);
  const row = page.getByTestId("ad-row").filter({
    has: page.getByRole("link", { name: `${formatAdvertisementId(id)} の詳細` }),
  });
  await expect(row.getByText("要対応")).toBeVisible();
  await row.getByRole("link", { name: `${formatAdvertisementId(id)} の詳細` }).click();
  await expect(page.getByRole("heading", { name: /^広告詳細（申込ID \d+）$/ })).toBeVisible();
}

async function approve(page: Page, publishesAt: string) {
  const form = page.getByRole("form", { name: "承認" });
  await form.getByLabel("掲載開始日").fill(publishesAt);
  await form.getByLabel("広告主へのメッセージ（任意）").fill("掲載をお待ちください。");
  await form.getByRole("button", { name: "承認する" }).click();
  await expect(page.getByText("広告を承認しました。")).toBeVisible();
  await expect(page.getByText("承認済み").first()).toBeVisible();
  await expect(page.getByText(`${slashDate(publishesAt)} 〜`).first()).toBeVisible();
}

async function myPageShowsApproved(page: Page, account: { email: string; password: string }) {
  await switchTo(page, account);
  await expect(page).toHaveURL(/\/advertiser$/);
  await expect(page.getByRole("cell", { name: "承認済み" })).toBeVisible();
}

test("an administrator remands an ad with a reason, the advertiser fixes it, it is approved", async ({
  page,
}) => {
  const account = await registerAndLogin(page, "js");
  const { id, start } = await createAndApply(page, "審査される広告", true);

  await openAsAdministrator(page, id, "審査される広告");
  await expect(page.getByText("審査中").first()).toBeVisible();
  // An empty remand is refused beside its field.
  const remand = page.getByRole("form", { name: "差し戻し" });
  await remand.getByRole("button", { name: "差し戻す" }).click();
  await expect(remand.getByText("差し戻しの理由を入力してください。")).toBeVisible();
  await remand.getByLabel("画像の解像度が不足しています").check();
  await remand.getByLabel("差し戻しの理由").fill("もう少し明るい写真をお願いします。");
  await remand.getByRole("button", { name: "差し戻す" }).click();
  await expect(page.getByText("広告を差し戻しました。")).toBeVisible();
  await expect(page.getByText("差し戻し", { exact: true }).first()).toBeVisible();
  // A remanded ad cannot be approved until it comes back.
  await expect(
    page.getByRole("form", { name: "承認" }).getByRole("button", { name: "承認する" }),
  ).toBeDisabled();

  // The advertiser reads why where the ad detail starts, first screen at 375 px, and the
  // timeline shows the ad held at 審査 (issue 30); 修正する opens the edit; it is re-applied.
  await switchTo(page, account);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/advertiser/advertisements/${id}`);
  const why = page.getByRole("region", { name: "原稿が差し戻されました" });
  await expect(why.getByText("・画像の解像度が不足しています", { exact: false })).toBeVisible();
  await expect(why.getByText("もう少し明るい写真をお願いします。", { exact: false })).toBeVisible();
  await expect(why.getByRole("link", { name: "修正する" })).toBeInViewport();
  const steps = page.getByRole("list", { name: "手続きの進み具合" }).getByRole("listitem");
  await expect(steps).toHaveText([/^申込完了/, /^審査要対応/, /^承認これから/, /^入金/, /^掲載/]);
  await expect(steps.nth(1)).toHaveAttribute("aria-current", "step");
  await why.getByRole("link", { name: "修正する" }).click();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByLabel("本文1").fill("明るい写真に差し替えました。");
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/advertisements/${id}/edit/complete$`));
  await page.getByRole("link", { name: "広告詳細を見る" }).click();
  await expect(manuscriptStatus(page)).toHaveText("再審査中");

  // The administrator sees it re-applied and approves it, a few days after the desired date.
  await openAsAdministrator(page, id, "審査される広告");
  await expect(page.getByText("再審査中").first()).toBeVisible();
  await expect(page.locator(".ad-page")).toContainText("明るい写真に差し替えました。");
  await expect(page.getByRole("form", { name: "承認" }).getByLabel("掲載開始日")).toHaveValue(
    start,
  );
  await approve(page, addCalendarDays(start, 2));

  await myPageShowsApproved(page, account);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("an administrator approves an ad with a start date", async ({ page }) => {
    const account = await registerAndLogin(page, "nojs");
    const { id, start } = await createAndApply(page, "JSなしで審査される広告", false);

    await openAsAdministrator(page, id, "JSなしで審査される広告");
    // A date before today is refused beside the field; the typed note stays.
    const form = page.getByRole("form", { name: "承認" });
    await form.getByLabel("掲載開始日").fill("2020-01-01");
    await form.getByLabel("広告主へのメッセージ（任意）").fill("ご確認ありがとうございます。");
    await form.getByRole("button", { name: "承認する" }).click();
    await expect(
      page
        .getByRole("form", { name: "承認" })
        .getByText("掲載開始日には本日以降の日付を指定してください。"),
    ).toBeVisible();
    await expect(
      page.getByRole("form", { name: "承認" }).getByLabel("広告主へのメッセージ（任意）"),
    ).toHaveValue("ご確認ありがとうございます。");

    await approve(page, addCalendarDays(start, 1));
    await myPageShowsApproved(page, account);
  });
});
