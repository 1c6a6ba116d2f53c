// The key journeys against the real upstream's contract (issue 29, point 4): the portal in proxy
// mode (ADV_API_URL) in front of `npm run api` in the spec profile (SPEC §7 only, pages capped at
// 30, tokens as cookies), two processes as an operator runs them (project spec-proxy). Every
// journey registers its own advertiser through the upstream's registration call, or uses the
// demo seed read-only; lists longer than one server page are seeded through the upstream's HTTP
// calls. No payment sandbox in proxy mode: orders are paid by bank transfer.
import type { Page } from "@playwright/test";
import { addCalendarDays } from "../../shared/calendar-days";
import { formatAdvertisementId } from "../../shared/ids";
import { slashDate } from "../../shared/calendar-days";
import {
  ADMIN,
  SHOP,
  changeEmail,
  createAndApply,
  downloadCsv,
  expect,
  login,
  logout,
  openMarkPaid,
  test,
} from "./support";
import {
  authenticate,
  registerAdvertiser,
  seedAds,
  uniqueStamp,
  upstream,
  type Account,
} from "./upstream";

// Registration, an ad with an image, an application, two users: long on a busy machine.
test.describe.configure({ timeout: 240_000 });

const LIVE_AD_TITLE = "カフェ・ド・デモ 渋谷本店 3rd Anniversary";

/** A new advertiser of this journey's own, registered through the upstream (SPEC §7). */
async function newAdvertiser(companyName = `仕様プロファイル商店${uniqueStamp()}`) {
  const api = await upstream();
  try {
    return { ...(await registerAdvertiser(api, companyName)), companyName };
  } finally {
    await api.dispose();
  }
}

async function loginTo(page: Page, account: Account, home: RegExp) {
  await login(page, account);
  // The login must land before the next navigation, or that one goes out without the session.
  await expect(page).toHaveURL(home);
}

async function myPage(page: Page, account: Account & { companyName: string }) {
  await loginTo(page, account, /\/advertiser$/);
  await expect(page.getByRole("heading", { name: "マイページ" })).toBeVisible();
  await expect(
    page.getByText(`${account.companyName} 佐藤 一郎 様、いつもご利用ありがとうございます。`),
  ).toBeVisible();
}

/** The advertiser applies with a new ad and chooses bank transfer; answers the ad. */
async function applyAndChooseTransfer(page: Page, title: string, javaScript: boolean) {
  const ad = await createAndApply(page, title, javaScript);
  await page.getByRole("button", { name: "銀行振込で支払う" }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/advertisements/${ad.id}$`));
  await expect(page.getByText("入金待ち", { exact: true }).first()).toBeVisible();
  // Where and how much to transfer: the account itself, or (an upstream without the transfer's
  // GET) where the advertiser finds it; the amount including tax either way.
  const transfer = page.getByRole("region", { name: "お振込先" });
  await expect(transfer.getByText(/見本銀行|請求書（PDF）/).first()).toBeVisible();
  await expect(transfer.getByText("33,000円")).toBeVisible();
  return ad;
}

/** The editors mark the order paid on the paid date offered (today); answers that date. */
async function markPaid(page: Page, id: string) {
  const dialog = await openMarkPaid(page, id);
  const paidDate = await dialog.getByLabel("入金日").inputValue();
  expect(paidDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "入金済みにする" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("支払済み").first()).toBeVisible();
  await expect(page.getByText(`入金日: ${slashDate(paidDate)} / 支払方法: 銀行振込`)).toBeVisible();
  return paidDate;
}

test("login with the upstream's cookie tokens survives a reload and ends with the logout", async ({
  page,
}) => {
  const account = await newAdvertiser();
  await myPage(page, account);
  await page.getByRole("link", { name: "メールアドレスの変更" }).click();
  await expect(page.getByText(account.email)).toBeVisible();
  // A reload asks the upstream again with the session's tokens: still logged in.
  await page.reload();
  await expect(page.getByText(account.email)).toBeVisible();
  await page.goto("/advertiser");
  await page.reload();
  await expect(page.getByRole("heading", { name: "マイページ" })).toBeVisible();

  await logout(page);
  await page.goto("/advertiser");
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
});

test("without the upstream's reset, 「パスワードをお忘れの方はこちら」 opens the inquiry form", async ({
  page,
}) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: "パスワードをお忘れの方はこちら" });
  await expect(link).toHaveAttribute("target", "_blank");
  expect(new URL((await link.getAttribute("href"))!, page.url()).origin).not.toBe(
    new URL(page.url()).origin,
  );
  // Reached directly, the reset page says the feature is unavailable and offers the form.
  await page.goto("/password_reset");
  await expect(page.getByText("この機能は接続先のAPIでは利用できません。")).toBeVisible();
  await expect(page.getByRole("link", { name: "お問い合わせフォームへ" })).toBeVisible();
});

test("My Page pages through more ads than one server page", async ({ page }) => {
  const account = await newAdvertiser();
  const api = await upstream();
  const titles = await seedAds(api, await authenticate(api, account), `ページ送り広告`, 32);
  await api.dispose();

  await myPage(page, account);
  const pages = page.getByRole("navigation", { name: "ページ" });
  await expect(pages.getByRole("link", { name: "4ページ" })).toBeVisible();
  const seen: string[] = [];
  for (let n = 1; n <= 4; n++) {
    if (n > 1) await pages.getByRole("link", { name: `${n}ページ` }).click();
    await expect(pages.getByText(String(n), { exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const rows = page.locator("table.data-table tbody tr");
    await expect(rows).toHaveCount(n < 4 ? 10 : 2);
    seen.push(...(await rows.locator("td:first-child").allInnerTexts()).map((t) => t.trim()));
  }
  expect([...seen].sort()).toEqual([...titles].sort());
  await expect(pages.getByRole("link", { name: "5ページ" })).toHaveCount(0);
});

test("create an ad, apply, pay by bank transfer; the editors approve it and mark it paid", async ({
  page,
}) => {
  const account = await newAdvertiser();
  await myPage(page, account);
  const title = `振込テスト ${uniqueStamp()}`;
  const { id, start } = await applyAndChooseTransfer(page, title, true);
  await page.goto("/advertiser");
  const row = page.getByRole("row").filter({ hasText: title });
  // 審査中 is also its 配信状況 (issue 30): the manuscript status is read from its own cell.
  await expect(row.locator('td[data-label="原稿ステータス"]')).toHaveText("審査中");
  await expect(row.locator('td[data-label="支払ステータス"]')).toHaveText("入金待ち");
  await logout(page);

  await loginTo(page, ADMIN, /\/administrator$/);
  await page.goto(`/administrator/advertisements/${id}/detail`);
  await expect(page.getByRole("heading", { name: /^広告詳細（申込ID \d+）$/ })).toBeVisible();
  const publishesAt = addCalendarDays(start, 1);
  const form = page.getByRole("form", { name: "承認" });
  await form.getByLabel("掲載開始日").fill(publishesAt);
  await form.getByRole("button", { name: "承認する" }).click();
  await expect(page.getByText("広告を承認しました。")).toBeVisible();
  await expect(page.getByText("承認済み").first()).toBeVisible();
  await expect(page.getByText(`${slashDate(publishesAt)} 〜`).first()).toBeVisible();
  await markPaid(page, id);
  await logout(page);

  await loginTo(page, account, /\/advertiser$/);
  const paidRow = page.getByRole("row").filter({ hasText: title });
  await expect(paidRow.locator('td[data-label="原稿ステータス"]')).toHaveText("承認済み");
  await expect(paidRow.locator('td[data-label="支払ステータス"]')).toHaveText("支払済み");
});

test("the sale appears in its month with totals, and the month's Shift_JIS CSV holds it", async ({
  page,
}) => {
  const account = await newAdvertiser();
  await myPage(page, account);
  const title = `売上テスト ${uniqueStamp()}`;
  const { id } = await applyAndChooseTransfer(page, title, true);
  await logout(page);

  await loginTo(page, ADMIN, /\/administrator$/);
  const paidDate = await markPaid(page, id);
  // The sale is recorded on the paid date: its month is the one to open.
  const month = paidDate.slice(0, 7);
  await page.goto(`/administrator/sales?month=${month}`);
  const monthLabel = `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
  await expect(page.getByRole("heading", { name: `売上一覧 ${monthLabel}` })).toBeVisible();
  const row = page.getByTestId("sale-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  // SPEC §3's sale has no date: an upstream without it leaves a dash (never another date).
  const recordedOn = new RegExp(`^(${slashDate(paidDate)}|[-－–—])$`);
  await expect(row.locator('td[data-label="計上日"]')).toHaveText(recordedOn);
  await expect(row.locator('td[data-label="金額(税抜)"]')).toHaveText("30,000円");
  await expect(row.locator('td[data-label="消費税"]')).toHaveText("3,000円");
  await expect(row.locator('td[data-label="合計"]')).toHaveText("33,000円");
  await expect(row.locator('td[data-label="会社名"]')).toHaveText(account.companyName);
  const saleId = (await row.locator('td[data-label="売上ID"]').innerText()).trim();
  await expect(row.locator('td[data-label="申込ID"]')).toHaveText(formatAdvertisementId(id));
  const yen = async (testId: string) =>
    Number((await page.getByTestId(testId).innerText()).replace(/[,円]/g, ""));
  const shown = {
    net: await yen("sales-total-net"),
    tax: await yen("sales-total-tax"),
    gross: await yen("sales-total-gross"),
  };
  expect(shown.gross).toBeGreaterThanOrEqual(33_000);

  const { file, records } = await downloadCsv(page);
  expect(file.suggestedFilename()).toBe(`sales-${month}.csv`);
  expect(records[0]!.slice(0, 5)).toEqual([
    "売上ID",
    "計上日",
    "申込ID",
    "注文番号",
    "広告タイトル",
  ]);
  const csvRow = records.find((r) => r[0] === saleId);
  // In the CSV an unknown date is an empty field (a spreadsheet sums and sorts it as nothing).
  expect(csvRow?.[1]).toMatch(new RegExp(`^(${slashDate(paidDate)}|)$`));
  // 申込ID is the ad's, as the screens show it; the order's id is labelled 注文番号 (issue 30 #3).
  expect(csvRow?.slice(2, 5)).toEqual([formatAdvertisementId(id), expect.any(String), title]);
  expect(csvRow?.slice(6)).toEqual([
    account.companyName,
    "関東",
    "渋谷区",
    expect.stringContaining("1ヶ月"),
    "30000",
    "3000",
    "33000",
  ]);
  // The whole month, every server page of it: the CSV's sums are the screen's totals.
  const sum = (column: number) => records.slice(1).reduce((n, r) => n + Number(r[column]), 0);
  expect({ net: sum(10), tax: sum(11), gross: sum(12) }).toEqual(shown);
});

test("an advertiser reads the access report of its live ad", async ({ page }) => {
  await loginTo(page, SHOP, /\/advertiser$/);
  await page.getByRole("link", { name: LIVE_AD_TITLE }).first().click();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+$/);
  await page.getByRole("link", { name: "レポートを見る" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^アクセスレポート \d{4}-\d{2}$/ });
  await expect(heading).toBeVisible();
  await expect(page.getByText(LIVE_AD_TITLE)).toBeVisible();
  for (const column of ["日付", "リスト表示回数(imp)", "クリック回数(click)", "クリック率(CTR)"])
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  // The demo seed has figures for the 30 days before today: this month or the one before has rows.
  const rows = page.locator("table tbody tr").filter({ hasText: /^\s*\d{4}\/\d{2}\/\d{2}/ });
  if ((await rows.count()) === 0) {
    await page
      .getByRole("navigation", { name: "月の切り替え" })
      .getByRole("link", { name: "前月" })
      .click();
    await expect(heading).toBeVisible();
  }
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator("td").nth(3)).toHaveText(/^\d+\.\d{2}%$/);
  const month = (await heading.innerText()).slice(-7);
  await expect(
    page.getByRole("img", { name: `${month} の日別リスト表示回数とクリック回数` }),
  ).toBeVisible();
});

test("the advertisers list shows every advertiser past one server page", async ({ page }) => {
  const stamp = uniqueStamp();
  const api = await upstream();
  const names = Array.from({ length: 31 }, (_, n) => `一覧送り${stamp}商会${n + 1}号`);
  for (const name of names) await registerAdvertiser(api, name);
  await api.dispose();

  await loginTo(page, ADMIN, /\/administrator$/);
  await page.goto("/administrator/advertisers");
  await page.getByLabel("会社名").fill(`一覧送り${stamp}`);
  await page.getByRole("button", { name: "検索" }).click();
  await expect(page).toHaveURL(/companyName=/);
  await expect(page.getByText("31 件")).toBeVisible();
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows).toHaveCount(31);
  const shown = await rows.allInnerTexts();
  for (const name of names)
    expect(
      shown.some((text) => text.includes(name)),
      name,
    ).toBe(true);
});

test("an advertiser changes the e-mail, stays logged in and logs in with the new one", async ({
  page,
}) => {
  const account = await newAdvertiser();
  await myPage(page, account);
  const newEmail = await changeEmail(page, account);
  await page.getByRole("link", { name: "メールアドレスの変更" }).click();
  await expect(page.getByText(newEmail)).toBeVisible();
  await logout(page);

  await login(page, account);
  await expect(page.getByText("ユーザーが存在しないか", { exact: false })).toBeVisible();
  await myPage(page, { ...account, email: newEmail });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login, My Page, an application paid by bank transfer, logout", async ({ page }) => {
    const account = await newAdvertiser();
    await myPage(page, account);
    const title = `振込 JSなし ${uniqueStamp()}`;
    await applyAndChooseTransfer(page, title, false);
    await page.goto("/advertiser");
    await expect(
      page.getByRole("row").filter({ hasText: title }).getByText("入金待ち"),
    ).toBeVisible();
    await logout(page);
  });
});
