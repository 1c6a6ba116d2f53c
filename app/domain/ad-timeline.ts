// The short status timeline at the top of the advertiser's ad detail (issue 30): 申込 → 審査 →
// 承認 → 入金 → 掲載, each step done, in progress, waiting for the advertiser, or still ahead,
// read only from SPEC §3 fields (the order's statuses and dates, the public post's status).
import type { DistributionStatus } from "./advertisement";
import { formatDate } from "./dates";
import type { PaymentStatus, PublishmentStatus } from "./labels";

/** `attention`: the advertiser has something to do (差し戻し) or the step stopped (掲載停止). */
export type StepState = "done" | "current" | "attention" | "todo";
export type TimelineStep = { label: string; state: StepState; note: string };

/** What each state is called, for those who cannot see the marks' colours and shapes. */
export const stepStateLabels: Record<StepState, string> = {
  done: "完了",
  current: "進行中",
  attention: "要対応",
  todo: "未完了",
};

type TimelineOrder = {
  publishmentStatus: PublishmentStatus;
  paymentStatus: PaymentStatus;
  orderedAt?: string | null;
  paidAt?: string | null;
  publishesAt?: string | null;
};

const step = (label: string, state: StepState, note = ""): TimelineStep => ({ label, state, note });
const dateNote = formatDate;

function review(status: PublishmentStatus): TimelineStep {
  switch (status) {
    case "new":
      return step("審査", "current", "審査中");
    case "reapplying":
      return step("審査", "current", "再審査中");
    case "remanded":
      return step("審査", "attention", "差し戻し");
    case "confirmed":
      return step("審査", "done");
  }
}

/** Payment may come before approval (a card paid at once): it is read on its own. */
function payment(order: TimelineOrder): TimelineStep {
  if (order.paymentStatus === "paid") return step("入金", "done", dateNote(order.paidAt));
  if (order.paymentStatus === "waiting") return step("入金", "current", "入金待ち");
  return step("入金", order.publishmentStatus === "confirmed" ? "current" : "todo", "お支払い前");
}

function publication(order: TimelineOrder, distribution: DistributionStatus | null): TimelineStep {
  switch (distribution) {
    case "publishing":
      return step("掲載", "current", "掲載中");
    case "ended":
      return step("掲載", "done", "掲載終了");
    case "suspended":
      return step("掲載", "attention", "掲載停止");
    case "scheduled":
      return step("掲載", "todo", `${dateNote(order.publishesAt)}から`);
    default:
      return step(
        "掲載",
        "todo",
        order.publishesAt ? `${dateNote(order.publishesAt)}から予定` : "",
      );
  }
}

/**
 * The five steps of an ad's life. Without an order only 申込 is ahead (and is the next thing to
 * do); `distribution` is 掲載状況 as advertisers read it (null when the post was never published).
 */
export function adTimeline(
  order: TimelineOrder | null | undefined,
  distribution: DistributionStatus | null,
): TimelineStep[] {
  if (!order) {
    return [
      step("申込", "current", "未申込"),
      step("審査", "todo"),
      step("承認", "todo"),
      step("入金", "todo"),
      step("掲載", "todo"),
    ];
  }
  const confirmed = order.publishmentStatus === "confirmed";
  return [
    step("申込", "done", dateNote(order.orderedAt)),
    review(order.publishmentStatus),
    step("承認", confirmed ? "done" : "todo", confirmed ? "承認済み" : ""),
    payment(order),
    publication(order, distribution),
  ];
}
