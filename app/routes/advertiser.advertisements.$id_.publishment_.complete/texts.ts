// The payment choice screen's texts (SPEC §2, §8; issue 11), shared by the server and the client.
export const PAYMENT_TEXTS = {
  /** SPEC §8 payment failure or interruption, exactly. */
  failure: "※決済が中断、または失敗しました。再度お試しください。",
  failureHint: "決済画面が開かない場合は、電話番号とメールアドレスをご確認ください。",
  proceeding: "決済画面を表示しています…",
  paid: "お支払いが完了しました。",
  slipIssued: "お支払い番号を発行しました。",
  paidFlash: "お支払いが完了しました。",
  slipIssuedFlash: "お支払い番号を発行しました。お支払い期限までにお支払いください。",
  /** The provider said success but its notification has not reached the order yet. */
  confirmingFlash:
    "お支払いの結果を確認しています。しばらくしてから支払ステータスをご確認ください。",
  bankTransferFlash: "お支払い方法を銀行振込にしました。下記のお振込先へお振込みください。",
  bankTransferByInvoiceFlash:
    "お支払い方法を銀行振込にしました。お振込先は請求書（PDF）またはメールでご案内します。",
  unavailable: "クレジットカード・コンビニ払いは現在ご利用いただけません。",
  needsJavaScript: "クレジットカード・コンビニ払いにはJavaScriptを有効にしてください。",
  cardHolderRequired:
    "カード名義人のメールアドレス、または電話番号（10桁以上）を入力してください。",
} as const;

export type PaymentIntent = "card" | "store";

/** What a failed start answers: errors beside the card fields and in the banner, values kept. */
export type PaymentReply = {
  intent: PaymentIntent;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  values: { cardHolderEmail: string; cardHolderHomePhoneNumber: string };
};
