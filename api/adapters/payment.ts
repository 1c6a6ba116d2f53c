// The payment provider adapter (ARCHITECTURE §6): issuing a payment key for an order and reading
// the provider's server-to-server push. Two implementations share this interface, so the API and
// the portal run the same code for both: the built-in sandbox (default; api/sandbox-pay) and
// VeriTrans4G POP (POP_SERVER_KEY / POP_CLIENT_KEY set). See docs/decisions/0009-payment-provider.md.

/** Convenience stores a slip can be for (VeriTrans4G's cvs payment_sub_type), and Pay-easy. */
export type SlipStore = "sej" | "lawson" | "famima" | "other" | "payeasy";

/** A convenience store / Pay-easy payment slip: what the customer takes to the till or the ATM. */
export interface PaymentSlip {
  store: SlipStore;
  /** 受付番号 / お客様番号: the number the customer gives at the till or enters at the ATM. */
  receiptNumber: string;
  /** 確認番号 (Pay-easy, some stores); null where the store has none. */
  confirmationNumber: string | null;
  /** 収納機関番号 (Pay-easy only). */
  collectorNumber: string | null;
  /** Yen including tax. */
  amount: number;
  /** The last instant the slip can be paid (ISO 8601). */
  expiresAt: string;
  /** The provider's printable slip page (払込票), if it has one. */
  slipUrl: string | null;
}

export interface PaymentKeyRequest {
  /** Unique per key: "ADV{the 6-digit 申込ID}-{8 hex}". */
  providerOrderId: string;
  /** Yen including tax (gross_amount). */
  grossAmount: number;
  /** card=1: a card payment with 3-D Secure 2; otherwise convenience store and Pay-easy. */
  card: boolean;
  /** For 3-D Secure 2 (cardHolderEmail, normalised). */
  customerEmail: string | null;
  /** For 3-D Secure 2 (cardHolderHomePhoneNumber, digits only). */
  customerPhone: string | null;
  /** Where the provider pushes the result: our POST /api/adv/payment_push. */
  pushUrl: string;
  /** Where a browser without JavaScript is sent back to (the provider appends ?payment=…). */
  returnUrl: string | null;
  /** payment_key_expiry_duration, minutes. */
  expiryMinutes: number;
}

export interface IssuedPaymentKey {
  paymentKey: string;
  expiresAt: Date;
  /**
   * The provider's own payment page for this key, reachable without JavaScript (the sandbox has
   * one); null when the provider only offers its pop-up script (POP).
   */
  paymentPageUrl: string | null;
}

/** A push, verified and read: what happened to one provider order. */
export interface PaymentEvent {
  providerOrderId: string;
  /** paid: the money is in; pending: a slip was issued; failed: the attempt failed. */
  kind: "paid" | "pending" | "failed";
  paymentType: "card" | "cvs" | "bank";
  /** gross_amount as the provider reports it; null when the push does not carry it. */
  amount: number | null;
  /** When the provider says it happened. */
  occurredAt: Date;
  slip: PaymentSlip | null;
  /** Same push, same key (idempotence): derived from the raw body. */
  dedupeKey: string;
}

/** A push the API must refuse: nothing is written, the provider gets this status. */
export class PushRefused extends Error {
  constructor(
    readonly status: 400 | 401,
    reason: string,
  ) {
    super(reason);
  }
}

export interface PaymentProvider {
  readonly name: "sandbox" | "pop";
  issuePaymentKey(request: PaymentKeyRequest): Promise<IssuedPaymentKey>;
  /** Verifies the push's signature (constant-time) and freshness, then reads it; else PushRefused. */
  readPush(rawBody: string, headers: Headers, now: Date): PaymentEvent;
  /**
   * The order got a later key: the provider should refuse payment with these (issue 28 #5). Best
   * effort; a payment that still comes for a paid order is recorded as a refund needed.
   */
  retireKeys(paymentKeys: string[]): Promise<void>;
}

/** Japanese names of the slip stores (the ad detail, the sandbox pages, mails). */
export const SLIP_STORE_LABELS: Record<SlipStore, string> = {
  sej: "セブン-イレブン",
  lawson: "ローソン",
  famima: "ファミリーマート",
  other: "その他のコンビニ（ミニストップ・デイリーヤマザキ・セイコーマート）",
  payeasy: "Pay-easy（銀行ATM・ネットバンキング）",
};
