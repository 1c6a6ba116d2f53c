// Status rules of an ad as advertisers see them (SPEC §4).
import { paymentStatusLabels, publishmentStatusLabels } from "./labels";
import { type PaymentStatus, type PostStatus, type PublishmentStatus } from "../../shared/wire";
import { EDITORS_GRACE_MS, needsReview, periodPhase } from "./publishment";

type OrderLike = {
  publishmentStatus: PublishmentStatus;
  paymentStatus: PaymentStatus;
  publishesAt?: string | null;
  unpublishesAt?: string | null;
};

/** 原稿ステータス: an ad without an order is before the publishment application. */
export function manuscriptStatusLabel(order: OrderLike | null | undefined): string {
  return publishmentStatusLabels[order?.publishmentStatus ?? "not_ordered"];
}

/** 支払ステータス: nothing to pay before an order exists. */
export function paymentStatusLabel(order: OrderLike | null | undefined): string {
  return order ? paymentStatusLabels[order.paymentStatus] : "";
}

export type DistributionStatus = "scheduled" | "publishing" | "ended" | "not_synced" | "suspended";

export const distributionStatusLabels: Record<DistributionStatus, string> = {
  scheduled: "掲載予定",
  publishing: "掲載中",
  ended: "掲載終了",
  not_synced: "未連携",
  suspended: "掲載停止",
};

type PeriodOf = Pick<OrderLike, "publishesAt" | "unpublishesAt"> | null | undefined;

/** not_synced and suspended as they are; a public post by its period, ended `graceMs` late. */
function distributionWithGrace(
  postStatus: PostStatus | null | undefined,
  order: PeriodOf,
  now: Date,
  graceMs: number,
): DistributionStatus {
  if (!postStatus || postStatus === "not_synced") return "not_synced";
  if (postStatus === "suspended") return "suspended";
  const phase = periodPhase(order ?? {}, now, graceMs);
  return phase === "live" ? "publishing" : phase;
}

/**
 * 掲載状況 for advertisers: a public post is scheduled before its start, ended once its end date
 * (which runs to the end of that day) has passed, and publishing otherwise.
 */
export function distributionStatus(
  postStatus: PostStatus | null | undefined,
  order: PeriodOf,
  now: Date,
): DistributionStatus {
  return distributionWithGrace(postStatus, order, now, 0);
}

/** 配信状況 in the administrators' ad list (SPEC §4): the same states and words. */
export const adminDistributionStatusLabels: Record<DistributionStatus, string> =
  distributionStatusLabels;

/**
 * 掲載停止 (SPEC §4): "enabled only if public, an order exists and it is not ended". Ended is the
 * advertisers' reading (after 23:59:59 of the end date in Tokyo), as the API's rule (ADR 0010).
 */
export function canSuspend(
  postStatus: PostStatus | null | undefined,
  order: PeriodOf,
  now: Date,
): boolean {
  if (postStatus !== "public" || !order) return false;
  return distributionStatus(postStatus, order, now) !== "ended";
}

/** 掲載再開 (SPEC §4): "enabled only if suspended", whatever the dates (the API decides the rest). */
export function canResume(postStatus: PostStatus | null | undefined): boolean {
  return postStatus === "suspended";
}

/** SPEC §9: the force sync's success text stays 3 s; its button is enabled again after 1 s. */
export const SYNC_MESSAGE_MS = 3000;
export const SYNC_BUTTON_COOLDOWN_MS = 1000;

/**
 * 配信状況 for administrators (SPEC §4 Distribution status in the admin list): a public post is
 * scheduled before its start, live from the start through the day after its end date, and ended
 * after that; not_synced and suspended are shown as they are.
 */
export function adminDistributionStatus(
  postStatus: PostStatus | null | undefined,
  order: PeriodOf,
  now: Date,
): DistributionStatus {
  // The editors see an ad that ended yesterday as still live while the news site takes it down.
  return distributionWithGrace(postStatus, order, now, EDITORS_GRACE_MS);
}

/** How a row of the administrators' ad list stands out (SPEC §4 Row styles). */
export type AdminRowKind = "needs_action" | "not_ordered" | "unpublished";

export const adminRowKindLabels: Record<AdminRowKind, string> = {
  needs_action: "要対応",
  not_ordered: "未申込",
  unpublished: "掲載期間終了",
};

/** The legend under the list: what each row style means. */
export const adminRowKindNotes: Record<AdminRowKind, string> = {
  needs_action: "審査中・再審査中の広告（承認または差し戻しが必要です）",
  not_ordered: "掲載申込がまだの広告",
  unpublished: "掲載終了日の翌日を過ぎた広告",
};

/**
 * The row style of an ad (SPEC §4): needs action when its order is new or reapplying (this wins,
 * it is what the editors must not miss), not yet ordered without an order, unpublished once the
 * day after its end date is over. Other rows are plain (null).
 */
export function adminRowKind(
  order: Pick<OrderLike, "publishmentStatus" | "unpublishesAt"> | null | undefined,
  now: Date,
): AdminRowKind | null {
  if (!order) return "not_ordered";
  if (needsReview(order)) return "needs_action";
  if (periodPhase(order, now, EDITORS_GRACE_MS) === "ended") return "unpublished";
  return null;
}

/** 地域 column: "region > locality". */
export function areaLabel(
  order:
    { region?: { name?: string } | null; locality?: { name?: string } | null } | null | undefined,
) {
  if (!order?.region && !order?.locality) return "";
  return [order.region?.name, order.locality?.name].filter(Boolean).join(" > ");
}
