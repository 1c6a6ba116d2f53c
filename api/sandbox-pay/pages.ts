// The sandbox payment pages' HTML (ADR 0009): plain forms that work without JavaScript, every
// value escaped. The routes (routes.ts) decide which page to show and send its CSP.
import { toTokyoIso } from "../../shared/tokyo-calendar";
import { formatYen } from "../domain/pricing";
import { SLIP_STORE_LABELS, type PaymentSlip, type SlipStore } from "../adapters/payment";
import { sandboxPaymentPagePath } from "../adapters/payment-sandbox";
import { escapeHtml } from "../site/render";
import type { SandboxPaymentRow } from "./push";

export const SANDBOX_TEXTS = {
  title: "テスト決済（サンドボックス）",
  notice: "これはテスト環境です。実際のお金は動きません。",
  notFound: "お支払い情報が見つかりません。",
  expired: "お支払いの有効期限が切れています。",
  retired:
    "このお支払い手続きは、新しいお手続きに切り替わったため無効です。広告管理画面のお支払いからお進みください。",
  paid: "決済が完了しました。",
  slipIssued: "お支払い番号を発行しました。",
  simulated: "お支払いを受け付けました。（テスト）",
  declined: "カードが承認されませんでした。別のカードをお試しください。",
  threeDsFailed: "本人認証に失敗しました。",
  threeDsCancelled: "本人認証がキャンセルされました。",
  failedGeneric: "お支払いできませんでした。",
  pushFailed: "加盟店への通知に失敗しました。",
  repush: "通知を再送する",
  retry: "もう一度試す",
  back: "広告管理に戻る",
  pay: "支払う",
  issueSlip: "お支払い番号を発行する",
  threeDsHeading: "本人認証（3Dセキュア）",
  otpHint: "テスト用のワンタイムパスワード: 123456",
  authenticate: "認証する",
  cancel: "キャンセル",
  simulate: "【テスト】店頭でのお支払いを模擬する",
  slipHeading: "払込票",
} as const;

export const FIELD_ERRORS = {
  cardNumberRequired: "カード番号を入力してください。",
  cardNumberNotTest: "テスト用のカード番号を入力してください。",
  expiryRequired: "有効期限を入力してください。",
  expiryFormat: "有効期限は MM/YY の形式で入力してください。",
  expiryPast: "有効期限が切れています。",
  cvcRequired: "セキュリティコードを入力してください。",
  cvcFormat: "セキュリティコードは3桁または4桁の数字で入力してください。",
  holderRequired: "カード名義を入力してください。",
  holderTooLong: "カード名義は45文字以内で入力してください。",
  storeRequired: "お支払い方法を選択してください。",
  otpRequired: "ワンタイムパスワードを入力してください。",
} as const;

/** "2026年12月1日 23:59" in Tokyo. */
export function formatTokyoDateTime(instant: Date): string {
  const [, y, m, d, hhmm] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(toTokyoIso(instant))!;
  return `${y}年${Number(m)}月${Number(d)}日 ${hhmm}`;
}

/**
 * The return URL with ?payment=…, or null when there is none (or it is not http(s)). A path (what
 * the portal sends) stays a path, so the browser resolves it on the origin it is on.
 */
export function returnLink(
  returnUrl: string | null,
  payment: "success" | "pending" | "failure" | "incomplete",
): string | null {
  if (!returnUrl) return null;
  if (/^\/(?![/\\])/.test(returnUrl)) {
    const url = new URL(returnUrl, "http://own.invalid");
    url.searchParams.set("payment", payment);
    return `${url.pathname}${url.search}`;
  }
  try {
    const url = new URL(returnUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    url.searchParams.set("payment", payment);
    return url.href;
  } catch {
    return null;
  }
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f4f5f7;color:#222;font-family:-apple-system,BlinkMacSystemFont,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",Meiryo,sans-serif;font-size:16px;line-height:1.7}
main{max-width:480px;margin:0 auto;padding:16px;background:#fff;min-height:100vh}
h1{font-size:20px;margin:0 0 12px}
h2{font-size:18px;margin:20px 0 8px}
.notice{margin:0 0 16px;padding:8px 12px;background:#fff3bf;border:1px solid #e6c200;border-radius:6px;color:#5c4500;font-weight:700;font-size:14px}
.summary,.slip,.cards{width:100%;border-collapse:collapse;margin:0 0 16px}
.summary th,.summary td,.slip th,.slip td,.cards th,.cards td{padding:8px;border:1px solid #ddd;text-align:left;vertical-align:top}
.summary th,.slip th{width:40%;background:#f7f7f7}
.cards{font-size:14px}
.amount{font-size:20px;font-weight:700}
.field{margin:0 0 16px}
.field label{display:block;font-weight:700;margin:0 0 4px}
.field input[type=text],.field input[type=password]{width:100%;min-height:48px;padding:8px 12px;font-size:18px;border:1px solid #888;border-radius:6px}
.field [aria-invalid=true]{border-color:#c00}
.error{display:block;color:#c00;font-size:14px;margin:4px 0 0}
fieldset{border:0;margin:0 0 16px;padding:0}
legend{font-weight:700;margin:0 0 8px}
.choice{display:flex;align-items:center;gap:10px;min-height:48px;padding:8px 12px;margin:0 0 8px;border:1px solid #bbb;border-radius:6px}
.choice input{width:22px;height:22px;margin:0}
button,.button{display:block;width:100%;min-height:52px;margin:0 0 12px;padding:10px 16px;font-size:18px;font-weight:700;border-radius:6px;border:1px solid #0b5cad;background:#0b5cad;color:#fff;text-align:center;text-decoration:none;cursor:pointer;font-family:inherit}
.secondary{background:#fff;color:#0b5cad}
.test{border:2px dashed #e67700;border-radius:8px;padding:12px;margin:16px 0}
.test button{background:#a34e00;border-color:#a34e00}
.result{font-size:18px;font-weight:700;margin:0 0 16px}
.result.failure,.alert{color:#c00}
.hint{color:#555;font-size:14px}
a{color:#0b5cad}
`;

export function layout(content: string, opts: { script?: boolean; heading?: string } = {}): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="ja"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(SANDBOX_TEXTS.title)}</title>`,
    `<style>${STYLE}</style>`,
    opts.script ? '<script src="/sandbox-pay/frame.js" defer></script>' : "",
    "</head><body><main>",
    `<h1>${escapeHtml(opts.heading ?? SANDBOX_TEXTS.title)}</h1>`,
    `<p class="notice">${escapeHtml(SANDBOX_TEXTS.notice)}</p>`,
    content,
    "</main></body></html>",
  ].join("");
}

export const messagePage = (message: string) =>
  layout(`<p class="result failure" role="alert">${escapeHtml(message)}</p>`);

function summary(row: SandboxPaymentRow): string {
  return [
    '<table class="summary"><tbody>',
    `<tr><th>お支払い金額（税込）</th><td class="amount">${escapeHtml(formatYen(row.amount))}</td></tr>`,
    `<tr><th>注文番号</th><td>${escapeHtml(row.providerOrderId)}</td></tr>`,
    "</tbody></table>",
  ].join("");
}

/** The query that keeps a page in its embedded (iframe) form. */
export const embedQuery = (embed: boolean) => (embed ? "?embed=1" : "");
const keyPath = (row: SandboxPaymentRow) => sandboxPaymentPagePath(row.paymentKey);

export type CardField = "card_number" | "expiry" | "cvc" | "holder";
export type FieldErrors = Partial<Record<string, string>>;

function textField(
  name: string,
  label: string,
  opts: {
    value?: string;
    error?: string;
    type?: "text" | "password";
    autocomplete?: string;
    inputmode?: string;
    placeholder?: string;
  },
): string {
  const id = `f-${name}`;
  const errorId = `${id}-error`;
  const attrs = [
    `id="${id}"`,
    `name="${name}"`,
    `type="${opts.type ?? "text"}"`,
    `value="${escapeHtml(opts.value ?? "")}"`,
    opts.autocomplete ? `autocomplete="${opts.autocomplete}"` : "",
    opts.inputmode ? `inputmode="${opts.inputmode}"` : "",
    opts.placeholder ? `placeholder="${escapeHtml(opts.placeholder)}"` : "",
    opts.error ? `aria-invalid="true" aria-describedby="${errorId}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return [
    '<div class="field">',
    `<label for="${id}">${escapeHtml(label)}</label>`,
    `<input ${attrs}>`,
    opts.error ? `<span class="error" id="${errorId}">${escapeHtml(opts.error)}</span>` : "",
    "</div>",
  ].join("");
}

const TEST_CARDS: Array<[string, string]> = [
  ["4111 1111 1111 1111", "承認されます"],
  ["4000 0000 0000 0002", "承認されません"],
  ["4000 0000 0000 3220", "本人認証（3Dセキュア）を求められます"],
];

function cardForm(
  row: SandboxPaymentRow,
  embed: boolean,
  values: Partial<Record<CardField, string>>,
  errors: FieldErrors,
): string {
  return [
    `<form method="post" action="${keyPath(row)}/card${embedQuery(embed)}" novalidate>`,
    textField("card_number", "カード番号", {
      value: values.card_number,
      error: errors.card_number,
      autocomplete: "cc-number",
      inputmode: "numeric",
      placeholder: "4111 1111 1111 1111",
    }),
    textField("expiry", "有効期限（MM/YY）", {
      value: values.expiry,
      error: errors.expiry,
      autocomplete: "cc-exp",
      inputmode: "numeric",
      placeholder: "12/30",
    }),
    textField("cvc", "セキュリティコード", {
      error: errors.cvc,
      type: "password",
      autocomplete: "cc-csc",
      inputmode: "numeric",
    }),
    textField("holder", "カード名義", {
      value: values.holder,
      error: errors.holder,
      autocomplete: "cc-name",
      placeholder: "TARO YAMADA",
    }),
    `<button type="submit">${escapeHtml(SANDBOX_TEXTS.pay)}</button>`,
    "</form>",
    "<h2>テスト用カード</h2>",
    '<table class="cards"><thead><tr><th>カード番号</th><th>結果</th></tr></thead><tbody>',
    ...TEST_CARDS.map(([n, r]) => `<tr><td>${n}</td><td>${escapeHtml(r)}</td></tr>`),
    "</tbody></table>",
    '<p class="hint">有効期限は未来の年月、セキュリティコードは任意の3桁、カード名義は任意の文字を入力してください。</p>',
  ].join("");
}

/** The stores a key offers: the convenience stores for cvs, Pay-easy for bank. */
export function offeredStores(row: SandboxPaymentRow): SlipStore[] {
  const stores: SlipStore[] = [];
  if (row.enabledTypes.includes("cvs")) stores.push("sej", "lawson", "famima", "other");
  if (row.enabledTypes.includes("bank")) stores.push("payeasy");
  return stores;
}

function storeForm(row: SandboxPaymentRow, embed: boolean, chosen: string, errors: FieldErrors) {
  const error = errors.store;
  return [
    `<form method="post" action="${keyPath(row)}/cvs${embedQuery(embed)}">`,
    `<fieldset${error ? ' aria-describedby="f-store-error"' : ""}><legend>お支払い方法</legend>`,
    ...offeredStores(row).map(
      (store) =>
        `<label class="choice"><input type="radio" name="store" value="${store}"${
          store === chosen ? " checked" : ""
        }><span>${escapeHtml(SLIP_STORE_LABELS[store])}</span></label>`,
    ),
    error ? `<span class="error" id="f-store-error">${escapeHtml(error)}</span>` : "",
    "</fieldset>",
    `<button type="submit">${escapeHtml(SANDBOX_TEXTS.issueSlip)}</button>`,
    "</form>",
  ].join("");
}

export function payPage(
  row: SandboxPaymentRow,
  opts: {
    embed: boolean;
    values?: Partial<Record<CardField | "store", string>>;
    errors?: FieldErrors;
  },
): string {
  const values = opts.values ?? {};
  const errors = opts.errors ?? {};
  const form = row.enabledTypes.includes("card")
    ? cardForm(row, opts.embed, values, errors)
    : storeForm(row, opts.embed, values.store ?? "", errors);
  const back = opts.embed ? null : returnLink(row.returnUrl, "incomplete");
  return layout(
    [
      summary(row),
      form,
      back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(SANDBOX_TEXTS.back)}</a></p>` : "",
    ].join(""),
  );
}

export function threeDsPage(row: SandboxPaymentRow, opts: { embed: boolean; error?: string }) {
  return layout(
    [
      summary(row),
      row.maskedCardNumber ? `<p>カード番号: ${escapeHtml(row.maskedCardNumber)}</p>` : "",
      `<form method="post" action="${keyPath(row)}/3ds${embedQuery(opts.embed)}" novalidate>`,
      textField("otp", "ワンタイムパスワード", {
        error: opts.error,
        autocomplete: "one-time-code",
        inputmode: "numeric",
      }),
      `<p class="hint">${escapeHtml(SANDBOX_TEXTS.otpHint)}</p>`,
      `<button type="submit" name="action" value="authenticate">${escapeHtml(SANDBOX_TEXTS.authenticate)}</button>`,
      `<button type="submit" name="action" value="cancel" class="secondary">${escapeHtml(SANDBOX_TEXTS.cancel)}</button>`,
      "</form>",
    ].join(""),
    { heading: SANDBOX_TEXTS.threeDsHeading },
  );
}

export function slipTable(slip: PaymentSlip): string {
  const payeasy = slip.store === "payeasy";
  const rows: Array<[string, string]> = [
    ["お支払い先", SLIP_STORE_LABELS[slip.store]],
    [payeasy ? "お客様番号" : "受付番号", slip.receiptNumber],
  ];
  if (slip.confirmationNumber) rows.push(["確認番号", slip.confirmationNumber]);
  if (slip.collectorNumber) rows.push(["収納機関番号", slip.collectorNumber]);
  rows.push(["お支払い金額（税込）", formatYen(slip.amount)]);
  rows.push(["支払期限", formatTokyoDateTime(new Date(slip.expiresAt))]);
  return [
    '<table class="slip"><tbody>',
    ...rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    "</tbody></table>",
  ].join("");
}

export type ResultKind = "paid" | "slip" | "failure";

function repushForm(row: SandboxPaymentRow, embed: boolean): string {
  return [
    `<p class="alert" role="alert">${escapeHtml(SANDBOX_TEXTS.pushFailed)}</p>`,
    `<form method="post" action="${keyPath(row)}/repush${embedQuery(embed)}">`,
    `<button type="submit" class="secondary">${escapeHtml(SANDBOX_TEXTS.repush)}</button>`,
    "</form>",
  ].join("");
}

/** What frame.js posts to the parent, as data-* attributes. */
function resultElement(row: SandboxPaymentRow, kind: ResultKind): string {
  const status = kind === "failure" ? "failure" : "success";
  const attrs = [
    "data-sandbox-pop-result",
    `data-payment-key="${escapeHtml(row.paymentKey)}"`,
    `data-status="${status}"`,
    kind === "failure"
      ? ""
      : `data-transaction-status="${kind === "paid" ? "capture" : "pending"}"`,
    kind === "failure" ? "" : `data-payment-type="${escapeHtml(row.paymentType ?? "card")}"`,
  ]
    .filter(Boolean)
    .join(" ");
  return `<div ${attrs} hidden></div>`;
}

export function resultPage(
  row: SandboxPaymentRow,
  opts: { kind: ResultKind; embed: boolean; reason?: string; pushFailed: boolean },
): string {
  const { kind, embed } = opts;
  const parts: string[] = [summary(row)];
  if (kind === "paid") {
    parts.push(`<p class="result" role="status">${escapeHtml(SANDBOX_TEXTS.paid)}</p>`);
  } else if (kind === "slip" && row.slip) {
    parts.push(`<p class="result" role="status">${escapeHtml(SANDBOX_TEXTS.slipIssued)}</p>`);
    parts.push(slipTable(row.slip));
    const slipPath = `/sandbox-pay/slips/${encodeURIComponent(row.paymentKey)}`;
    parts.push(`<p><a href="${slipPath}">払込票を表示する</a></p>`);
  } else {
    parts.push(
      `<p class="result failure" role="alert">${escapeHtml(opts.reason ?? SANDBOX_TEXTS.failedGeneric)}</p>`,
    );
    parts.push(
      `<p><a class="button secondary" href="${keyPath(row)}${embedQuery(embed)}">${escapeHtml(SANDBOX_TEXTS.retry)}</a></p>`,
    );
  }
  if (opts.pushFailed) parts.push(repushForm(row, embed));
  const payment = kind === "paid" ? "success" : kind === "slip" ? "pending" : "failure";
  const back = embed ? null : returnLink(row.returnUrl, payment);
  if (back)
    parts.push(`<p><a href="${escapeHtml(back)}">${escapeHtml(SANDBOX_TEXTS.back)}</a></p>`);
  // In the pop-up, the portal hears of the result only once the merchant has it (its page reads the
  // order the push updated); until then the customer sees the re-push button here.
  const post = embed && !opts.pushFailed;
  if (post) parts.push(resultElement(row, kind));
  return layout(parts.join(""), { script: post });
}

export function slipPage(
  row: SandboxPaymentRow & { slip: PaymentSlip },
  opts: { pushFailed: boolean; justSimulated?: boolean },
): string {
  const key = encodeURIComponent(row.paymentKey);
  const parts: string[] = [summary(row), slipTable(row.slip)];
  if (row.status === "paid") {
    parts.push(`<p class="result" role="status">${escapeHtml(SANDBOX_TEXTS.simulated)}</p>`);
  } else {
    parts.push(
      '<div class="test">',
      '<p class="hint">テスト用の操作です。お客様が店頭・ATMで支払ったことにします。</p>',
      `<form method="post" action="/sandbox-pay/slips/${key}/simulate">`,
      `<button type="submit">${escapeHtml(SANDBOX_TEXTS.simulate)}</button>`,
      "</form></div>",
    );
  }
  if (opts.pushFailed) {
    parts.push(
      `<p class="alert" role="alert">${escapeHtml(SANDBOX_TEXTS.pushFailed)}</p>`,
      `<form method="post" action="/sandbox-pay/slips/${key}/repush">`,
      `<button type="submit" class="secondary">${escapeHtml(SANDBOX_TEXTS.repush)}</button>`,
      "</form>",
    );
  }
  return layout(parts.join(""), { heading: SANDBOX_TEXTS.slipHeading });
}
