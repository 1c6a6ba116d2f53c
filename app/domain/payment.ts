// Payment rules shared by the API and the portal (SPEC §4 payment status, §5 mark-paid modal).

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
