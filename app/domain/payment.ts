// Payment rules shared by the API and the portal (SPEC §4 payment status, §5 mark-paid modal).
import { formatDateTime } from "./dates";
import { slipStoreLabels } from "./labels";
import { formatYen } from "./money";

type PaymentState = { paymentStatus: "none" | "waiting" | "paid"; paymentMethod?: string | null };

/** Mark-paid is refused when paid, or when waiting by a method other than bank transfer. */
export const canMarkPaid = (o: PaymentState) =>
  o.paymentStatus === "none" ||
  (o.paymentStatus === "waiting" && o.paymentMethod === "bank_transfer");

/** Mark-unpaid is refused when the status is none. */
export const canMarkUnpaid = (o: PaymentState) => o.paymentStatus !== "none";

/** The mark-paid form's texts (SPEC §5). */
export const MARK_PAID_TEXTS = {
  required: "※必須です",
  invalidChoice: "※正しい選択肢ではありません",
} as const;

// Card and store payment (issue 11, ADR 0009; SPEC §5 card holder rule).

const FULL_WIDTH_DIGIT = /[０-９]/g;

/** The card holder's phone as the provider wants it: full-width digits made ASCII, digits only. */
export function normalizeCardHolderPhone(s: string): string {
  return s
    .replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, "");
}

/** A standard e-mail pattern (the browser's type=email rule, one dot-separated domain). */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isCardHolderEmail(s: string): boolean {
  return EMAIL_PATTERN.test(s.trim());
}

/** SPEC §9: the card holder phone has at least 10 digits. */
export const CARD_HOLDER_PHONE_MIN_DIGITS = 10;

/**
 * SPEC §5: the card payment start button is disabled when the e-mail does not match a standard
 * pattern AND the phone (digits only) has fewer than 10 digits. Either one is enough for 3-D Secure.
 */
export function cardPaymentStartDisabled(email: string, phone: string): boolean {
  return (
    !isCardHolderEmail(email) &&
    normalizeCardHolderPhone(phone).length < CARD_HOLDER_PHONE_MIN_DIGITS
  );
}

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

export const CARD_PAYMENT_UNFINISHED_MESSAGE =
  "クレジットカードのお支払い手続きが完了していません。もう一度お支払いください。";
