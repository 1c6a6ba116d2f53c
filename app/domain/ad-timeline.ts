// The short status timeline at the top of the advertiser's ad detail (issue 30): 申込 → 審査 →
// 承認 → 入金 → 掲載, each step done, in progress, waiting for the advertiser, or still ahead,
// read only from SPEC §3 fields (the order's statuses and dates, the public post's status). The
// steps say their state in words of their own (完了, 進行中…) and dates: the status labels
// (審査中, 入金待ち…) stay with the status list below, said once.
import type { DistributionStatus } from "./advertisement";
import { formatDate } from "../../shared/tokyo-calendar";
import type { PaymentStatus, PublishmentStatus } from "../../shared/wire";

/** `attention`: the advertiser has something to do (差し戻し) or the step stopped (掲載停止). */
export type StepState = "done" | "current" | "attention" | "todo";
/** `note`: a date when the step has one (申込日, 入金日, the start of 掲載). */
export type TimelineStep = { label: string; state: StepState; note: string };

/** What each state is called, for those who cannot see the marks' colours and shapes. */
export const stepStateLabels: Record<StepState, string> = {
  done: "完了",
  current: "進行中",
  attention: "要対応",
  todo: "これから",
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
  if (status === "confirmed") return step("審査", "done");
  // 差し戻し: the advertiser's turn (the page says why above the timeline).
  return step("審査", status === "remanded" ? "attention" : "current");
}

/** Payment may come before approval (a card paid at once): it is read on its own. */
function payment(order: TimelineOrder): TimelineStep {
  if (order.paymentStatus === "paid") return step("入金", "done", dateNote(order.paidAt));
  if (order.paymentStatus === "waiting") return step("入金", "current");
  return step("入金", order.publishmentStatus === "confirmed" ? "current" : "todo");
}

function publishing(order: TimelineOrder, distribution: DistributionStatus | null): TimelineStep {
  switch (distribution) {
    case "publishing":
      return step("掲載", "current");
    case "ended":
      return step("掲載", "done");
    case "suspended":
      return step("掲載", "attention");
    default:
      return step("掲載", "todo", order.publishesAt ? `${dateNote(order.publishesAt)}〜` : "");
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
      step("申込", "current"),
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
    step("承認", confirmed ? "done" : "todo"),
    payment(order),
    publishing(order, distribution),
  ];
}
