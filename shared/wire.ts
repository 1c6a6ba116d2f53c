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
