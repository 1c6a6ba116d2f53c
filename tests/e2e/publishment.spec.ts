// Applying for a publication period: region → locality, start date, course, confirm, submit.
import { addCalendarDays } from "../../shared/calendar-days";
import { computeEndDate } from "../../app/domain/publishment";
import { earliestStartDate } from "../../app/domain/publishment";
import { slashDate } from "../../shared/calendar-days";
import { SHOP, expect, login, test } from "./support";

test("an advertiser applies for publication of a draft ad", async ({ page }) => {
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  // Ad 13 is one of the demo advertiser's drafts (no order yet).
  await page.goto("/advertiser/advertisements/13/publishment");
  await expect(page.getByRole("heading", { name: "掲載申込" })).toBeVisible();

  const earliest = earliestStartDate(new Date());
  await page.getByLabel("掲載地域").selectOption({ label: "関東" });
  await page.getByLabel("エリア").selectOption({ label: "渋谷区" });
  await page.getByLabel("掲載開始希望日").fill(addCalendarDays(earliest, -1));
  await page.getByRole("radio", { name: /^1ヶ月掲載/ }).check();
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(
    page.getByText(`掲載開始日は${slashDate(earliest)}以降を選択してください。`),
  ).toBeVisible();

  const start = addCalendarDays(earliest, 1);
  await page.getByLabel("掲載開始希望日").fill(start);
  await page.getByRole("button", { name: "次へ" }).click();
  const end = computeEndDate(start, { periodType: "month", months: 1 });
  await expect(page.getByText(`${slashDate(start)} 〜 ${slashDate(end)}`)).toBeVisible();
  await expect(page.getByText("30,000円（税抜） ＋ 消費税 3,000円 ＝ 33,000円")).toBeVisible();
  await expect(page.getByLabel("掲載開始希望日")).toBeHidden();
  // The confirm phase of every form has 修正 and 送信 (SPEC §2).
  await expect(page.getByRole("button", { name: "修正" })).toBeVisible();
  await expect(page.getByText("よろしければ「送信」を押してください。")).toBeVisible();
  await page.getByRole("button", { name: "送信", exact: true }).click();

  await expect(page).toHaveURL(/\/advertiser\/advertisements\/13\/publishment\/complete$/);
  await expect(
    page.getByText("掲載のお申し込みを受け付けました。", { exact: false }),
  ).toBeVisible();
  await expect(page.getByText("審査中")).toBeVisible();

  await page.goto("/advertiser/advertisements/13/publishment");
  await expect(page.getByText("この広告はすでに掲載を申し込んでいます。")).toBeVisible();
});
