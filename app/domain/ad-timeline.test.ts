import { describe, expect, it } from "vitest";
import { adTimeline } from "./ad-timeline";

const order = {
  publishmentStatus: "new" as const,
  paymentStatus: "none" as const,
  orderedAt: "2026-11-20T10:00:00+09:00",
  paidAt: null,
  publishesAt: "2026-12-01T00:00:00+09:00",
};
const states = (steps: ReturnType<typeof adTimeline>) =>
  steps.map((s) => `${s.label}:${s.state}${s.note ? `:${s.note}` : ""}`);

describe("adTimeline", () => {
  it("before any application only 申込 is to do", () => {
    expect(states(adTimeline(null, null))).toEqual([
      "申込:current",
      "審査:todo",
      "承認:todo",
      "入金:todo",
      "掲載:todo",
    ]);
  });

  it("a remanded ad waits for its advertiser at 審査", () => {
    expect(states(adTimeline({ ...order, publishmentStatus: "remanded" }, "not_synced"))).toEqual([
      "申込:done:2026/11/20",
      "審査:attention",
      "承認:todo",
      "入金:todo",
      "掲載:todo:2026/12/01〜",
    ]);
  });

  it("approved and paid by card before the start: only 掲載 is ahead", () => {
    const paid = {
      ...order,
      publishmentStatus: "confirmed" as const,
      paymentStatus: "paid" as const,
      paidAt: "2026-11-21T09:00:00+09:00",
    };
    expect(states(adTimeline(paid, "scheduled"))).toEqual([
      "申込:done:2026/11/20",
      "審査:done",
      "承認:done",
      "入金:done:2026/11/21",
      "掲載:todo:2026/12/01〜",
    ]);
  });

  it("payment can come before approval; a suspended ad needs attention", () => {
    const waiting = {
      ...order,
      publishmentStatus: "reapplying" as const,
      paymentStatus: "waiting" as const,
    };
    expect(states(adTimeline(waiting, "suspended")).slice(1)).toEqual([
      "審査:current",
      "承認:todo",
      "入金:current",
      "掲載:attention",
    ]);
  });
});
