// Tap targets on a phone (issue 30 #16): at 375 px every link, button and form control of the main
// pages is at least 24 × 24 CSS px (WCAG 2.2 AA 2.5.8 Target Size (Minimum)), and a primary action
// (a filled button) at least 44 px tall; then at 1280 px again, where the tables' sort links show. Exempt, as WCAG exempts them: a link inside a sentence
// (its block holds text of its own: the line height sets its size), and what is not drawn (hidden,
// or visually hidden until focused, such as a skip link).
import type { Page } from "@playwright/test";
import { ADMIN, SHOP, expect, login, logout, test } from "./support";

test.use({ viewport: { width: 375, height: 812 } });
// Many pages, each measured: longer than one journey on a busy machine.
test.describe.configure({ timeout: 180_000 });

type Finding = { page: string; target: string; width: number; height: number; need: string };

/** Measures the page's targets in the browser; answers those under their size. */
async function undersized(page: Page): Promise<Finding[]> {
  await page.waitForLoadState("networkidle");
  const path = new URL(page.url()).pathname;
  const width = page.viewportSize()?.width ?? 0;
  const found = await page.evaluate((phone) => {
    const SELECTOR = [
      "a[href]",
      "button",
      'input:not([type="hidden"])',
      "select",
      "textarea",
      "summary",
      '[role="button"]',
      '[role="link"]',
      '[role="radio"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(",");
    /** Not drawn: hidden, or inside something visually hidden (a 1 px clip: a phone's table head). */
    const drawn = (el: Element, r: DOMRect) => {
      if (r.width <= 1 || r.height <= 1) return false;
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.visibility === "hidden" || style.display === "none") return false;
        const box = node.getBoundingClientRect();
        if (style.overflow !== "visible" && (box.width <= 1 || box.height <= 1)) return false;
      }
      return true;
    };
    /** A link in running text: its nearest block holds text outside any control. */
    const inSentence = (el: Element) => {
      if (el.tagName !== "A") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith("inline")) {
        block = block.parentElement;
      }
      if (!block) return false;
      const clone = block.cloneNode(true) as Element;
      clone.querySelectorAll(SELECTOR).forEach((control) => control.remove());
      return (clone.textContent ?? "").trim().length > 0;
    };
    const name = (el: Element) => {
      const label =
        el.getAttribute("aria-label") ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        "";
      const kind =
        el.tagName.toLowerCase() + (el.getAttribute("type") ? `[${el.getAttribute("type")}]` : "");
      return `${kind} "${label.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    };
    const out: { target: string; width: number; height: number; need: string }[] = [];
    for (const el of document.querySelectorAll(SELECTOR)) {
      const r = el.getBoundingClientRect();
      if (!drawn(el, r) || inSentence(el)) continue;
      const size = { width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
      if (r.width < 24 || r.height < 24) out.push({ target: name(el), ...size, need: "24×24" });
      else if (phone && el.matches(".btn-filled:not(.btn-xs)") && r.height < 44) {
        out.push({ target: name(el), ...size, need: "44 tall (primary)" });
      }
    }
    return out;
  }, width <= 576);
  return found.map((finding) => ({ page: `${path} @${width}`, ...finding }));
}

/** The phone (375 px) first; then a desktop, where the table heads (sort links) are drawn. */
async function measure(page: Page, paths: string[], findings: Finding[]) {
  for (const path of paths) {
    await page.goto(path);
    findings.push(...(await undersized(page)));
    await page.setViewportSize({ width: 1280, height: 900 });
    findings.push(...(await undersized(page)));
    await page.setViewportSize({ width: 375, height: 812 });
  }
}

test("every control of the public, advertiser and administrator pages is a 24 px target at 375 px; primary actions 44 px", async ({
  page,
}) => {
  const findings: Finding[] = [];
  await measure(page, ["/", "/advertiser/new", "/trial/"], findings);

  await login(page, SHOP);
  await expect(page).toHaveURL(/\/advertiser$/);
  // The list sorted (its sort links and pages), an ad's detail, and an ad not yet applied for
  // (the application form's course radios): the oldest demo ads come first.
  await page.goto("/advertiser?sort=id&order=asc");
  const detail = page.getByRole("link", { name: "詳細", exact: true });
  const detailHref = await detail.first().getAttribute("href");
  const notApplied = page.getByRole("row").filter({ hasText: "掲載申込前" });
  const notAppliedHref = await notApplied
    .getByRole("link", { name: "詳細", exact: true })
    .first()
    .getAttribute("href");
  // An order still to be paid: the payment choice (card holder fields, three ways to pay).
  const unpaidHref = await page
    .getByRole("row")
    .filter({ hasText: /支払前|入金待ち/ })
    .getByRole("link", { name: "詳細", exact: true })
    .first()
    .getAttribute("href");
  await measure(
    page,
    [
      "/advertiser",
      "/advertiser?sort=id&order=asc&page=2",
      detailHref!,
      `${notAppliedHref}/publishment`,
      `${unpaidHref}/publishment/complete`,
      "/advertiser/advertisements/new",
      "/advertiser/contact",
      "/advertiser/edit",
    ],
    findings,
  );
  await logout(page);

  await login(page, ADMIN);
  await expect(page).toHaveURL(/\/administrator$/);
  await measure(
    page,
    [
      "/administrator",
      "/administrator/advertisements",
      "/administrator/advertisers",
      "/administrator/courses",
      "/administrator/areas",
      "/administrator/sales",
    ],
    findings,
  );

  expect(
    findings,
    findings.map((f) => `${f.page} ${f.target} ${f.width}×${f.height} (${f.need})`).join("\n"),
  ).toEqual([]);
});
