// 配信状況 as advertisers read it (issue 30 #17): where their ad stands on its way to the news site,
// in their words, and the one thing they can do next. Decided from SPEC §3 fields only: the order's
// publishmentStatus, paymentStatus and period, and the public copy's postStatus. Both My Page and
// the ad detail show it; the editors keep the SPEC §4 words (掲載予定, 未連携, …).
import { distributionStatus, type DistributionStatus } from "./advertisement";
import type { PaymentStatus, PostStatus, PublishmentStatus } from "../../shared/wire";
import { paymentChoiceOffered } from "./payment";

type StageOrder = {
  publishmentStatus: PublishmentStatus;
  paymentStatus: PaymentStatus;
  publishesAt?: string | null;
  unpublishesAt?: string | null;
};

/** SPEC §4's states of a copy on the site, and before it is there, why not yet. */
export type AdvertiserStage =
  | Exclude<DistributionStatus, "not_synced">
  | "not_ordered"
  | "in_review"
  | "in_re_review"
  | "remanded"
  | "awaiting_payment"
  | "awaiting_deposit"
  | "preparing";

export const advertiserStageLabels: Record<AdvertiserStage, string> = {
  not_ordered: "掲載申込前",
  in_review: "審査中",
  in_re_review: "再審査中",
  remanded: "要修正",
  awaiting_payment: "お支払い待ち",
  awaiting_deposit: "入金待ち",
  preparing: "掲載準備中",
  scheduled: "掲載予定",
  publishing: "掲載中",
  ended: "掲載終了",
  suspended: "掲載停止",
};

/** What the label means for the advertiser (the detail shows it beside the label). */
export const advertiserStageNotes: Record<AdvertiserStage, string> = {
  not_ordered: "掲載の申し込みがまだです。",
  in_review: "編集部が原稿を審査しています。",
  in_re_review: "修正された原稿を編集部が審査しています。",
  remanded: "編集部から原稿の修正をお願いしています。修正して再申請してください。",
  awaiting_payment: "お支払いが済むと、掲載の準備に入ります。",
  awaiting_deposit: "ご入金を確認でき次第、掲載の準備に入ります。",
  preparing: "ニュースサイトへの掲載を準備しています。",
  scheduled: "掲載開始日からニュースサイトに掲載されます。",
  publishing: "ニュースサイトに掲載されています。",
  ended: "掲載期間が終了しました。",
  suspended: "掲載を停止しています。",
};

/** The badge's look: something to do, on its way, on the site, or at rest. */
export type StageTone = "action" | "progress" | "live" | "rest";

export const advertiserStageTones: Record<AdvertiserStage, StageTone> = {
  not_ordered: "rest",
  in_review: "progress",
  in_re_review: "progress",
  remanded: "action",
  awaiting_payment: "action",
  awaiting_deposit: "action",
  preparing: "progress",
  scheduled: "progress",
  publishing: "live",
  ended: "rest",
  suspended: "rest",
};

/**
 * The stage of an ad. A copy on the site (public or suspended) says it as SPEC §4 does; before
 * that (no copy, or not_synced) the order says why: a period over has ended; otherwise review
 * first (差し戻し asks for an edit), then payment, then the publisher's turn (掲載準備中).
 */
export function advertiserStage(
  order: StageOrder | null | undefined,
  postStatus: PostStatus | null | undefined,
  now: Date,
): AdvertiserStage {
  if (!order) return "not_ordered";
  const onSite = distributionStatus(postStatus, order, now);
  if (onSite !== "not_synced") return onSite;
  // The advertisers' reading of "ended" (the end date runs to 23:59:59 Tokyo), as if on the site.
  if (distributionStatus("public", order, now) === "ended") return "ended";
  switch (order.publishmentStatus) {
    case "remanded":
      return "remanded";
    case "new":
      return "in_review";
    case "reapplying":
      return "in_re_review";
    case "confirmed":
      break;
  }
  if (order.paymentStatus === "none") return "awaiting_payment";
  if (order.paymentStatus === "waiting") return "awaiting_deposit";
  return "preparing";
}

export type AdvertiserAction = { kind: "apply" | "edit" | "pay" | "report"; label: string };

const ACTIONS: Record<AdvertiserAction["kind"], { label: string; path: (id: number) => string }> = {
  apply: { label: "掲載を申し込む", path: (id) => `/advertiser/advertisements/${id}/publishment` },
  edit: { label: "修正する", path: (id) => `/advertiser/advertisements/${id}/edit` },
  pay: {
    label: "支払う",
    path: (id) => `/advertiser/advertisements/${id}/publishment/complete`,
  },
  report: { label: "レポート", path: (id) => `/advertiser/advertisements/${id}/report` },
};

/**
 * The one next action of an ad, or null when it waits for someone else: apply before an order,
 * edit when remanded, the report once it has been on the site, else pay while the order can be
 * paid (the detail's 支払う: unpaid and not remanded).
 */
export function nextAdvertiserAction(
  id: number,
  order: (StageOrder & { paymentMethod?: string | null }) | null | undefined,
  stage: AdvertiserStage,
): (AdvertiserAction & { href: string }) | null {
  const kind: AdvertiserAction["kind"] | null =
    stage === "not_ordered"
      ? "apply"
      : stage === "remanded"
        ? "edit"
        : stage === "publishing" || stage === "ended" || stage === "suspended"
          ? "report"
          : paymentChoiceOffered(order)
            ? "pay"
            : null;
  return kind ? { kind, label: ACTIONS[kind].label, href: ACTIONS[kind].path(id) } : null;
}
