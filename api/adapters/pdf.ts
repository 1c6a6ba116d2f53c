// The pdf adapter (ARCHITECTURE §6): a qualified invoice (適格請求書) and a receipt (領収書) for one
// order, as A4 PDFs. Japanese is set in Noto Sans JP, read from the @expo-google-fonts package
// (docs/decisions/0008): nothing is taken from the system at run time. pdfkit embeds only the
// glyphs a document uses, so a page stays small.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatYen, type TaxedAmounts } from "../domain/pricing";
import type { InvoiceSettings } from "../config";

export interface DocumentLine {
  /** The ad's title. */
  title: string;
  /** "region > locality". */
  area: string;
  course: string;
  /** "2025/06/17〜2025/07/17". */
  period: string;
}

/**
 * Where the invoice's payment stands (issue 30 #2): unpaid, its deadline (the order's one payment
 * deadline); paid, when and how, so it never asks for money already received.
 */
export type InvoicePayment =
  { status: "due"; dueOn: string } | { status: "paid"; paidOn: string; methodLabel: string };

export interface InvoiceDocument {
  number: string;
  /** Tokyo calendar dates, "YYYY-MM-DD". */
  issuedOn: string;
  payment: InvoicePayment;
  /** The advertiser's company name (without 御中). */
  recipient: string;
  line: DocumentLine;
  amounts: TaxedAmounts;
  issuer: InvoiceSettings;
}

export interface ReceiptDocument {
  number: string;
  issuedOn: string;
  paidOn: string;
  recipient: string;
  amounts: TaxedAmounts;
  /** 但し書き: "広告掲載料として". */
  proviso: string;
  methodLabel: string;
  /** Issued before for the same order: the receipt says 再発行. */
  reissue: boolean;
  issuer: InvoiceSettings;
}

export interface PdfRenderer {
  invoice(doc: InvoiceDocument): Promise<Buffer>;
  receipt(doc: ReceiptDocument): Promise<Buffer>;
}

const require = createRequire(import.meta.url);
const FONT_DIR = "@expo-google-fonts/noto-sans-jp";
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** The font files, read once per process. */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(require.resolve(`${FONT_DIR}/400Regular/NotoSansJP_400Regular.ttf`)),
    bold: readFileSync(require.resolve(`${FONT_DIR}/700Bold/NotoSansJP_700Bold.ttf`)),
  };
  return fonts;
}

/** "2025-06-17" → "2025年6月17日". */
export function japaneseDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return `${y}年${m}月${d}日`;
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
const GREY = "#666666";
const RULE = "#999999";

function newDocument(title: string, issuer: InvoiceSettings) {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: { Title: title, Author: issuer.issuerName, Creator: issuer.issuerName },
  });
  doc.registerFont("jp", regular);
  doc.registerFont("jp-bold", bold);
  doc.font("jp");
  return doc;
}

function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** The issuer's block at the right: name, address, telephone and registration number. */
function issuerBlock(doc: PDFKit.PDFDocument, issuer: InvoiceSettings, top: number) {
  const x = PAGE.margin + CONTENT_WIDTH * 0.5;
  const width = CONTENT_WIDTH * 0.5;
  doc.font("jp-bold").fontSize(11).text(issuer.issuerName, x, top, { width });
  doc.font("jp").fontSize(9);
  doc.text(issuer.issuerAddress, { width });
  doc.text(`TEL ${issuer.issuerTel}`, { width });
  doc.text(`登録番号 ${issuer.registrationNumber}`, { width });
  return doc.y;
}

/** Label/value rows right-aligned under each other (number, date, …) at the top right. */
function metaRows(doc: PDFKit.PDFDocument, rows: [string, string][], top: number) {
  doc.font("jp").fontSize(9);
  let y = top;
  for (const [label, value] of rows) {
    doc.text(`${label}: ${value}`, PAGE.margin, y, { width: CONTENT_WIDTH, align: "right" });
    y = doc.y + 1;
  }
  return y;
}

function title(doc: PDFKit.PDFDocument, text: string, top: number) {
  doc.font("jp-bold").fontSize(20);
  doc.text(text, PAGE.margin, top, { width: CONTENT_WIDTH, align: "center", characterSpacing: 6 });
  return doc.y;
}

function rule(doc: PDFKit.PDFDocument, y: number, x1 = PAGE.margin, x2 = PAGE.width - PAGE.margin) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

/** A table of [label, value] with a rule under each row; the value right-aligned. */
function amountTable(
  doc: PDFKit.PDFDocument,
  rows: { label: string; value: string; bold?: boolean }[],
  x: number,
  top: number,
  width: number,
) {
  let y = top;
  for (const row of rows) {
    doc.font(row.bold ? "jp-bold" : "jp").fontSize(row.bold ? 11 : 10);
    doc.text(row.label, x + 4, y + 5, { width: width * 0.6 - 8 });
    doc.text(row.value, x + width * 0.4, y + 5, { width: width * 0.6 - 4, align: "right" });
    y += 22;
    rule(doc, y, x, x + width);
  }
  return y;
}

/**
 * A document's head: its name as the title, a red word at the top right when it has one
 * (支払済み, 再発行), then its number and issue date. Returns the y below.
 */
function heading(
  doc: PDFKit.PDFDocument,
  name: string,
  stamp: string | null,
  input: { number: string; issuedOn: string },
) {
  const y = title(doc, name, PAGE.margin);
  if (stamp) {
    doc.font("jp-bold").fontSize(11).fillColor("#b00000");
    doc.text(stamp, PAGE.margin, PAGE.margin + 6, { width: CONTENT_WIDTH, align: "right" });
    doc.fillColor("black");
  }
  return metaRows(
    doc,
    [
      [`${name}番号`, input.number],
      ["発行日", japaneseDate(input.issuedOn)],
    ],
    y + 14,
  );
}

async function renderInvoice(input: InvoiceDocument): Promise<Buffer> {
  const doc = newDocument(`請求書 ${input.number}`, input.issuer);
  const { amounts, line, issuer } = input;

  let y = heading(doc, "請求書", input.payment.status === "paid" ? "支払済み" : null, input);

  // Recipient at the left, issuer at the right, on the same band.
  const band = y + 12;
  doc.font("jp-bold").fontSize(14);
  doc.text(`${input.recipient} 御中`, PAGE.margin, band, { width: CONTENT_WIDTH * 0.47 });
  const recipientBottom = doc.y;
  rule(doc, recipientBottom + 2, PAGE.margin, PAGE.margin + CONTENT_WIDTH * 0.47);
  doc.font("jp").fontSize(10);
  doc.text("下記のとおりご請求申し上げます。", PAGE.margin, recipientBottom + 10, {
    width: CONTENT_WIDTH * 0.47,
  });
  const leftBottom = doc.y;
  const issuerBottom = issuerBlock(doc, issuer, band);
  y = Math.max(leftBottom, issuerBottom) + 18;

  // The amount due, large.
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 34).fillColor("#f2f2f2").fill();
  doc.fillColor("black").font("jp-bold").fontSize(12);
  doc.text("ご請求金額（税込）", PAGE.margin + 10, y + 10, { width: CONTENT_WIDTH / 2 });
  doc.fontSize(16).text(formatYen(amounts.total), PAGE.margin, y + 7, {
    width: CONTENT_WIDTH - 10,
    align: "right",
  });
  y += 34 + 8;
  doc.font("jp").fontSize(10);
  doc.text(invoicePaymentLine(input.payment), PAGE.margin, y, { width: CONTENT_WIDTH });
  y = doc.y + 16;

  // The line: what is invoiced, with its tax rate.
  const cols = [
    { label: "品目", width: CONTENT_WIDTH * 0.62, align: "left" as const },
    { label: "税率", width: CONTENT_WIDTH * 0.12, align: "center" as const },
    { label: "金額（税抜）", width: CONTENT_WIDTH * 0.26, align: "right" as const },
  ];
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 20).fillColor("#e6e6e6").fill();
  doc.fillColor("black").font("jp-bold").fontSize(9);
  let x = PAGE.margin;
  for (const col of cols) {
    doc.text(col.label, x + 5, y + 5, { width: col.width - 10, align: col.align });
    x += col.width;
  }
  y += 20;
  const itemTop = y + 6;
  doc.font("jp").fontSize(10);
  doc.text(`広告掲載料「${line.title}」`, PAGE.margin + 5, itemTop, { width: cols[0]!.width - 10 });
  doc.fontSize(8.5).fillColor(GREY);
  doc.text(`掲載エリア: ${line.area}`, { width: cols[0]!.width - 10 });
  doc.text(`掲載コース: ${line.course}`, { width: cols[0]!.width - 10 });
  doc.text(`掲載期間: ${line.period}`, { width: cols[0]!.width - 10 });
  const itemBottom = doc.y + 6;
  doc.fillColor("black").fontSize(10);
  doc.text(`${amounts.taxRatePercent}%`, PAGE.margin + cols[0]!.width, itemTop, {
    width: cols[1]!.width,
    align: "center",
  });
  doc.text(formatYen(amounts.net), PAGE.margin + cols[0]!.width + cols[1]!.width, itemTop, {
    width: cols[2]!.width - 5,
    align: "right",
  });
  y = itemBottom;
  rule(doc, y);

  // Amount and consumption tax per tax rate, then the total.
  const tableWidth = CONTENT_WIDTH * 0.5;
  y = amountTable(
    doc,
    [
      { label: `${amounts.taxRatePercent}%対象（税抜）`, value: formatYen(amounts.net) },
      { label: `消費税（${amounts.taxRatePercent}%）`, value: formatYen(amounts.tax) },
      { label: "合計（税込）", value: formatYen(amounts.total), bold: true },
    ],
    PAGE.margin + CONTENT_WIDTH - tableWidth,
    y + 10,
    tableWidth,
  );

  y += 24;
  if (input.payment.status === "paid") {
    doc.font("jp").fontSize(10);
    doc.text("上記のご請求金額は、お支払いいただいております。", PAGE.margin, y, {
      width: CONTENT_WIDTH,
    });
  } else {
    bankBlock(doc, issuer, input.payment.dueOn, y);
  }
  doc.fillColor("black");
  return toBuffer(doc);
}

/** "お支払期限: 2025年6月30日", or "お支払い状況: 支払済み（2025年6月20日・クレジットカード）". */
export function invoicePaymentLine(payment: InvoicePayment): string {
  if (payment.status === "due") return `お支払期限: ${japaneseDate(payment.dueOn)}`;
  const how = [japaneseDate(payment.paidOn), payment.methodLabel].filter(Boolean).join("・");
  return `お支払い状況: 支払済み（${how}）`;
}

/** Where to pay an unpaid invoice: our account and the deadline. */
function bankBlock(doc: PDFKit.PDFDocument, issuer: InvoiceSettings, dueOn: string, top: number) {
  doc.font("jp-bold").fontSize(11).text("お振込先", PAGE.margin, top, { width: CONTENT_WIDTH });
  let y = doc.y + 4;
  rule(doc, y);
  doc.font("jp").fontSize(10);
  const { bank } = issuer;
  const bankRows: [string, string][] = [
    ["金融機関", `${bank.name} ${bank.branch}`],
    ["口座", `${bank.accountType} ${bank.accountNumber}`],
    ["口座名義", bank.accountHolder],
  ];
  y += 6;
  for (const [label, value] of bankRows) {
    doc.text(label, PAGE.margin + 4, y, { width: 80 });
    doc.text(value, PAGE.margin + 90, y, { width: CONTENT_WIDTH - 90 });
    y = doc.y + 3;
  }
  doc.fontSize(8.5).fillColor(GREY);
  doc.text(
    `お支払期限（${japaneseDate(dueOn)}）までにお振込みください。振込手数料はお客様のご負担にてお願いいたします。`,
    PAGE.margin,
    y + 8,
    { width: CONTENT_WIDTH },
  );
}

async function renderReceipt(input: ReceiptDocument): Promise<Buffer> {
  const doc = newDocument(`領収書 ${input.number}`, input.issuer);
  const { amounts, issuer } = input;

  let y = heading(doc, "領収書", input.reissue ? "再発行" : null, input);

  y += 12;
  doc.font("jp-bold").fontSize(14);
  doc.text(`${input.recipient} 御中`, PAGE.margin, y, { width: CONTENT_WIDTH * 0.6 });
  y = doc.y + 2;
  rule(doc, y, PAGE.margin, PAGE.margin + CONTENT_WIDTH * 0.6);
  y += 22;

  // The amount, boxed and centred.
  const boxWidth = CONTENT_WIDTH * 0.7;
  const boxX = PAGE.margin + (CONTENT_WIDTH - boxWidth) / 2;
  doc.rect(boxX, y, boxWidth, 46).lineWidth(1).strokeColor("black").stroke();
  doc.font("jp-bold").fontSize(20);
  doc.text(`${formatYen(amounts.total)}（税込）`, boxX, y + 11, {
    width: boxWidth,
    align: "center",
  });
  y += 46 + 12;
  doc.font("jp").fontSize(11);
  doc.text(`但し ${input.proviso}`, PAGE.margin, y, { width: CONTENT_WIDTH, align: "center" });
  y = doc.y + 4;
  doc.text("上記正に領収いたしました。", PAGE.margin, y, { width: CONTENT_WIDTH, align: "center" });
  y = doc.y + 20;

  // Breakdown and payment at the left, the issuer at the right.
  const leftWidth = CONTENT_WIDTH * 0.48;
  const breakdownBottom = amountTable(
    doc,
    [
      { label: `${amounts.taxRatePercent}%対象（税抜）`, value: formatYen(amounts.net) },
      { label: `消費税（${amounts.taxRatePercent}%）`, value: formatYen(amounts.tax) },
      { label: "お支払日", value: japaneseDate(input.paidOn) },
      { label: "お支払方法", value: input.methodLabel },
    ],
    PAGE.margin,
    y,
    leftWidth,
  );
  const issuerBottom = issuerBlock(doc, issuer, y + 4);
  y = Math.max(breakdownBottom, issuerBottom) + 16;
  if (input.reissue) {
    doc.font("jp").fontSize(8.5).fillColor(GREY);
    doc.text("この領収書は再発行したものです。", PAGE.margin, y, { width: CONTENT_WIDTH });
    doc.fillColor("black");
  }
  return toBuffer(doc);
}

export const pdfkitRenderer: PdfRenderer = { invoice: renderInvoice, receipt: renderReceipt };
