// The invoice and the receipt through the real server and the embedded API: the ad details show
// 請求書 for an order and 領収書 once paid; their forms download the PDF as an attachment named after
// the ad's 申込ID, the number on the screen (issue 30 #3); a receipt before payment comes back as a message; other advertisers get 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../api/testing/pdf-text";
import { formatAdvertisementId } from "../../shared/ids";
import { startStack, type Stack } from "./stack";

let stack: Stack;
let admin = "";
let shop = "";
let other = "";
let shopToken = "";

type Order = { id: number; paymentStatus: string } | null;
let paidAd = 0;
let unpaidAd = 0;

async function orderOf(id: number): Promise<Order> {
  const response = await stack.apiFetch(`/api/adv/posts/${id}`, shopToken);
  if (response.status !== 200) return null;
  return ((await response.json()) as { publishmentOrder: Order }).publishmentOrder;
}

beforeAll(async () => {
  stack = await startStack();
  ({ cookie: shop, token: shopToken } = await stack.session("shop@example.com", "shop-password"));
  other = await stack.loginCookie("other@example.com", "other-password");
  admin = await stack.loginCookie("admin@example.com", "admin-password");
  // The demo data has shop@'s ads with unpaid and paid orders; find one of each.
  for (let id = 1; id <= 12 && !(paidAd && unpaidAd); id++) {
    const order = await orderOf(id);
    if (!order) continue;
    if (order.paymentStatus === "paid" && !paidAd) paidAd = id;
    if (order.paymentStatus !== "paid" && !unpaidAd) unpaidAd = id;
  }
  expect(paidAd && unpaidAd).toBeTruthy();
});
afterAll(async () => {
  await stack?.close();
});

const advertiserDetail = (id: number) => `/advertiser/advertisements/${id}`;
const adminDetail = (id: number) => `/administrator/advertisements/${id}/detail`;
const advertiserDocuments = (id: number) => `/advertiser/advertisements/${id}/documents`;
const adminDocuments = (id: number) => `/administrator/advertisements/${id}/documents`;

const page = async (path: string, cookie: string) => {
  const response = await stack.fetch(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
};

const post = (path: string, intent: string, cookie: string) =>
  stack.postForm(path, cookie, { intent });

async function expectPdf(response: Response, filename: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

/** The document buttons of the page, and that their form posts to `action`. */
const buttons = (html: string, action: string) => {
  const form = html.match(new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`));
  const inner = form?.[1] ?? "";
  return {
    invoice: /<button[^>]*value="invoice"[^>]*>(?:(?!<\/button>)[\s\S])*請求書/.test(inner),
    receipt: /<button[^>]*value="receipt"[^>]*>(?:(?!<\/button>)[\s\S])*領収書/.test(inner),
  };
};

describe("order documents on the advertiser's ad detail", () => {
  it("shows 請求書 for an order and 領収書 only once paid", async () => {
    const unpaid = (await page(advertiserDetail(unpaidAd), shop)).html;
    expect(buttons(unpaid, advertiserDocuments(unpaidAd))).toEqual({
      invoice: true,
      receipt: false,
    });
    const paid = (await page(advertiserDetail(paidAd), shop)).html;
    expect(buttons(paid, advertiserDocuments(paidAd))).toEqual({
      invoice: true,
      receipt: true,
    });
  });

  it("downloads the invoice and the receipt as attachments named after the 申込ID", async () => {
    const invoice = await expectPdf(
      await post(advertiserDocuments(unpaidAd), "invoice", shop),
      `invoice-${formatAdvertisementId(unpaidAd)}.pdf`,
    );
    expect(invoice.text).toContain(`請求書番号: INV-${formatAdvertisementId(unpaidAd)}`);
    expect(invoice.text).toContain("カフェ・ド・デモ株式会社 御中");
    expect(invoice.text).toContain("登録番号 T0000000000000");
    const receipt = await expectPdf(
      await post(advertiserDocuments(paidAd), "receipt", shop),
      `receipt-${formatAdvertisementId(paidAd)}.pdf`,
    );
    expect(receipt.text).toContain("領収書");
    expect(receipt.text).toContain("但し 広告掲載料として");
  });

  it("answers a receipt before payment with the API's message on the detail", async () => {
    const response = await post(advertiserDocuments(unpaidAd), "receipt", shop);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(advertiserDetail(unpaidAd));
    const next = response.headers.get("set-cookie")!.split(";")[0]!;
    const { html } = await page(advertiserDetail(unpaidAd), next);
    expect(html).toContain("お支払いが完了していないため、領収書は発行できません。");
  });

  it("refuses another advertiser", async () => {
    expect((await post(advertiserDocuments(paidAd), "invoice", other)).status).toBe(404);
    expect((await post(advertiserDocuments(paidAd), "receipt", other)).status).toBe(404);
  });
});

describe("order documents on the administrator's ad detail", () => {
  it("shows both buttons for a paid order and downloads them; a re-issued receipt says 再発行", async () => {
    const { html } = await page(adminDetail(paidAd), admin);
    expect(buttons(html, adminDocuments(paidAd))).toEqual({ invoice: true, receipt: true });
    await expectPdf(
      await post(adminDocuments(paidAd), "invoice", admin),
      `invoice-${formatAdvertisementId(paidAd)}.pdf`,
    );
    const receipt = await expectPdf(
      await post(adminDocuments(paidAd), "receipt", admin),
      `receipt-${formatAdvertisementId(paidAd)}.pdf`,
    );
    // The advertiser's download above was the first.
    expect(receipt.text).toContain("再発行");
  });

  it("is for administrators only", async () => {
    expect((await post(adminDocuments(paidAd), "invoice", shop)).status).not.toBe(200);
  });
});
