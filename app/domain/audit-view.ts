// How the 操作履歴 screen shows an audit entry: who acted, what it acted on, and each changed
// field as "before → after" in the screen's words. Pure, so it is unit-tested here.
import { formatDate } from "../../shared/tokyo-calendar";
import { slashDate } from "../../shared/calendar-days";
import { formatAdvertisementId, formatAdvertiserId } from "../../shared/ids";
import { paymentStatusLabels, publishmentStatusLabels } from "./labels";
import { formatYen } from "./money";
import { REFUND_REASON_LABELS } from "./payment";

const fieldLabels: Record<string, string> = {
  publishmentStatus: "原稿ステータス",
  paymentStatus: "支払ステータス",
  publishesAt: "掲載開始日",
  unpublishesAt: "掲載終了日",
  note: "メモ",
  title: "タイトル",
  priority: "優先度",
  statusNote: "ステータスメモ",
  isDeleted: "削除",
  email: "メールアドレス",
  companyName: "会社名",
  messageBox: "メッセージ",
  // Areas (localities); the WordPress password is recorded only as (変更あり).
  regionId: "地域ID",
  name: "名称",
  blogUrl: "ニュースサイトURL",
  wpRestUrl: "WordPress URL",
  wpRestUser: "WordPress ユーザー名",
  wpRestPassword: "WordPress パスワード",
  gaAccount: "GA アカウント",
  gaProperty: "GA プロパティ",
  gaProfile: "GA ビュー",
  isActive: "有効",
  price: "価格(税抜)",
  periodType: "掲載期間タイプ",
  months: "掲載月数",
  days: "掲載日数",
  isAutoConfirmable: "自動承認",
  isTemporaryPassword: "仮パスワード",
  personInCharge: "担当者",
  tel: "電話番号",
  refundReason: "要返金の理由",
  refundAmount: "要返金の額(税込)",
  providerOrderId: "決済の取引ID",
  file: "ファイル",
};

export const auditFieldLabel = (field: string) => fieldLabels[field] ?? field;

const MAX_VALUE = 80;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+([+-]\d{2}:\d{2}|Z)?)?$/;

/** One value of a change, readable: status labels, dates as 2026/11/22, （なし） for nothing. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "（なし）";
  if (typeof value === "boolean") return value ? "はい" : "いいえ";
  if (field === "refundAmount" && typeof value === "number") return formatYen(value);
  if (typeof value === "string") {
    if (field === "publishmentStatus" && value in publishmentStatusLabels) {
      return publishmentStatusLabels[value as keyof typeof publishmentStatusLabels];
    }
    if (field === "paymentStatus" && value in paymentStatusLabels) {
      return paymentStatusLabels[value as keyof typeof paymentStatusLabels];
    }
    if (field === "refundReason") return REFUND_REASON_LABELS[value] ?? value;
    if (ISO_DATE.test(value)) return value.length === 10 ? slashDate(value) : formatDate(value);
    return value.length > MAX_VALUE ? `${value.slice(0, MAX_VALUE)}…` : value;
  }
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

export type AuditChangeLine = { field: string; before: string; after: string };

export function auditChanges(
  changes: Record<string, { before?: unknown; after?: unknown }> | null | undefined,
): AuditChangeLine[] {
  return Object.entries(changes ?? {}).map(([field, { before, after }]) => ({
    field: auditFieldLabel(field),
    before: auditValue(field, before),
    after: auditValue(field, after),
  }));
}

/** A login as far as it is known: its e-mail, else its id (the upstream would not show it). */
type Login = { email?: string; id?: number } | null | undefined;

const loginLabel = (login: Login) =>
  login?.email ?? (login?.id === undefined ? "（不明）" : `ユーザー #${login.id}`);

/** 操作者: the login that acted, and the administrator behind it while impersonating. */
export function auditActorLabel(actor: Login, impersonator: Login): string {
  // No login: the system acted (the payment provider's push, issue 28).
  if (actor === null) return "システム（決済サービス）";
  const who = loginLabel(actor);
  return impersonator ? `${loginLabel(impersonator)} が ${who} として` : who;
}

/** The ad an IRI names (/api/adv/posts/12 → 12), else null. */
export function postIdOf(iri: string | null | undefined): number | null {
  const match = /^\/api\/adv\/posts\/(\d+)$/.exec(iri ?? "");
  return match ? Number(match[1]) : null;
}

/** 対象 as text when it is not an ad (the ad case links to its detail). */
export function auditTargetLabel(iri: string | null | undefined): string {
  if (!iri) return "";
  const client = /^\/api\/adv\/clients\/(\d+)$/.exec(iri);
  if (client) return `広告主 ${formatAdvertiserId(client[1]!)}`;
  const login = /^\/api\/adv\/user_logins\/(\d+)$/.exec(iri);
  if (login) return `ログイン #${login[1]}`;
  const order = /^\/api\/adv\/publishment_orders\/(\d+)$/.exec(iri);
  // The order's own id, labelled as such: 申込ID is the ad's (issue 30 #3).
  if (order) return `注文番号 ${order[1]}`;
  const post = postIdOf(iri);
  if (post !== null) return `申込ID ${formatAdvertisementId(post)}`;
  return iri;
}

/**
 * The target filter as typed: an 申込ID (leading zeros allowed) asks for every entry about that ad
 * (its order's approval included, whose own target is the order), an IRI for entries with exactly
 * that target (so text that names nothing lists nothing).
 */
export function auditTargetQuery(input: string): { advertisement?: string; target?: string } {
  const value = input.trim();
  if (/^\d{1,9}$/.test(value) && Number(value) > 0) {
    return { advertisement: `/api/adv/posts/${Number(value)}` };
  }
  // An IRI, or anything else typed, is compared as it is: what names nothing lists nothing.
  return value ? { target: value } : {};
}
