// Shared steps of the e2e journeys: the demo accounts, logging in through the real form, and the
// `test` every spec uses, which checks each page a journey passes through with axe-core.
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { tinyPng } from "../../api/testing/images";
import { addCalendarDays } from "../../shared/calendar-days";
import { earliestStartDate } from "../../app/domain/publishment";
import { decodeShiftJis, parseCsv } from "../csv";

export { expect };

export const ADMIN = { email: "admin@example.com", password: "admin-password" };
export const SHOP = { email: "shop@example.com", password: "shop-password" };

/** Impacts that fail a test; minor and moderate findings are left to review. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** The pages being checked, each with its page states already checked. */
const checkedStates = new WeakMap<Page, Set<string>>();
/**
 * For journeys with JavaScript disabled: axe cannot run in those pages (evaluate hangs), so their
 * markup, read over CDP, is served at the same URL to this JS-enabled page (scripts removed) and
 * axe runs there, with the same stylesheets and viewport.
 */
const mirrors = new WeakMap<Page, Page>();

async function markupOf(page: Page): Promise<string | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { outerHTML } = await cdp.send("DOM.getOuterHTML", { nodeId: root.nodeId });
    return outerHTML;
  } catch {
    return null; // mid-navigation
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/**
 * Waits for the page's finite animations and transitions (a modal fading in or out) to end: axe
 * reads colours as they are painted, and a half-faded dialog fails contrast it passes at rest.
 */
async function transitionsSettled(page: Page) {
  await page
    .evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      // A JS-driven transition (Mantine's) starts a frame or two after its trigger: look again
      // after two frames until nothing finite is running (bounded).
      for (let round = 0; round < 20; round++) {
        await frame();
        await frame();
        const running = document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
        if (running.length === 0) return;
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
      }
    })
    .catch(() => undefined);
}

/**
 * Runs axe on the page as the user sees it now and throws on serious or critical violations.
 * The journeys need not call it: the `test` below calls it before every click and `goto` (so each
 * page is checked just before the user leaves it, errors and confirm phases included), when a page
 * closes and at the end of each test. A page state already checked (same URL and markup) is skipped.
 */
export async function expectAccessible(page: Page) {
  const checked = checkedStates.get(page);
  if (!checked || page.isClosed() || !page.url().startsWith("http")) return;
  // A click returns once its navigation commits: on a busy machine the new page may still be
  // arriving, its parser stopped inside a link whose text has not come yet (axe then finds a link
  // with no name). Judge the page once it is parsed, as the user gets it.
  await page.waitForLoadState("domcontentloaded").catch(() => undefined);
  if (page.isClosed()) return;
  const mirror = mirrors.get(page);
  const markup = mirror
    ? await markupOf(page)
    : await page.evaluate(() => document.documentElement.outerHTML).catch(() => null);
  const state = `${page.url()}\n${markup}`;
  if (markup === null || checked.has(state)) return;
  checked.add(state);
  const target = mirror ? await showInMirror(page, markup) : page;
  await transitionsSettled(target);
  const results = await new AxeBuilder({ page: target }).analyze();
  const failing = results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ""));
  const report = failing.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary ?? ""}`).join("\n"),
  );
  expect(report, `axe on ${page.url()}`).toEqual([]);
}

// Hooks the actions that leave a page, once per worker: Playwright has no "before action" event,
// and checking on each load would race the journey's next step (and miss client-side navigations).
/** How long a mirror may take to load a page before it is replaced by a fresh one. */
const MIRROR_LOAD_TIMEOUT = 30_000;

/**
 * Serves the no-JS page's markup (scripts removed) to its mirror at the same URL and waits until
 * it has loaded with its stylesheets. A mirror page that stalls (seen once on a busy machine: a
 * load that never ended) is replaced by a fresh page and the load tried once more.
 */
async function showInMirror(page: Page, markup: string): Promise<Page> {
  const url = page.url();
  const html = markup.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  for (let attempt = 1; ; attempt++) {
    const mirror = mirrors.get(page)!;
    try {
      await mirror.setViewportSize(page.viewportSize()!);
      await mirror.route(
        url,
        (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
        { times: 1 },
      );
      await mirror.goto(url, { waitUntil: "load", timeout: MIRROR_LOAD_TIMEOUT });
      return mirror;
    } catch (error) {
      if (attempt === 2) throw error;
      const fresh = await mirror.context().newPage();
      mirrors.set(page, fresh);
      await mirror.close().catch(() => {});
    }
  }
}

let hooked = false;
function hookActions(page: Page) {
  if (hooked) return;
  hooked = true;
  const locatorProto = Object.getPrototypeOf(page.locator("body")) as Locator;
  checkBefore(locatorProto, "click", (locator) => locator.page());
  const pageProto = Object.getPrototypeOf(page) as Page;
  checkBefore(pageProto, "goto", (self) => self);
  checkBefore(pageProto, "close", (self) => self);
}

/** Wraps a prototype's method so that the page is checked before the method runs. */
function checkBefore<T extends object>(
  proto: T,
  name: keyof T & string,
  pageOf: (self: T) => Page,
) {
  const original = proto[name] as unknown as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(proto, name, {
    configurable: true,
    writable: true,
    value: async function (this: T, ...args: unknown[]) {
      await expectAccessible(pageOf(this));
      return original.apply(this, args);
    },
  });
}

/** The worker option `portals` (playwright.config.ts): the portals a project's workers share out. */
export type PortalOptions = { portals: string[] };

export const test = base.extend<{ checkAccessibility: void }, PortalOptions>({
  portals: [[], { option: true, scope: "worker" }],
  // Workers running at the same time have different parallel indexes, so with one portal per index
  // no two journeys ever share a server's data, however the specs are spread over the workers.
  baseURL: async ({ baseURL, portals }, provide, testInfo) => {
    await provide(portals.length > 0 ? portals[testInfo.parallelIndex % portals.length] : baseURL);
  },
  // axe is injected as a script; our enforced CSP would refuse it (STACK-NOTES 20). Test only.
  bypassCSP: true,
  checkAccessibility: [
    async ({ page, context, browser, javaScriptEnabled }, use) => {
      const track = (tracked: Page) => checkedStates.set(tracked, new Set());
      track(page);
      context.on("page", track);
      const mirrorContext = javaScriptEnabled
        ? null
        : await browser.newContext({ bypassCSP: true, javaScriptEnabled: true });
      if (mirrorContext) mirrors.set(page, await mirrorContext.newPage());
      hookActions(page);
      await use();
      for (const open of context.pages()) await expectAccessible(open);
      await mirrorContext?.close();
    },
    { auto: true },
  ],
});

/** Logs out and waits for the login page: a login started before the logout ends would find the old session. */
export async function logout(page: Page) {
  await page.getByRole("button", { name: "ログアウト" }).click();
  await expect(page.getByRole("heading", { name: "ログイン" })).toBeVisible();
}

export async function login(page: Page, account: { email: string; password: string }) {
  await page.goto("/");
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(account.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

/** The advertiser's details on the registration and trial forms (AccountFields), by field. */
export type AdvertiserDetails = Partial<
  Record<
    | "email"
    | "password"
    | "passwordConfirm"
    | "companyName"
    | "personInCharge"
    | "tel"
    | "zipCode"
    | "prefecture"
    | "city"
    | "address",
    string
  >
>;

/**
 * Fills the advertiser's details in the form's order (the 郵便番号 before the address it may fill);
 * a field left out is not touched. The trial form's login address has its own label: fill it there.
 */
export async function fillAdvertiser(page: Page, details: AdvertiserDetails) {
  const fields: [keyof AdvertiserDetails, Locator][] = [
    ["email", page.getByLabel("メールアドレス")],
    ["password", page.getByLabel("パスワード", { exact: true })],
    ["passwordConfirm", page.getByLabel("パスワード（確認）")],
    ["companyName", page.getByLabel("会社名・店舗名")],
    ["personInCharge", page.getByLabel("担当者名")],
    ["tel", page.getByLabel("電話番号", { exact: true })],
    ["prefecture", page.getByLabel("都道府県")],
    ["city", page.getByLabel("市区町村")],
    ["address", page.getByLabel("番地・建物名")],
    // Last: with JavaScript a complete code fills the empty address fields when its lookup
    // answers, which could land in the middle of typing one of them (梅田 + 梅田1-1-1).
    ["zipCode", page.getByLabel("郵便番号（ハイフンなし）")],
  ];
  for (const [name, field] of fields) {
    const value = details[name];
    if (value === undefined) continue;
    if (name === "prefecture") await field.selectOption({ label: value });
    else await field.fill(value);
  }
}

/**
 * Registers `account` through the form (/advertiser/new → 次へ → 送信) with `names` at a 渋谷区
 * address, and waits for the completion message.
 */
export async function registerThroughForm(
  page: Page,
  account: { email: string; password: string },
  names: { companyName: string; personInCharge: string },
) {
  await page.goto("/advertiser/new");
  await fillAdvertiser(page, {
    email: account.email,
    password: account.password,
    passwordConfirm: account.password,
    ...names,
    tel: "03-1111-2222",
    zipCode: "1500001",
    prefecture: "東京都",
    city: "渋谷区",
    address: "神宮前1-1-1",
  });
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByText("広告主登録が完了しました。")).toBeVisible();
}

/**
 * A logged-in advertiser changes the e-mail of `account` (to changed-<email>) from My Page and
 * goes back: still logged in, the token the upstream re-issued having replaced the stored one.
 * Answers the new address.
 */
export async function changeEmail(page: Page, account: { email: string }) {
  await page.getByRole("link", { name: "メールアドレスの変更" }).click();
  await expect(page.getByText(account.email)).toBeVisible();
  const newEmail = `changed-${account.email}`;
  await page.getByLabel("新しいメールアドレス").fill(newEmail);
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page).toHaveURL(/\/advertiser\/email\/complete$/);
  await page.getByRole("link", { name: "マイページへ戻る" }).click();
  await expect(page).toHaveURL(/\/advertiser$/);
  return newEmail;
}

/**
 * Sends `text` through お問い合わせ (input, confirm, send), opens the message history and the
 * newest row, whose message must be `text`; answers that row.
 */
export async function sendInquiry(page: Page, text: string) {
  await page.getByLabel("メッセージ").fill(text);
  await page.getByRole("button", { name: "次へ" }).click();
  await expect(page.getByText(text)).toBeVisible();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page.getByText("メッセージを送信しました。")).toBeVisible();
  await page.getByRole("link", { name: "メッセージ履歴を見る" }).click();
  const newest = page.locator("table.data-table tbody tr").first();
  await expect(newest).toContainText("お問い合わせ");
  await newest.getByText("お問い合わせ").click();
  await expect(newest.getByText(text)).toBeVisible();
  return newest;
}

/**
 * Opens 入金済みにする on the ad's administrator detail and answers its dialog. With JS the button
 * opens the modal: wait for that, not the plain form's submit before hydration.
 */
export async function openMarkPaid(page: Page, id: string) {
  await page.goto(`/administrator/advertisements/${id}/detail`);
  const open = page.getByRole("button", { name: "入金済みにする" });
  await expect(open).toHaveAttribute("aria-haspopup", "dialog");
  await open.click();
  return page.getByRole("dialog", { name: "入金済みにする" });
}

/** Downloads the page's CSVダウンロード: the file, its text (Shift_JIS decoded) and its records. */
export async function downloadCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "CSVダウンロード" }).click();
  const file = await download;
  const text = decodeShiftJis(await readFile((await file.path())!));
  return { file, text, records: parseCsv(text) };
}

/** The trial form's registration part: the login address and the company at a 渋谷区 address. */
export async function fillTrialRegistration(page: Page, email: string, companyName: string) {
  await page.getByLabel("ログイン用メールアドレス").fill(email);
  await fillAdvertiser(page, {
    companyName,
    personInCharge: "試用 太郎",
    tel: "03-7777-8888",
    zipCode: "1500041",
    prefecture: "東京都",
    city: "渋谷区",
    address: "神南1-2-3",
  });
}

/** The application ids of the ad table, top to bottom. */
export async function applicationIds(page: Page): Promise<string[]> {
  const table = page.locator("table.data-table");
  await expect(table).toBeVisible();
  return table.locator(`tbody tr td[data-label="申込ID"]`).allInnerTexts();
}

/**
 * Full-page screenshots at 1280 and 375 px for the reviewer, when E2E_SHOTS names a folder (a
 * plain run takes none); the viewport is restored afterwards.
 */
export async function shoot(page: Page, name: string, fullPage = true) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  }
  if (size) await page.setViewportSize(size);
}

/** The second demo advertiser: journeys that create ads use it, so the shop's list stays as seeded. */
export const OTHER = { email: "other@example.com", password: "other-password" };

/**
 * Creates an ad and applies for publication (the 1ヶ月 course); answers its id, start date and title.
 * `now` is the server's "now" (a spec on a fixed-clock server passes its instant).
 */
export async function createAndApply(
  page: Page,
  title: string,
  javaScript: boolean,
  now = new Date(),
) {
  await page.goto("/advertiser/advertisements/new");
  await page.getByLabel("タイトル").fill(title);
  await page.getByLabel("本文1").fill("審査をお願いします。");
  await page.getByLabel("店名").fill("審査テスト商店");
  await page.getByLabel("住所").fill("東京都渋谷区神宮前1-1-1");
  await page.getByLabel("掲載用電話番号").fill("03-1111-2222");
  await page
    .getByLabel("画像1", { exact: true })
    .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: tinyPng(64, 48) });
  // With JS the image uploads at once; wait for it before saving.
  if (javaScript) await expect(page.getByRole("img", { name: "画像1" })).toBeVisible();
  await page.getByRole("button", { name: "原稿プレビュー・申し込み▶" }).click();
  await expect(page).toHaveURL(/\/advertiser\/advertisements\/\d+\/publishment$/);
  const id = page.url().match(/advertisements\/(\d+)\//)![1]!;
  const start = await applyOneMonth(page, now);
  return { id, start, title };
}

/**
 * On an ad's application form: 関東 / 渋谷区, three days after the earliest start (`now` is the
 * server's "now"), the 1ヶ月 course, confirmed and sent. Answers the start date.
 */
export async function applyOneMonth(page: Page, now = new Date()) {
  const start = addCalendarDays(earliestStartDate(now), 3);
  await page.getByLabel("掲載地域").selectOption({ label: "関東" });
  await page.getByLabel("エリア").selectOption({ label: "渋谷区" });
  await page.getByLabel("掲載開始希望日").fill(start);
  await page.getByRole("radio", { name: /^1ヶ月掲載/ }).check();
  await page.getByRole("button", { name: "次へ" }).click();
  await page.getByRole("button", { name: "送信" }).click();
  await expect(page).toHaveURL(/\/publishment\/complete$/);
  return start;
}

/** An ad detail's 原稿ステータス value (the 配信状況 badge may say the same word, issue 30). */
export const manuscriptStatus = (page: Page) =>
  page.locator(".confirm-row").filter({ hasText: "原稿ステータス" }).locator("dd");

/**
 * The first capture of `line` in the newest mail to `email` (whose text matches `subject` when
 * given), read in the demo outbox viewer by an administrator in a context of its own.
 */
export async function fromOutboxMail(
  page: Page,
  { email, line, subject }: { email: string; line: RegExp; subject?: string },
): Promise<string> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const admin = await context.newPage();
  await login(admin, ADMIN);
  await expect(admin).toHaveURL(/\/administrator$/);
  await admin.goto("/administrator/mails");
  let mail = admin
    .getByRole("list", { name: "送信メール" })
    .getByRole("listitem")
    .filter({ hasText: `宛先: ${email}` });
  if (subject) mail = mail.filter({ hasText: subject });
  await expect(mail.first()).toContainText(line);
  const text = await mail.first().innerText();
  await context.close();
  return line.exec(text)![1]!;
}
