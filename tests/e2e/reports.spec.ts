// Access reports (issue 12) against the real stack and the demo seed: the advertiser's report of
// its live ad (the demo "publishing" ad has daily figures for the 30 days before today) with month
// links, table, chart and CSV; another advertiser's 404; the administrators' per-ad report and the
// lookup by article URL (AdministratorAdReportIndex); and both with JavaScript disabled.
// Months are read from the pages (never from the test's clock): the 30 seeded days always fall in
// the current month or the one before, so one of the two has rows.
import type { APIRequestContext, Page } from "@playwright/test";
import { shiftMonth } from "../../app/domain/report";
import { ADMIN, OTHER, SHOP, expect, login, test } from "./support";

const LIVE_AD_TITLE = "カフェ・ド・デモ 渋谷本店 3rd Anniversary";

/** The demo live ad's id and article URL, as the API gives them to its owner. */
async function liveAd(request: APIRequestContext): Promise<{ id: number; postUrl: string }> {
  const auth = await request.post("/api/authentication_token", {
    data: { email: SHOP.email, password: SHOP.password },
  });
  expect(auth.ok()).toBe(true);
  const { token } = (await auth.json()) as { token: string };
  const list = await request.get("/api/adv/posts?itemsPerPage=100", {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/ld+json" },
  });
  expect(list.ok()).toBe(true);
  const body = (await list.json()) as Record<string, unknown>;
  const members = (body["hydra:member"] ?? body.member) as {
    id: number;
    title: string | null;
    publicAdvertisement: { postUrl: string | null } | null;
  }[];
  const ad = members.find((p) => p.title === LIVE_AD_TITLE);
  expect(ad?.publicAdvertisement?.postUrl, "the demo live ad and its article URL").toBeTruthy();
  return { id: ad!.id, postUrl: ad!.publicAdvertisement!.postUrl! };
}

/** The month in the page title 'アクセスレポート YYYY-MM'. */
async function shownMonth(page: Page): Promise<string> {
  const heading = page.getByRole("heading", { level: 1, name: /^アクセスレポート \d{4}-\d{2}$/ });
  await expect(heading).toBeVisible();
  return (await heading.innerText()).slice(-7);
}

const dataRows = (page: Page) =>
  page.locator("table tbody tr").filter({ hasText: /^\s*\d{4}\/\d{2}\/\d{2}/ });

/** Goes back one month when the shown one has no rows yet (e.g. on the 1st). */
async function monthWithRows(page: Page): Promise<string> {
  const current = await shownMonth(page);
  if ((await dataRows(page).count()) > 0) return current;
  await page.getByRole("link", { name: "前月" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${shiftMonth(current, -1)}`));
  const previous = await shownMonth(page);
  expect(previous).toBe(shiftMonth(current, -1));
  await expect(dataRows(page).first()).toBeVisible();
  return previous;
}

const monthNav = (page: Page) => page.getByRole("navigation", { name: "月の切り替え" });

test("an advertiser reads its live ad's report: months, table, chart and CSV", async ({
  page,
  request,
}) => {
  const { id } = await liveAd(request);
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  const report = `/advertiser/advertisements/${id}/report`;
  await page.goto(report);
  const current = await shownMonth(page);
  await expect(page.getByText(LIVE_AD_TITLE)).toBeVisible();
  // The current month: no 翌月 link, 前月 links the month before.
  await expect(monthNav(page).getByRole("link", { name: "翌月" })).toHaveCount(0);
  await expect(monthNav(page).getByText("翌月")).toHaveAttribute("aria-disabled", "true");
  await expect(monthNav(page).getByRole("link", { name: "前月" })).toHaveAttribute(
    "href",
    `${report}?month=${shiftMonth(current, -1)}`,
  );
  for (const column of [
    "日付",
    "リスト表示回数(imp)",
    "クリック回数(click)",
    "クリック率(CTR)",
    "広告URL閲覧回数(PV)",
    "リンク1クリック数",
    "リンク2クリック数",
    "リンク3クリック数",
    "備考",
  ])
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();

  const month = await monthWithRows(page);
  const rows = await dataRows(page).count();
  // Seeded days have impressions: CTR is a percentage with two decimals.
  await expect(dataRows(page).first().locator("td").nth(3)).toHaveText(/^\d+\.\d{2}%$/);
  const chart = page.getByRole("img", { name: `${month} の日別リスト表示回数とクリック回数` });
  await expect(chart).toBeVisible();
  await expect(chart.locator("desc")).toContainText("リスト表示回数");
  if (month !== current) {
    await expect(monthNav(page).getByRole("link", { name: "翌月" })).toHaveAttribute(
      "href",
      `${report}?month=${current}`,
    );
  }

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "CSVダウンロード" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`report-${id}-${month}.csv`);
  const bytes = await streamBytes(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = new TextDecoder().decode(bytes).split("\r\n");
  expect(lines[0]).toBe(
    "日付,リスト表示回数(imp),クリック回数(click),クリック率(CTR),広告URL閲覧回数(PV),リンク1クリック数,リンク2クリック数,リンク3クリック数,備考",
  );
  expect(lines.at(-1)).toBe("");
  expect(lines.slice(1, -1)).toHaveLength(rows);

  await page.getByRole("link", { name: "広告詳細へ戻る" }).click();
  await expect(page).toHaveURL(new RegExp(`/advertiser/advertisements/${id}$`));
});

test("a month out of range shows the current month", async ({ page, request }) => {
  const { id } = await liveAd(request);
  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  await page.goto(`/advertiser/advertisements/${id}/report`);
  const current = await shownMonth(page);
  for (const month of ["2020-11", "2999-01", "junk"]) {
    await page.goto(`/advertiser/advertisements/${id}/report?month=${month}`);
    expect(await shownMonth(page)).toBe(current);
  }
  await page.goto(`/advertiser/advertisements/${id}/report?month=2020-12`);
  expect(await shownMonth(page)).toBe("2020-12");
  await expect(monthNav(page).getByText("前月")).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("レポートはありません。")).toBeVisible();
});

test("another advertiser's report is not found", async ({ page, request }) => {
  const { id } = await liveAd(request);
  await login(page, OTHER);
  await expect(page).toHaveURL(/\/advertiser$/);
  const response = await page.goto(`/advertiser/advertisements/${id}/report`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText("ページが見つかりません")).toBeVisible();
  await expect(page.getByText(LIVE_AD_TITLE)).toHaveCount(0);
  const csv = await page.request.get(`/advertiser/advertisements/${id}/report/csv`);
  expect(csv.status()).toBe(404);
});

test("an administrator reads an ad's report and looks one up by article URL", async ({
  page,
  request,
}) => {
  const { id, postUrl } = await liveAd(request);
  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await page.goto(`/administrator/advertisements/${id}/report`);
  await shownMonth(page);
  await expect(page.getByText(LIVE_AD_TITLE)).toBeVisible();
  await monthWithRows(page);
  await expect(page.getByRole("link", { name: "広告詳細へ戻る" })).toHaveAttribute(
    "href",
    `/administrator/advertisements/${id}/detail`,
  );

  await page.goto("/administrator");
  await page.getByRole("link", { name: "広告成果レポート" }).click();
  await expect(page).toHaveURL(/\/administrator\/ad_report\/?$/);
  const current = await shownMonth(page);
  const show = page.getByRole("button", { name: "表示" });
  await expect(show).toBeDisabled();
  await expect(monthNav(page).getByText("前月")).toHaveAttribute("aria-disabled", "true");
  await expect(monthNav(page).getByText("翌月")).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("レポートはありません。")).toBeVisible();
  for (const column of ["日付", "リスト表示回数(imp)", "クリック回数(click)", "クリック率(CTR)"])
    await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveCount(6);

  await page.getByLabel("記事URL").fill(postUrl);
  await expect(show).toBeEnabled();
  await show.click();
  await expect(page).toHaveURL(/[?&]url=/);
  expect(await shownMonth(page)).toBe(current);
  // The URL shown again: 表示 waits for a change; 前月 now links, keeping the URL.
  await expect(show).toBeDisabled();
  await expect(monthNav(page).getByRole("link", { name: "前月" })).toBeVisible();
  await monthWithRows(page);
  await expect(page.getByLabel("記事URL")).toHaveValue(postUrl);

  await page.getByLabel("記事URL").fill("https://example.com/no-such-article/");
  await page.getByRole("button", { name: "表示" }).click();
  await expect(page).toHaveURL(/no-such-article/);
  await expect(page.getByText("レポートはありません。")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the report, its chart and month links, and the URL lookup work", async ({
    page,
    request,
  }) => {
    const { id, postUrl } = await liveAd(request);
    await login(page, SHOP);
    await expect(page).toHaveURL(/\/advertiser$/);
    await page.goto(`/advertiser/advertisements/${id}/report`);
    const month = await monthWithRows(page);
    await expect(
      page.getByRole("img", { name: `${month} の日別リスト表示回数とクリック回数` }),
    ).toBeVisible();

    await page.context().clearCookies();
    await login(page, ADMIN);
    await expect(page).toHaveURL(/\/administrator$/);
    await page.goto("/administrator/ad_report/");
    // The server's 表示 always submits: only JavaScript can tell the URL has not changed.
    await expect(page.getByRole("button", { name: "表示" })).toBeEnabled();
    await page.getByLabel("記事URL").fill(postUrl);
    await page.getByRole("button", { name: "表示" }).click();
    await expect(page).toHaveURL(/[?&]url=/);
    await monthWithRows(page);
  });
});

async function streamBytes(download: {
  createReadStream(): Promise<NodeJS.ReadableStream>;
}): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}
