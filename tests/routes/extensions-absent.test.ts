// The portal in front of an upstream without our extensions of SPEC §7 (the embedded API answers
// them 404, as the PHP server does), through the real server: every screen still answers, the
// features built on them degrade (computed another way, or hidden with a page saying so), and the
// operator reads one log line per missing call. Its own file: what the process learns is kept.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { messageOf } from "../../app/.server/logger";
import { startStack, type Stack } from "./stack";

const UNAVAILABLE = "この機能は接続先のAPIでは利用できません。";

let stack: Stack;
let admin = "";
let shop = "";
let shopToken = "";
const warnings: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  stack.absentCalls.push(
    /^GET \/api\/adv\/audit_logs$/,
    /^GET \/api\/adv\/mail_outbox$/,
    /^GET \/api\/adv\/administrators\/\d+$/,
    /^GET \/api\/adv\/sales_totals\//,
    /^GET \/api\/adv\/payment_refunds$/,
    /^GET \/api\/adv\/publishment_orders\/\d+\/payment\/bank_transfer$/,
  );
  admin = await stack.loginCookie("admin@example.com", "admin-password");
  ({ cookie: shop, token: shopToken } = await stack.session("shop@example.com", "shop-password"));
  // The lines are JSON (the portal's log): their messages are what the operator reads.
  vi.spyOn(console, "warn").mockImplementation(
    (line: unknown) => void warnings.push(messageOf(line)),
  );
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.close();
});

const page = async (path: string, cookie = admin) => {
  const response = await stack.fetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
};

const linesAbout = (call: string) => warnings.filter((line) => line.includes(call));

it("the dashboard offers no 操作履歴 and no outbox; reached directly, each page says why", async () => {
  const dashboard = await page("/administrator");
  expect(dashboard.status).toBe(200);
  expect(dashboard.html).toContain("広告管理");
  expect(dashboard.html).not.toContain('href="/administrator/audit_logs"');
  expect(dashboard.html).not.toContain('href="/administrator/mails"');

  for (const path of ["/administrator/audit_logs", "/administrator/mails"]) {
    const direct = await page(path);
    expect(direct.status, path).toBe(200);
    expect(direct.html).toContain(UNAVAILABLE);
  }
  // Learnt once per process: more visits ask nothing and log nothing more.
  await page("/administrator");
  await page("/administrator/audit_logs");
  expect(linesAbout("GET /api/adv/audit_logs")).toEqual([
    "upstream has no GET /api/adv/audit_logs: 操作履歴 is hidden from the dashboard and its page says it is unavailable",
  ]);
  expect(linesAbout("GET /api/adv/mail_outbox")).toHaveLength(1);
  // The header names the administrator by the token without the administrators read.
  expect(linesAbout("GET /api/adv/administrators/{id}")).toHaveLength(1);
});

it("売上一覧 shows the month's totals summed from its rows; the CSV is as before", async () => {
  const sales = await page("/administrator/sales");
  expect(sales.status).toBe(200);
  expect(sales.html).toContain('data-testid="sales-total-gross"');
  expect(linesAbout("sales_totals")).toEqual([
    "upstream has no GET /api/adv/sales_totals/{month}: 売上一覧 totals computed from rows",
  ]);
  const csv = await stack.fetch("/administrator/sales.csv", { headers: { Cookie: admin } });
  expect(csv.status).toBe(200);
  expect(linesAbout("GET /api/adv/payment_refunds")).toHaveLength(1);
});

it("an ad waiting for a bank transfer shows the amount and the invoice line, not a 404", async () => {
  // Demo data: ad 2 (shop@) has an order not paid yet; the advertiser chooses a bank transfer.
  const chosen = await fetch(`${stack.base}/api/adv/posts/2`, {
    headers: { Authorization: `Bearer ${shopToken}`, Accept: "application/ld+json" },
  });
  const orderId = ((await chosen.json()) as { publishmentOrder: { id: number } }).publishmentOrder
    .id;
  const posted = await fetch(
    `${stack.base}/api/adv/publishment_orders/${orderId}/payment/bank_transfer`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${shopToken}`, "Content-Type": "application/ld+json" },
      body: "{}",
    },
  );
  expect(posted.status).toBeLessThan(300);

  const detail = await page("/advertiser/advertisements/2", shop);
  expect(detail.status).toBe(200);
  expect(detail.html).toContain("お振込金額（税込）");
  expect(detail.html).toContain("お振込先の口座は、請求書（PDF）またはメールでご案内します。");
  expect(linesAbout("payment/bank_transfer")).toHaveLength(1);
});
