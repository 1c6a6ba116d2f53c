import { describe, expect, it } from "vitest";
import {
  advertiserStage,
  advertiserStageLabels,
  advertiserStageNotes,
  nextAdvertiserAction,
} from "./advertiser-stage";
import type { PaymentStatus, PostStatus, PublishmentStatus } from "../../shared/wire";

const period = {
  publishesAt: "2026-12-01T00:00:00+09:00",
  unpublishesAt: "2026-12-31T23:59:59+09:00",
};
const order = (publishmentStatus: PublishmentStatus, paymentStatus: PaymentStatus = "none") => ({
  publishmentStatus,
  paymentStatus,
  ...period,
});
const before = new Date("2026-11-20T12:00:00+09:00");
const during = new Date("2026-12-10T12:00:00+09:00");
const after = new Date("2027-01-01T00:00:00+09:00");

describe("advertiserStage (配信状況 for advertisers, issue 30 #17)", () => {
  it("never says 未連携: before the site, the order says why not yet", () => {
    const cases: [PublishmentStatus, PaymentStatus, string][] = [
      ["new", "none", "審査中"],
      ["new", "paid", "審査中"],
      ["reapplying", "waiting", "再審査中"],
      ["remanded", "paid", "要修正"],
      ["confirmed", "none", "お支払い待ち"],
      ["confirmed", "waiting", "入金待ち"],
      ["confirmed", "paid", "掲載準備中"],
    ];
    for (const postStatus of [null, "not_synced"] as const) {
      for (const [publishment, payment, label] of cases) {
        const stage = advertiserStage(order(publishment, payment), postStatus, before);
        expect(advertiserStageLabels[stage], `${publishment}/${payment}/${postStatus}`).toBe(label);
      }
    }
    expect(Object.values(advertiserStageLabels)).not.toContain("未連携");
  });

  it("says 掲載申込前 without an order", () => {
    expect(advertiserStage(null, null, before)).toBe("not_ordered");
  });

  it("a copy on the site reads by its dates, whatever the order says", () => {
    const stage = (
      postStatus: PostStatus,
      now: Date,
      publishment: PublishmentStatus = "confirmed",
    ) => advertiserStage(order(publishment, "paid"), postStatus, now);
    expect(stage("public", before)).toBe("scheduled");
    expect(stage("public", during)).toBe("publishing");
    // An edit of a live ad is reviewed while the last approved copy stays on the site.
    expect(stage("public", during, "reapplying")).toBe("publishing");
    expect(stage("public", after)).toBe("ended");
    expect(stage("suspended", during)).toBe("suspended");
  });

  it("a period over is 掲載終了, also for a copy never on the site", () => {
    expect(advertiserStage(order("confirmed", "paid"), "not_synced", after)).toBe("ended");
    expect(advertiserStage(order("new", "none"), null, after)).toBe("ended");
  });

  it("has a note for every label", () => {
    for (const stage of Object.keys(advertiserStageLabels)) {
      expect(advertiserStageNotes[stage as keyof typeof advertiserStageNotes]).toMatch(/。$/);
    }
  });
});

describe("nextAdvertiserAction (My Page's one next action)", () => {
  const next = (o: ReturnType<typeof order> | null, postStatus: PostStatus | null, now = before) =>
    nextAdvertiserAction(7, o, advertiserStage(o, postStatus, now));

  it("apply, edit, pay or report, each to its screen", () => {
    expect(next(null, null)).toEqual({
      kind: "apply",
      label: "掲載を申し込む",
      href: "/advertiser/advertisements/7/publishment",
    });
    expect(next(order("remanded", "waiting"), null)).toEqual({
      kind: "edit",
      label: "修正する",
      href: "/advertiser/advertisements/7/edit",
    });
    expect(next(order("new", "none"), null)).toEqual({
      kind: "pay",
      label: "支払う",
      href: "/advertiser/advertisements/7/publishment/complete",
    });
    expect(next(order("confirmed", "waiting"), null)?.kind).toBe("pay");
    expect(next(order("confirmed", "paid"), "public", during)).toEqual({
      kind: "report",
      label: "レポート",
      href: "/advertiser/advertisements/7/report",
    });
    expect(next(order("confirmed", "paid"), "suspended", during)?.kind).toBe("report");
    expect(next(order("confirmed", "paid"), "public", after)?.kind).toBe("report");
  });

  it("none while the ad waits for someone else (review of a paid ad, the publisher)", () => {
    expect(next(order("new", "paid"), null)).toBeNull();
    expect(next(order("confirmed", "paid"), "not_synced")).toBeNull();
    expect(next(order("confirmed", "paid"), "public", before)).toBeNull();
  });
});
