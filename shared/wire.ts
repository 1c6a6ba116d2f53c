// The codes both sides agree on (SPEC §3, §4): statuses, senders, course periods and audit actions
// as they travel in the API's JSON. Vocabulary only: no rule and no label lives here.

export type PublishmentStatus = "new" | "remanded" | "reapplying" | "confirmed";
export type PaymentStatus = "none" | "waiting" | "paid";
export type PostStatus = "public" | "not_synced" | "suspended";
export type MessageSender = "advertiser" | "system" | "administrator";

export type PeriodType = "month" | "day";
/** A course's period as the wire gives it: N months, or N days. */
export type CoursePeriod = {
  periodType: PeriodType;
  months?: number | null;
  days?: number | null;
};

/** The audit trail's action codes (ARCHITECTURE §6): the API writes them, 操作履歴 shows them. */
export const AUDIT_ACTION_CODES = [
  "order.confirm",
  "order.remand",
  "order.publishes_at",
  "order.bank_transfer",
  "order.payment_key",
  "order.mark_paid",
  "order.mark_unpaid",
  "order.refund_needed",
  "post.contact",
  "post.delete",
  "post.update",
  "post.create",
  "post.duplicate",
  "post.preview_token",
  "post.suspend",
  "post.resume",
  "post.sync",
  "order.create",
  "order.reapply",
  "order.receipt",
  "message.create",
  "client.update",
  "locality.create",
  "locality.update",
  "client.auto_confirmable",
  "client.delete",
  "user_login.password_reset",
  "user_login.password",
  "user_login.email",
  "media.upload",
  "order.invoice",
  "impersonation.start",
  "impersonation.end",
  "course.create",
  "course.update",
  "trial.create",
] as const;

export type AuditAction = (typeof AUDIT_ACTION_CODES)[number];

/**
 * An access token's claims (ARCHITECTURE §5, LexikJWT's shape): the API signs them, the portal
 * decodes them (app/.server/identity.ts). `iat` and `exp` come beside them.
 */
export interface AccessClaims {
  roles: string[];
  /** The login e-mail. */
  username: string;
  user_login_id: number;
  /** The client (advertiser record) id, on advertiser tokens. */
  advertiser?: number;
  /** The administrator id, on administrator tokens. */
  administrator?: number;
  /** The administrator's username, on tokens issued by switch_user. */
  impersonator?: string;
  /** The session (auth_sessions.id) the token was issued to. */
  sid: number;
}

/**
 * Our bank account and what to transfer, as the advertiser needs it: `bankTransfer` in the answer
 * to POST {order}/payment/bank_transfer, `instructions` in GET's, the transfer mail and message.
 */
export interface TransferInstructions {
  bankName: string;
  branchName: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  /** Yen, tax included. */
  amount: number;
  /** YYYY-MM-DD (Tokyo). */
  dueDate: string;
}
