// Japanese labels for status codes, shared by every screen and by the reference API.

import type { MessageSender, PaymentStatus, PublishmentStatus } from "../../shared/wire";

export type {
  MessageSender,
  PaymentStatus,
  PostStatus,
  PublishmentStatus,
} from "../../shared/wire";

/** Manuscript (publishment) status; an ad without an order is "before application". */
export const publishmentStatusLabels: Record<PublishmentStatus | "not_ordered", string> = {
  not_ordered: "掲載申込前",
  new: "審査中",
  remanded: "差し戻し",
  reapplying: "再審査中",
  confirmed: "承認済み",
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  none: "支払前",
  waiting: "入金待ち",
  paid: "支払済み",
};

export const paymentMethodLabels: Record<string, string> = {
  free: "無料",
  bank_transfer: "銀行振込",
  card: "クレジットカード",
  cvs: "コンビニ払い",
  payeasy: "ペイジー（銀行ATM）",
  other: "その他",
};

/** Where a convenience store / Pay-easy slip is paid (copied from api/adapters/payment.ts). */
export const slipStoreLabels: Record<string, string> = {
  sej: "セブン-イレブン",
  lawson: "ローソン",
  famima: "ファミリーマート",
  other: "その他のコンビニ（ミニストップ・デイリーヤマザキ・セイコーマート）",
  payeasy: "Pay-easy（銀行ATM・ネットバンキング）",
};

export const messageSenderLabels: Record<MessageSender, string> = {
  advertiser: "広告主",
  system: "システム",
  administrator: "編集部",
};

export const emptyTexts = {
  advertisements: "広告はありません。",
  reports: "レポートはありません。",
  sales: "売上はありません。",
  advertisers: "広告主はありません。",
  areas: "エリアがありません。",
  courses: "コースがありません。",
  messages: "メッセージはありません。",
  loading: "読込中...",
} as const;

export const TEMPORARY_PASSWORD_MESSAGE =
  "仮パスワードでログインしています。パスワードの変更が必要です。新しいパスワードを設定してください。";

/** Beside what an impersonating administrator may not change (the password, the e-mail). */
export const IMPERSONATION_LOCKED_NOTE = "代理ログイン中は変更できません";

/** The e-mail page opened while impersonating: the address is the advertiser's own to change. */
export const EMAIL_CHANGE_IMPERSONATED_MESSAGE =
  "代理ログイン中はメールアドレスを変更できません。メールアドレスの変更は、広告主ご本人がログインして行ってください。";

/** The step-wizard header of the ad edit screens (SPEC §2 Ad edit). */
export const AD_EDIT_STEPS = ["広告編集", "広告編集確認", "広告編集完了"] as const;

/** A feature the upstream API does not offer (an extension of SPEC §7 it lacks, ADR 0016). */
export const EXTENSION_UNAVAILABLE = "この機能は接続先のAPIでは利用できません。";
