// The audit trail's actions as the 操作履歴 screen shows them (ARCHITECTURE §6): a Japanese label
// for every code the API writes (shared/wire.ts).
import type { AuditAction } from "../../shared/wire";

export type { AuditAction };

export const AUDIT_ACTIONS: Record<AuditAction, string> = {
  "order.confirm": "承認",
  "order.remand": "差し戻し",
  "order.publishes_at": "掲載開始日の変更",
  "order.bank_transfer": "銀行振込の選択",
  "order.payment_key": "カード・コンビニ払いの手続き",
  "order.mark_paid": "入金済みにする",
  "order.mark_unpaid": "未入金に戻す",
  "order.refund_needed": "要返金の入金（決済サービスから）",
  "post.contact": "広告主への連絡",
  "post.delete": "広告の削除",
  "post.update": "広告の編集",
  "post.create": "広告の作成",
  "post.duplicate": "広告のコピー",
  "post.preview_token": "プルーフURLの発行",
  "post.suspend": "掲載停止",
  "post.resume": "掲載再開",
  "post.sync": "同期",
  "order.create": "掲載申込",
  "order.reapply": "再審査の申込",
  "order.receipt": "領収書の発行",
  "message.create": "メッセージの送信",
  "client.update": "登録情報の変更",
  "locality.create": "エリアの登録",
  "locality.update": "エリアの修正",
  "client.auto_confirmable": "自動承認の切り替え",
  "client.delete": "広告主の削除",
  "user_login.password_reset": "パスワードのリセット",
  "user_login.password": "パスワードの変更",
  "user_login.email": "メールアドレスの変更",
  "media.upload": "画像のアップロード",
  "order.invoice": "請求書の発行",
  "impersonation.start": "代理ログイン開始",
  "impersonation.end": "代理ログイン終了",
  "course.create": "掲載コースの登録",
  "course.update": "掲載コースの修正",
  "trial.create": "入稿フォームからの申込",
};

export const isAuditAction = (value: string): value is AuditAction =>
  Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, value);

export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? AUDIT_ACTIONS[action] : action;
