// Payment rules shared by the API and the portal (SPEC §4 payment status, §5 mark-paid modal).
import { addCalendarDays } from "../../shared/calendar-days";
import { formatDateTime, tokyoDate } from "../../shared/tokyo-calendar";
import { slipStoreLabels } from "./labels";
import { formatYen } from "./money";

type PaymentState = { paymentStatus: "none" | "waiting" | "paid"; paymentMethod?: string | null };

/** Mark-paid is refused when paid, or when waiting by a method other than bank transfer. */
export const canMarkPaid = (o: PaymentState) =>
  o.paymentStatus === "none" ||
  (o.paymentStatus === "waiting" && o.paymentMethod === "bank_transfer");

/** Card and store / Pay-easy: the provider settles these (ADR 0009). */
export const PROVIDER_PAYMENT_METHODS: ReadonlySet<string> = new Set(["card", "cvs", "payeasy"]);

/**
 * Bank transfer may be chosen before any payment, or instead of a card / store payment not yet
 * made (ADR 0009); never twice, never once paid.
 */
export const canChooseBankTransfer = (o: PaymentState) =>
  o.paymentStatus === "none" ||
  (o.paymentStatus === "waiting" && PROVIDER_PAYMENT_METHODS.has(o.paymentMethod ?? ""));

/** Mark-unpaid is refused when the status is none. */
export const canMarkUnpaid = (o: PaymentState) => o.paymentStatus !== "none";

/**
 * The one payment deadline of an order (issue 30 #2), the same on the ad detail, in the mail and
 * on the invoice however late they are made: `dueDays` (PAYMENT_DUE_DAYS) after the order date,
 * but never after the day before the start date (an ad goes live only once paid), nor before the
 * order date (a start moved closer). Without `dueDays` or the order date (the portal in front of
 * an upstream that does not tell them): the latest the deadline can be, the day before the start.
 * Instants or ISO strings in, a Tokyo "YYYY-MM-DD" out.
 */
export function paymentDueOn(
  order: { orderedAt?: Date | string | null; publishesAt: Date | string },
  dueDays?: number,
): string {
  const dayBeforeStart = addCalendarDays(tokyoDate(new Date(order.publishesAt)), -1);
  if (!order.orderedAt) return dayBeforeStart;
  const orderedOn = tokyoDate(new Date(order.orderedAt));
  const due =
    dueDays === undefined
      ? dayBeforeStart
      : minDate(addCalendarDays(orderedOn, dueDays), dayBeforeStart);
  return due < orderedOn ? orderedOn : due;
}

const minDate = (a: string, b: string) => (a < b ? a : b);

/**
 * 未入金に戻す reverses a sale, so it is asked first with or without JavaScript (issue 30): the
 * question is a page state of the editors' ad detail (as `?delete=confirm`); only its form and the
 * modal's say `confirmed=1`, and a post without it is answered with the question.
 */
export const UNPAID_CONFIRM_QUERY = "unpaid=confirm";

/** The mark-paid form's texts (SPEC §5). */
export const MARK_PAID_TEXTS = {
  required: "※必須です",
  invalidChoice: "※正しい選択肢ではありません",
} as const;

/** The card holder's fields on the payment choice (SPEC §5) and the API's key request (ADR 0009). */
export const CARD_HOLDER_TEXTS = {
  invalidEmail: "メールアドレスの形式が正しくありません。",
  invalidPhone: "電話番号は数字10桁または11桁で入力してください。",
  emailOrPhone: "メールアドレスまたは電話番号を入力してください。",
} as const;

/** The HTML standard's valid e-mail address (what <input type="email"> accepts). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** A card holder e-mail for 3-D Secure 2: the standard pattern, at most 180 characters. */
export const isCardHolderEmail = (value: string | null | undefined): boolean => {
  const email = (value ?? "").trim();
  return email.length > 0 && email.length <= 180 && EMAIL_PATTERN.test(email);
};

/**
 * The card holder phone as stored and sent: full-width digits become ASCII, hyphens (any dash)
 * and spaces are removed. Anything else stays, so a letter still fails the digit rule.
 */
export const normalizeCardHolderPhone = (value: string | null | undefined): string =>
  (value ?? "")
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000\-‐‑‒–—―−ー－]/g, "");

/** 10 or 11 digits after normalisation. */
export const isCardHolderPhone = (value: string | null | undefined): boolean =>
  /^\d{10,11}$/.test(normalizeCardHolderPhone(value));

/**
 * SPEC §5: the card payment start button is disabled when the e-mail does not match a standard
 * pattern AND the phone (digits only) has fewer than 10 digits.
 */
export const cardPaymentStartDisabled = (
  email: string | null | undefined,
  phone: string | null | undefined,
): boolean =>
  !isCardHolderEmail(email) && normalizeCardHolderPhone(phone).replace(/\D/g, "").length < 10;

type ChoiceOrder = PaymentState & {
  publishmentStatus: "new" | "remanded" | "reapplying" | "confirmed";
};

/**
 * The payment choice screen (and 支払う) is offered for an order nobody has paid: before payment or
 * waiting by any method (bank transfer, card or store not finished: the money has not moved, ADR
 * 0009), unless the manuscript was remanded.
 */
export function paymentChoiceOffered(order: ChoiceOrder | null | undefined): boolean {
  if (!order) return false;
  if (order.paymentStatus === "paid") return false;
  return order.publishmentStatus !== "remanded";
}

/** The provider the payment choice page loads (app/.server/payment-provider.ts decides). */
export type PagePaymentProvider =
  | { kind: "pop"; scriptUrl: string; clientKey: string }
  | { kind: "sandbox"; scriptUrl: string }
  | { kind: "none" };

/** A convenience store / Pay-easy slip as orders carry it (ADR 0009 PaymentSlip). */
export type SlipView = {
  store: string;
  receiptNumber: string;
  confirmationNumber?: string | null;
  collectorNumber?: string | null;
  amount: number;
  expiresAt: string;
  slipUrl?: string | null;
};

/**
 * The rows of お支払い番号（コンビニ・ATM）: where, the numbers the customer needs (Pay-easy calls
 * the receipt number お客様番号), the amount and the deadline in Tokyo time.
 */
export function paymentSlipRows(slip: SlipView): { label: string; value: string }[] {
  const payeasy = slip.store === "payeasy";
  return [
    { label: "お支払い先", value: slipStoreLabels[slip.store] ?? slip.store },
    { label: payeasy ? "お客様番号" : "受付番号", value: slip.receiptNumber },
    ...(slip.confirmationNumber ? [{ label: "確認番号", value: slip.confirmationNumber }] : []),
    ...(slip.collectorNumber ? [{ label: "収納機関番号", value: slip.collectorNumber }] : []),
    { label: "お支払い金額", value: formatYen(slip.amount) },
    { label: "お支払い期限", value: formatDateTime(slip.expiresAt) },
  ];
}

/** Waiting by card with no slip: the card pop-up was left before the payment went through. */
export const cardPaymentUnfinished = (
  o: (PaymentState & { paymentSlip?: unknown }) | null | undefined,
) => Boolean(o && o.paymentStatus === "waiting" && o.paymentMethod === "card" && !o.paymentSlip);

/**
 * What stands in the way of a card payment not finished (issue 30 #5): "declined" when the
 * upstream says the order's last key failed (our reference API's paymentAttemptStatus, set by the
 * provider's push), else "unfinished" (closed, or an upstream that does not tell: SPEC §3).
 */
export function cardPaymentProblem(
  o:
    | (PaymentState & { paymentSlip?: unknown; paymentAttemptStatus?: string | null })
    | null
    | undefined,
): "declined" | "unfinished" | null {
  if (!o || !cardPaymentUnfinished(o)) return null;
  return o.paymentAttemptStatus === "failed" ? "declined" : "unfinished";
}

/** What to do next, in both cases: another card, or another way to pay. */
const CARD_PAYMENT_NEXT_STEP =
  "別のカードでもう一度お支払いいただくか、銀行振込などほかのお支払い方法をお選びください。";

export const CARD_PAYMENT_MESSAGES = {
  declined: `クレジットカードのお支払いが承認されませんでした。${CARD_PAYMENT_NEXT_STEP}`,
  unfinished: `クレジットカードのお支払い手続きが完了していません。もう一度お支払いください。カードが承認されなかった場合は、${CARD_PAYMENT_NEXT_STEP}`,
} as const;

/** 要返金 (issue 28 #5): why the provider's money must go back, as the editors read it. */
export const REFUND_REASON_LABELS: Record<string, string> = {
  already_paid: "お支払い済みの申込への重複入金",
  remanded: "差し戻し中の申込への入金",
  deleted: "削除済みの広告への入金",
};

export type RefundView = {
  id: number;
  /** The ad's id (申込ID) and the link to its editors' detail. */
  advertisementId: number | null;
  amount: string;
  reason: string;
  paidAt: string;
  recordedAt: string;
  providerOrderId: string;
};
