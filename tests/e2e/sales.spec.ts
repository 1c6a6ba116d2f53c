// The sales list (issue 13, ADR 0011): an editor marks an ad of its own paid by bank transfer, then
// finds the sale in its month (the month comes from the paid date entered, not the clock), sees the
// totals move by its amount, moves between months with the links and the month select, downloads
// the month's Shift_JIS CSV and reads its row back; a reversal (未入金に戻す) shows negative, and a
// payment after it is listed after it. The month select also works without JavaScript.
import type { Page } from "@playwright/test";
import { formatAdvertisementId } from "../../shared/ids";
import { shiftMonth } from "../../app/domain/report";
import {
  ADMIN,
  OTHER,
  createAndApply,
  downloadCsv,
  expect,
  login,
  logout,
  openMarkPaid,
  shoot,
  test,
} from "./support";

test.describe.configure({ timeout: 180_000 });

const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5))}月`;
const yen = (text: string) => Number(text.replace(/[,円]/g, ""));

async function totals(page: Page) {
  return {
    net: yen(await page.getByTestId("sales-total-net").innerText()),
    tax: yen(await page.getByTestId("sales-total-tax").innerText()),
    gross: yen(await page.getByTestId("sales-total-gross").innerText()),
  };
}

async function openMonth(page: Page, month: string) {
  await page.goto(`/administrator/sales?month=${month}`);
  await expect(page.getByRole("heading", { name: `売上一覧 ${monthLabel(month)}` })).toBeVisible();
}

test("an editor finds a sale in its month, with totals, month links and the CSV", async ({
  page,
}) => {
  // Characters the CSV must carry: ¥ becomes ￥, 🍜 (no Shift_JIS form) becomes 〓.
  const title = `売上テスト ¥500 🍜 ${Date.now()}`;
  await login(page, OTHER);
  await expect(page).toHaveURL(/\/advertiser$/);
  const { id } = await createAndApply(page, title, true);
  await page.getByRole("button", { name: "銀行振込で支払う" }).click();
  await expect(page.getByText("入金待ち", { exact: true }).first()).toBeVisible();
  await logout(page);

  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  const dialog = await openMarkPaid(page, id);
  await expect(dialog).toBeVisible();
  const paidDate = await dialog.getByLabel("入金日").inputValue();
  expect(paidDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await dialog.getByRole("button", { name: "入金済みにする" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("支払済み").first()).toBeVisible();

  // The sale is recorded on the paid date: its month is the one to open.
  const month = paidDate.slice(0, 7);
  await openMonth(page, month);
  const row = page.getByTestId("sale-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.locator('td[data-label="計上日"]')).toHaveText(paidDate.replaceAll("-", "/"));
  await expect(row.locator('td[data-label="金額(税抜)"]')).toHaveText("30,000円");
  await expect(row.locator('td[data-label="消費税"]')).toHaveText("3,000円");
  await expect(row.locator('td[data-label="合計"]')).toHaveText("33,000円");
  await expect(row.locator('td[data-label="地域/エリア"]')).toHaveText("関東 / 渋谷区");
  await expect(row.getByRole("link", { name: title })).toHaveAttribute(
    "href",
    `/administrator/advertisements/${id}/detail`,
  );
  const saleId = (await row.locator('td[data-label="売上ID"]').innerText()).trim();
  // 申込ID is the ad's, as its detail and My Page show it (issue 30 #3), not the order's.
  const applicationId = formatAdvertisementId(id);
  await expect(row.locator('td[data-label="申込ID"]')).toHaveText(applicationId);
  const companyName = (await row.locator('td[data-label="会社名"]').innerText()).trim();
  const paidTotals = await totals(page);
  await shoot(page, "sales-list");

  // The month's CSV: Shift_JIS, quoted, CRLF, the row as the list shows it.
  const { file, text, records } = await downloadCsv(page);
  expect(file.suggestedFilename()).toBe(`sales-${month}.csv`);
  if (process.env.E2E_SHOTS) console.log(`sales-${month}.csv decoded:\n${text}`);
  expect(records[0]).toEqual([
    "売上ID",
    "計上日",
    "申込ID",
    "注文番号",
    "広告タイトル",
    "広告主ID",
    "会社名",
    "地域",
    "エリア",
    "コース",
    "金額(税抜)",
    "消費税",
    "合計",
  ]);
  const csvRow = records.find((r) => r[0] === saleId)!;
  expect(csvRow).toBeDefined();
  expect(csvRow.slice(0, 5)).toEqual([
    saleId,
    paidDate.replaceAll("-", "/"),
    applicationId,
    expect.stringMatching(/^\d+$/),
    title.replace("¥", "￥").replace("🍜", "〓"),
  ]);
  expect(csvRow.slice(6)).toEqual([
    companyName,
    "関東",
    "渋谷区",
    expect.stringContaining("1ヶ月"),
    "30000",
    "3000",
    "33000",
  ]);
  // The CSV's sums are the screen's totals.
  const sum = (column: number) => records.slice(1).reduce((n, r) => n + Number(r[column]), 0);
  expect({ net: sum(10), tax: sum(11), gross: sum(12) }).toEqual(paidTotals);

  // Month links: 前月 and back with 翌月.
  await page.getByRole("link", { name: "前月" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/administrator/sales\\?month=${shiftMonth(month, -1)}$`),
  );
  await expect(
    page.getByRole("heading", { name: `売上一覧 ${monthLabel(shiftMonth(month, -1))}` }),
  ).toBeVisible();
  await expect(page.getByTestId("sale-row").filter({ hasText: title })).toHaveCount(0);
  await page.getByRole("link", { name: "翌月" }).click();
  await expect(page).toHaveURL(new RegExp(`/administrator/sales\\?month=${month}$`));
  await expect(page.getByTestId("sale-row").filter({ hasText: title })).toHaveCount(1);

  // The first month of the range: no 前月, and nothing sold then.
  await page.getByLabel("月を選択").selectOption({ label: "2020年9月" });
  await page.getByRole("button", { name: "表示" }).click();
  await expect(page).toHaveURL(/\/administrator\/sales\?month=2020-09$/);
  await expect(page.getByRole("heading", { name: "売上一覧 2020年9月" })).toBeVisible();
  await expect(page.getByText("売上はありません。", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "前月" })).toHaveCount(0);
  await expect(page.getByTestId("sales-total-gross")).toHaveText("0円");
  await shoot(page, "sales-empty");

  // 未入金に戻す records a reversal: a negative row, and the totals drop by the sale's amount.
  await page.goto(`/administrator/advertisements/${id}/detail`);
  await page.getByRole("button", { name: "未入金に戻す" }).click();
  const confirm = page.getByRole("dialog", { name: "未入金に戻す" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "未入金に戻す" }).click();
  await expect(confirm).toBeHidden();
  await openMonth(page, month);
  const rows = page.getByTestId("sale-row").filter({ hasText: title });
  await expect(rows).toHaveCount(2);
  const reversal = rows.filter({ hasText: "取消" });
  await expect(reversal.locator('td[data-label="合計"]')).toHaveText("-33,000円");
  expect(await totals(page)).toEqual({
    net: paidTotals.net - 30000,
    tax: paidTotals.tax - 3000,
    gross: paidTotals.gross - 33000,
  });
  await shoot(page, "sales-reversal");

  // Paid again after the reversal (issue 30 #11): the rows read in the order things happened,
  // payment, reversal, payment, on the screen and in the CSV.
  await page.goto(`/administrator/advertisements/${id}/detail`);
  await page.getByRole("button", { name: "入金済みにする" }).click();
  const again = page.getByRole("dialog", { name: "入金済みにする" });
  await again.getByRole("button", { name: "入金済みにする" }).click();
  await expect(again).toBeHidden();
  await openMonth(page, month);
  const gross = page
    .getByTestId("sale-row")
    .filter({ hasText: title })
    .locator('td[data-label="合計"]');
  await expect(gross).toHaveText(["33,000円", "-33,000円", "33,000円"]);
  const rowsInCsv = (await downloadCsv(page)).records
    .filter((r) => r[2] === applicationId)
    .map((r) => r[12]);
  expect(rowsInCsv).toEqual(["33000", "-33000", "33000"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the month select and the month links work", async ({ page }) => {
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await openMonth(page, "2021-03");
    await page.getByLabel("月を選択").selectOption("2020-10");
    await page.getByRole("button", { name: "表示" }).click();
    await expect(page).toHaveURL(/\/administrator\/sales\?month=2020-10$/);
    await expect(page.getByRole("heading", { name: "売上一覧 2020年10月" })).toBeVisible();
    await page.getByRole("link", { name: "前月" }).click();
    await expect(page.getByRole("heading", { name: "売上一覧 2020年9月" })).toBeVisible();
    await expect(page.getByText("売上はありません。", { exact: true })).toBeVisible();
  });
});
