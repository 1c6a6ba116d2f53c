// Shared steps of the e2e journeys: the demo accounts, logging in through the real form, and the
// `test` every spec uses, which checks each page a journey passes through with axe-core.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

export { expect };

export const ADMIN = { email: "admin@example.com", password: "admin-password" };
export const SHOP = { email: "shop@example.com", password: "shop-password" };

/** Impacts that fail a test; minor and moderate findings are left to review. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

/** The pages whose context can inject axe (bypassCSP), with the page states already checked. */
const checkedStates = new WeakMap<Page, Set<string>>();

/**
 * Runs axe on the page as the user sees it now and throws on serious or critical violations.
 * The journeys need not call it: the `test` below calls it before every click and `goto` (so each
 * page is checked just before the user leaves it, errors and confirm phases included), when a page
 * closes and at the end of each test. A page state already checked (same URL and markup) is skipped.
 */
export async function expectAccessible(page: Page) {
  const checked = checkedStates.get(page);
  if (!checked || page.isClosed() || page.url() === "about:blank") return;
  const state = await page
    .evaluate(() => `${location.href}\n${document.documentElement.outerHTML}`)
    .catch(() => null); // the page is mid-navigation: the next action checks the new one
  if (state === null || checked.has(state)) return;
  checked.add(state);
  const results = await new AxeBuilder({ page }).analyze();
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

export const test = base.extend<{ checkAccessibility: void }>({
  // axe is injected as a script; our enforced CSP would refuse it (STACK-NOTES 20). Test only.
  bypassCSP: true,
  checkAccessibility: [
    async ({ page, context }, use) => {
      checkedStates.set(page, new Set());
      context.on("page", (popup) => checkedStates.set(popup, new Set()));
      hookActions(page);
      await use();
      for (const open of context.pages()) await expectAccessible(open);
    },
    { auto: true },
  ],
});

export async function login(page: Page, account: { email: string; password: string }) {
  await page.goto("/");
  await page.getByLabel("メールアドレス").fill(account.email);
  await page.getByLabel("パスワード", { exact: false }).first().fill(account.password);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

/** The application ids of the ad table, top to bottom. */
export async function applicationIds(page: Page): Promise<string[]> {
  const table = page.locator("table.data-table");
  await expect(table).toBeVisible();
  return table.locator("tbody tr td:nth-child(7)").allInnerTexts();
}

/** The second demo advertiser: journeys that create ads use it, so the shop's list stays as seeded. */
export const OTHER = { email: "other@example.com", password: "other-password" };
