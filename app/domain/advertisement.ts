// Status rules of an ad as advertisers see them (SPEC §4).
import { endOfTokyoDay, tokyoDate } from "./dates";
import {
  paymentStatusLabels,
  publishmentStatusLabels,
  type PaymentStatus,
  type PostStatus,
  type PublishmentStatus,
} from "./labels";

type OrderLike = {
  publishmentStatus: PublishmentStatus;
  paymentStatus: PaymentStatus;
  publishesAt?: string | null;
  unpublishesAt?: string | null;
};

/** 原稿ステータス: an ad without an order is before publication application. */
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
  suspended: "掲載停止中",
};

/**
 * 掲載状況 for advertisers: a public post is scheduled before its start, ended once its end date
 * (which runs to the end of that day) has passed, and publishing otherwise.
 */
export function distributionStatus(
  postStatus: PostStatus | null | undefined,
  order: Pick<OrderLike, "publishesAt" | "unpublishesAt"> | null | undefined,
  now: Date,
): DistributionStatus {
  if (!postStatus || postStatus === "not_synced") return "not_synced";
  if (postStatus === "suspended") return "suspended";
  if (order?.publishesAt && now < new Date(order.publishesAt)) return "scheduled";
  if (order?.unpublishesAt && now > endOfTokyoDay(tokyoDate(new Date(order.unpublishesAt)))) {
    return "ended";
  }
  return "publishing";
}

/** 地域 column: "region > locality". */
export function areaLabel(
  order:
    { region?: { name: string } | null; locality?: { name: string } | null } | null | undefined,
) {
  if (!order?.region && !order?.locality) return "";
  return [order.region?.name, order.locality?.name].filter(Boolean).join(" > ");
}
