// Course administration (issue 13, SPEC §2 Course list, new and edit): an editor creates a day
// course, an advertiser is offered it and its end date follows it; deactivated, it is offered no
// more; the form works without JavaScript (both period fields shown, the other one ignored).
import type { Browser, Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { addCalendarDays } from "../../shared/calendar-days";
import { computeEndDate } from "../../app/domain/publishment";
import { earliestStartDate } from "../../app/domain/publishment";
import { slashDate } from "../../shared/calendar-days";
import { ADMIN, OTHER, expect, login, shoot, test } from "./support";

/** A name no other run or spec uses (the data dir is fresh per run, but specs share it). */
const unique = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

async function loginAs(page: Page, account: { email: string; password: string }, home: RegExp) {
  await login(page, account);
  await expect(page).toHaveURL(home);
}

/** An advertiser's fresh draft, on its publication application page; answers its id. */
async function draftOnApplication(page: Page, title: string) {
  await page.goto("/advertiser/advertisements/new");
  await page.getByLabel("タイトル").fill(title);
  await page.getByLabel("本文1").fill("コースの確認用です。");
  await page.getByLabel("店名").fill("コース確認商店");
  await page.getByLabel("住所").fill("東京都渋谷区神宮前1-1-1");
  await page.getByLabel("掲載用電話番号").fill("03-1111-2222");
  await page
    .getByLabel("画像1", { exact: true })
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: tinyPng(64, 48) });
  await expect(page.getByRole("img", { name: "画像1" })).toBeVisible();
  await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
  return page.url().match(/advertisements\/(\d+)\//)![1]!;
}

/** Fills the course form's input phase (with JS: the period field appears once the type is chosen). */
async function fillCourse(
  page: Page,
  course: { name: string; price: string; note?: string; type: "月単位" | "日単位"; n: string },
) {
  await page.getByLabel("コース名称").fill(course.name);
  await page.getByLabel("価格(税抜)").fill(course.price);
  if (course.note !== undefined) await page.getByLabel("備考(割引%表示など)").fill(course.note);
  await page.getByLabel("掲載期間タイプ").selectOption({ label: course.type });
  await page.getByLabel(course.type === "月単位" ? "掲載月数" : "掲載日数").fill(course.n);
}

async function newAdminPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled, bypassCSP: true });
  return context.newPage();
}

test("a new day course is offered to advertisers, its end date follows it; inactive, it is not", async ({
  page,
  browser,
}) => {
  const name = unique("e2e10日コース");
  await loginAs(page, ADMIN, /\/administrator$/);
  await page.goto("/administrator/courses");
  await expect(page.getByRole("heading", { name: "掲載コース管理" })).toBeVisible();
  for (const header of ["管理ID", "有効", "コース名称", "価格(税抜)", "備考", "掲載期間", "操作"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "新規コース登録" }).click();
  await expect(page).toHaveURL(/\/administrator\/courses\/new$/);
  await expect(page.getByTestId("course-id")).toHaveText("(新規)");
  await expect(page.getByLabel("有効(広告主が選択可能)")).toBeChecked();
  await expect(page.getByLabel("掲載期間タイプ").locator("option").first()).toHaveText(
    "月単位 or 日単位",
  );
  // With JS neither period field shows until a type is chosen, then only that type's.
  await expect(page.getByLabel("掲載月数")).toBeHidden();
  await expect(page.getByLabel("掲載日数")).toBeHidden();

  // The chosen type's field is required: empty, it is refused beside the field.
  await page.getByLabel("コース名称").fill(name);
  await page.getByLabel("価格(税抜)").fill("11000");
  await page.getByLabel("掲載期間タイプ").selectOption({ label: "月単位" });
  await expect(page.getByLabel("掲載月数")).toBeVisible();
  await expect(page.getByText("開始日 ＋ N ヶ月")).toBeVisible();
  await page.getByLabel("掲載期間タイプ").selectOption({ label: "日単位" });
  await expect(page.getByLabel("掲載月数")).toBeHidden();
  await expect(page.getByLabel("掲載日数")).toBeVisible();
  await expect(page.getByText("開始日 ＋ N 日 − 1 日")).toBeVisible();
  await page.getByLabel("掲載日数").fill("10");
  await page.getByLabel("備考(割引%表示など)").fill("お試し10%OFF");
  await page.getByRole("button", { name: "次へ" }).click();

  // Confirm: the values, 有効, the period as the lists show it.
  await expect(page.getByRole("button", { name: "修正" })).toBeVisible();
  const confirm = page.locator(".confirm-list");
  await expect(confirm).toContainText("(新規)");
  await expect(confirm).toContainText(name);
  await expect(confirm).toContainText("11,000円（税抜）");
  await expect(confirm).toContainText("お試し10%OFF");
  await expect(confirm).toContainText("日単位");
  await expect(confirm).toContainText("10 日");
  await expect(confirm.getByText("有効", { exact: true }).last()).toBeVisible();
  await page.getByRole("button", { name: "送信", exact: true }).click();

  await expect(page).toHaveURL(/\/administrator\/courses\/\d+\/edit\/complete$/);
  const courseId = page.url().match(/courses\/(\d+)\//)![1]!;
  await expect(page.getByText("コース情報の登録/修正が完了しました。")).toBeVisible();
  await expect(page.getByRole("link", { name: "管理画面TOPへ" })).toBeVisible();
  await page.getByRole("link", { name: "コース一覧へ" }).click();
  await expect(page).toHaveURL(/\/administrator\/courses$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("11,000円（税抜）");
  await expect(row).toContainText("10 日");
  await expect(row.getByRole("cell", { name: "有効", exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: courseId, exact: true })).toHaveAttribute(
    "href",
    `/administrator/courses/${courseId}/edit`,
  );

  // The advertiser is offered it at once, and the end date is start + 10 days − 1.
  const advertiser = await newAdminPage(browser);
  await loginAs(advertiser, OTHER, /\/advertiser$/);
  const adId = await draftOnApplication(advertiser, unique("コース確認"));
  const start = addCalendarDays(earliestStartDate(new Date()), 2);
  await advertiser.getByLabel("掲載地域").selectOption({ label: "関東" });
  await advertiser.getByLabel("エリア").selectOption({ label: "渋谷区" });
  await advertiser.getByLabel("掲載開始希望日").fill(start);
  await advertiser.getByRole("radio", { name: `${name}（10 日）` }).check();
  await advertiser.getByRole("button", { name: "次へ" }).click();
  const end = computeEndDate(start, { periodType: "day", days: 10 });
  expect(end).toBe(addCalendarDays(start, 9));
  await expect(advertiser.getByText(`${slashDate(start)} 〜 ${slashDate(end)}`)).toBeVisible();
  await expect(
    advertiser.getByText("11,000円（税抜） ＋ 消費税 1,100円 ＝ 12,100円"),
  ).toBeVisible();

  // The editor deactivates it: the next visit of the application does not offer it.
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: /編集/ }).click();
  await expect(page).toHaveURL(`/administrator/courses/${courseId}/edit`);
  await expect(page.getByTestId("course-id")).toHaveText(courseId);
  await expect(page.getByLabel("掲載日数")).toHaveValue("10");
  await expect(page.getByLabel("掲載月数")).toBeHidden();
  await page.getByLabel("有効(広告主が選択可能)").uncheck();
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.locator(".confirm-list")).toContainText("無効");
  await page.getByRole("button", { name: "送信", exact: true }).click();
  await expect(page).toHaveURL(`/administrator/courses/${courseId}/edit/complete`);
  await page.getByRole("link", { name: "コース一覧へ" }).click();
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("cell", { name: "有効", exact: true }),
  ).toHaveCount(0);

  await advertiser.goto(`/advertiser/advertisements/${adId}/publishment`);
  await expect(advertiser.getByRole("radio", { name: /^1ヶ月掲載/ })).toBeVisible();
  await expect(advertiser.getByRole("radio", { name: new RegExp(name) })).toHaveCount(0);
  await advertiser.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the course form: both period fields shown, the other type's ignored", async ({ page }) => {
    const name = unique("e2e2ヶ月コース");
    await loginAs(page, ADMIN, /\/administrator$/);
    await page.goto("/administrator/courses/new");
    await expect(page.getByLabel("掲載月数")).toBeVisible();
    await expect(page.getByLabel("掲載日数")).toBeVisible();
    await page.getByLabel("コース名称").fill(name);
    await page.getByLabel("価格(税抜)").fill("50000");
    await page.getByLabel("掲載期間タイプ").selectOption({ label: "月単位" });
    // A month course with days typed too: the days are ignored.
    await page.getByLabel("掲載日数").fill("5");
    await page.getByRole("button", { name: "次へ" }).click();
    // The chosen type's field is required.
    await expect(page.getByText("エラーがあります。入力内容をご確認ください。")).toBeVisible();
    await expect(page.locator(".field-error")).toHaveText(["入力してください。"]);
    await expect(page.locator('[id$="-months-error"]')).toBeVisible();
    await expect(page.getByLabel("コース名称")).toHaveValue(name);
    await page.getByLabel("掲載月数").fill("2");
    await page.getByRole("button", { name: "次へ" }).click();

    const confirm = page.locator(".confirm-list");
    await expect(confirm).toContainText("月単位");
    await expect(confirm).toContainText("2 ヶ月");
    await expect(confirm).not.toContainText("5 日");
    await expect(confirm).toContainText("50,000円（税抜）");
    // 修正 keeps the values; then 送信.
    await page.getByRole("button", { name: "修正" }).click();
    await expect(page.getByLabel("掲載月数")).toHaveValue("2");
    await page.getByRole("button", { name: "次へ" }).click();
    await page.getByRole("button", { name: "送信", exact: true }).click();

    await expect(page).toHaveURL(/\/administrator\/courses\/\d+\/edit\/complete$/);
    const courseId = page.url().match(/courses\/(\d+)\//)![1]!;
    await expect(page.getByText("コース情報の登録/修正が完了しました。")).toBeVisible();
    await page.getByRole("link", { name: "コース一覧へ" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("2 ヶ月");
    await page.goto(`/administrator/courses/${courseId}/edit`);
    await expect(page.getByLabel("掲載月数")).toHaveValue("2");
    await expect(page.getByLabel("掲載日数")).toHaveValue("");
  });
});

test("screenshots of the course screens at 1280 and 375 px (with E2E_SHOTS)", async ({ page }) => {
  test.skip(!process.env.E2E_SHOTS, "screenshots only when E2E_SHOTS names a folder");
  await loginAs(page, ADMIN, /\/administrator$/);
  const shot = (name: string) => shoot(page, name);
  await page.goto("/administrator/courses");
  await expect(page.getByRole("heading", { name: "掲載コース管理" })).toBeVisible();
  await shot("list");
  await page.goto("/administrator/courses/new");
  await fillCourse(page, { name: unique("画面確認"), price: "30000", type: "月単位", n: "3" });
  await shot("form-month");
  await page.getByLabel("掲載期間タイプ").selectOption({ label: "日単位" });
  await page.getByLabel("掲載日数").fill("14");
  await shot("form-day");
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByRole("button", { name: "修正" })).toBeVisible();
  await shot("confirm");
  await page.getByRole("button", { name: "送信", exact: true }).click();
  await expect(page.getByText("コース情報の登録/修正が完了しました。")).toBeVisible();
  await shot("complete");
});
