// Payment rules of the reference API (SPEC §4 payment status, §5 mark-paid, ADR 0009): which
// transitions an order's payment may take, its deadline, and the card holder's fields for 3-D
// Secure. The API's own: the portal keeps its own in app/domain/payment.ts (tests/contract).
import { addCalendarDays } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import type { PaymentStatus } from "../../shared/wire";

type PaymentState = { paymentStatus: PaymentStatus; paymentMethod?: string | null };

/** Card and store / Pay-easy: the provider settles these. */
const PROVIDER_METHODS = ["card", "cvs", "payeasy"];

/** Editors mark paid an order not yet paid for, or one waiting for a bank transfer. */
export function canMarkPaid({ paymentStatus, paymentMethod }: PaymentState): boolean {
  if (paymentStatus === "none") return true;
  return paymentStatus === "waiting" && paymentMethod === "bank_transfer";
}

/** Bank transfer: before any payment, or instead of a card / store payment not yet made. */
export function canChooseBankTransfer({ paymentStatus, paymentMethod }: PaymentState): boolean {
  if (paymentStatus === "none") return true;
  return paymentStatus === "waiting" && PROVIDER_METHODS.includes(paymentMethod ?? "");
}

/** Anything but "none" may go back to unpaid. */
export const canMarkUnpaid = ({ paymentStatus }: PaymentState) => paymentStatus !== "none";

/**
 * The one payment deadline of an order (issue 30 #2): `dueDays` after the order date, at latest
 * the day before the start, never before the order date. Without `dueDays` or the order date, the
 * day before the start. A Tokyo "YYYY-MM-DD".
 */
export function paymentDueOn(
  order: { orderedAt?: Date | string | null; publishesAt: Date | string },
  dueDays?: number,
): string {
  const latest = addCalendarDays(tokyoDate(new Date(order.publishesAt)), -1);
  if (!order.orderedAt || dueDays === undefined) {
    return order.orderedAt ? maxDate(latest, tokyoDate(new Date(order.orderedAt))) : latest;
  }
  const orderedOn = tokyoDate(new Date(order.orderedAt));
  const due = addCalendarDays(orderedOn, dueDays);
  return maxDate(due < latest ? due : latest, orderedOn);
}

const maxDate = (a: string, b: string) => (a > b ? a : b);

/** The card holder's fields on the key request (ADR 0009). */
export const CARD_HOLDER_TEXTS = {
  invalidEmail: "メールアドレスの形式が正しくありません。",
  invalidPhone: "電話番号は数字10桁または11桁で入力してください。",
  emailOrPhone: "メールアドレスまたは電話番号を入力してください。",
} as const;

/** The HTML standard's valid e-mail address, as <input type="email"> accepts it. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isCardHolderEmail(value: string | null | undefined): boolean {
  const email = value?.trim() ?? "";
  return email !== "" && email.length <= 180 && EMAIL_PATTERN.test(email);
}

/** Full-width digits to ASCII; dashes and spaces out; anything else stays (and fails the rule). */
export function normalizeCardHolderPhone(value: string | null | undefined): string {
  return (value ?? "")
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[\s\u3000\-‐‑‒–—―−ー－]/g, "");
}

export const isCardHolderPhone = (value: string | null | undefined) =>
  /^\d{10,11}$/.test(normalizeCardHolderPhone(value));
