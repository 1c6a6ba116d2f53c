// The publication journey on the built-in news site (issue 12, ADR 0010): an ad approved for
// tomorrow and paid is not on its locality's page yet; moved to today it appears there, with its
// ad frame (badge, eye-catch, 【store name】); the reader's view, click and page view land in the
// ad's report; suspended it leaves the site, resumed it returns. Its own ad, from the second demo
// advertiser, so no other journey's data is touched. Its server, its browser and the spec share one
// fixed "now" (NEWS_SITE_NOW, by default 23:59:59 JST), so "today" cannot change under a run that
// crosses midnight.
import type { Page } from "@playwright/test";
import { addCalendarDays } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { NEWS_SITE_NOW } from "./stack";
import { ADMIN, OTHER, createAndApply, expect, login, test, logout } from "./support";

test.describe.configure({ timeout: 240_000 });

const STORE = "審査テスト商店";

async function changeStartDate(page: Page, date: string) {
  const form = page.getByRole("form", { name: "掲載開始日の変更" });
  await form.getByLabel("新しい掲載開始日").fill(date);
  await form.getByRole("button", { name: "開始日を変更する" }).click();
  await expect(page.getByText(`${date.replaceAll("-", "/")} 〜`).first()).toBeVisible();
}

test("an approved, paid ad is on its news site from its start date; views count; suspend hides it", async ({
  page,
}) => {
  // The browser's Date too (timers keep running): the pages' own "today" is the server's.
  await page.clock.setFixedTime(NEWS_SITE_NOW);
  await login(page, OTHER);
  await expect(page).toHaveURL(/\/advertiser$/);
  const title = `ニュースサイト掲載テスト ${Date.now()}`;
  const { id } = await createAndApply(page, title, true, NEWS_SITE_NOW);
  const frameName = `${title}【${STORE}】`;

  // The editors approve it for tomorrow and mark it paid.
  await logout(page);
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  const detail = `/administrator/advertisements/${id}/detail`;
  await page.goto(detail);
  const today = tokyoDate(NEWS_SITE_NOW);
  const approve = page.getByRole("form", { name: "承認" });
  await approve.getByLabel("掲載開始日").fill(addCalendarDays(today, 1));
  await approve.getByRole("button", { name: "承認する" }).click();
  await expect(page.getByText("広告を承認しました。")).toBeVisible();
  const open = page.getByRole("button", { name: "入金済みにする" });
  await expect(open).toHaveAttribute("aria-haspopup", "dialog");
  await open.click();
  const dialog = page.getByRole("dialog", { name: "入金済みにする" });
  await dialog.getByRole("button", { name: "入金済みにする" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("支払済み").first()).toBeVisible();

  // Paid and approved: the copy exists (its URL is shown), but not before its start date.
  const postLink = page.getByRole("link", { name: /\/site\/\d+\/ads\/\d+$/ });
  await expect(postLink).toBeVisible();
  const postUrl = new URL((await postLink.getAttribute("href"))!, page.url());
  const localityPage = postUrl.pathname.replace(/\/ads\/\d+$/, "");
  await page.goto(localityPage);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: frameName })).toHaveCount(0);
  const early = await page.request.get(postUrl.pathname);
  expect(early.status()).toBe(404);

  // Moved to today, it is on the locality page: badge, eye-catch and 【store name】.
  await page.goto(detail);
  await changeStartDate(page, today);
  await page.goto(localityPage);
  const frame = page.getByRole("link", { name: frameName });
  await expect(frame).toBeVisible();
  // The eye-catch is decorative beside the title (alt=""), so it is found as an element.
  await expect(frame.locator("img")).toBeVisible();
  await frame.click();
  await expect(page).toHaveURL(new RegExp(`${postUrl.pathname}$`));
  await expect(page.getByText(title).first()).toBeVisible();

  // One list impression, one click and one page view today, in the table and the chart.
  await page.goto(`/administrator/advertisements/${id}/report`);
  const row = page.getByRole("row").filter({ hasText: today.replaceAll("-", "/") });
  await expect(row.getByRole("cell")).toHaveText([
    today.replaceAll("-", "/"),
    "1",
    "1",
    "100.00%",
    "1",
    "0",
    "0",
    "0",
    /.*/,
  ]);
  await expect(page.getByRole("img", { name: /日別リスト表示回数とクリック回数/ })).toBeVisible();

  // Suspended, it leaves the site at once; resumed, it is back.
  await page.goto(detail);
  await page.getByRole("link", { name: "掲載停止", exact: true }).click();
  await page.getByRole("button", { name: "掲載を停止する" }).click();
  await expect(page.getByText("掲載を停止しました。")).toBeVisible();
  await page.goto(localityPage);
  await expect(page.getByRole("link", { name: frameName })).toHaveCount(0);
  await page.goto(detail);
  await page.getByRole("link", { name: "掲載再開", exact: true }).click();
  await page.getByRole("button", { name: "掲載を再開する" }).click();
  await expect(page.getByText("掲載を再開しました。")).toBeVisible();
  await page.goto(localityPage);
  await expect(page.getByRole("link", { name: frameName })).toBeVisible();
});
