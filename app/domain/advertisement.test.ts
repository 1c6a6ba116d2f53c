import { describe, expect, it } from "vitest";
import {
  adminDistributionStatus,
  adminDistributionStatusLabels,
  adminRowKind,
  areaLabel,
  canResume,
  canSuspend,
  distributionStatus,
  distributionStatusLabels,
  manuscriptStatusLabel,
  paymentStatusLabel,
} from "./advertisement";
import type { PaymentStatus, PublishmentStatus } from "../../shared/wire";

const order = (publishmentStatus: PublishmentStatus, paymentStatus: PaymentStatus = "none") => ({
  publishmentStatus,
  paymentStatus,
});

describe("manuscriptStatusLabel (原稿ステータス)", () => {
  it("says 掲載申込前 for an ad without an order", () => {
    expect(manuscriptStatusLabel(null)).toBe("掲載申込前");
    expect(manuscriptStatusLabel(undefined)).toBe("掲載申込前");
  });

  it.each([
    ["new", "審査中"],
    ["remanded", "差し戻し"],
    ["reapplying", "再審査中"],
    ["confirmed", "承認済み"],
  ] as const)("labels %s as %s", (status, label) => {
    expect(manuscriptStatusLabel(order(status))).toBe(label);
  });
});

describe("paymentStatusLabel (支払ステータス)", () => {
  it("is empty before an order exists", () => {
    expect(paymentStatusLabel(null)).toBe("");
  });

  it.each([
    ["none", "支払前"],
    ["waiting", "入金待ち"],
    ["paid", "支払済み"],
  ] as const)("labels %s as %s", (status, label) => {
    expect(paymentStatusLabel(order("confirmed", status))).toBe(label);
  });
});

describe("distributionStatus (掲載状況 for advertisers)", () => {
  // A publication from 1 Dec to 31 Dec 2026, as API Platform serialises the order's dates.
  const period = {
    publishesAt: "2026-12-01T00:00:00+09:00",
    unpublishesAt: "2026-12-31T00:00:00+09:00",
  };
  const at = (iso: string) => new Date(iso);

  it("is not_synced without a public copy, whatever the dates", () => {
    expect(distributionStatus(null, period, at("2026-12-10T12:00:00+09:00"))).toBe("not_synced");
    expect(distributionStatus("not_synced", period, at("2026-12-10T12:00:00+09:00"))).toBe(
      "not_synced",
    );
  });

  it("is suspended while publication is stopped", () => {
    expect(distributionStatus("suspended", period, at("2026-12-10T12:00:00+09:00"))).toBe(
      "suspended",
    );
  });

  it("is scheduled before 00:00 JST of the start date", () => {
    expect(distributionStatus("public", period, at("2026-11-30T23:59:59+09:00"))).toBe("scheduled");
  });

  it("is publishing from the start instant", () => {
    expect(distributionStatus("public", period, at("2026-12-01T00:00:00+09:00"))).toBe(
      "publishing",
    );
    expect(distributionStatus("public", period, at("2026-12-15T12:00:00+09:00"))).toBe(
      "publishing",
    );
  });

  // The end date runs to its last second even when the upstream sends it as midnight (SPEC §4, §9).
  it("stays publishing through 23:59:59 JST of the end date", () => {
    expect(distributionStatus("public", period, at("2026-12-31T00:00:01+09:00"))).toBe(
      "publishing",
    );
    expect(distributionStatus("public", period, at("2026-12-31T23:59:59+09:00"))).toBe(
      "publishing",
    );
  });

  it("stays publishing through 23:59:59 JST when the upstream sends the last second as unpublishesAt", () => {
    const lastSecond = { ...period, unpublishesAt: "2026-12-31T23:59:59+09:00" };

    expect(distributionStatus("public", lastSecond, at("2026-12-31T23:59:59+09:00"))).toBe(
      "publishing",
    );
  });

  it("is ended one second after 23:59:59 JST of the end date", () => {
    expect(distributionStatus("public", period, at("2027-01-01T00:00:00+09:00"))).toBe("ended");
    const lastSecond = { ...period, unpublishesAt: "2026-12-31T23:59:59+09:00" };
    expect(distributionStatus("public", lastSecond, at("2027-01-01T00:00:00+09:00"))).toBe("ended");
  });

  it("is publishing for a public ad whose order has no dates", () => {
    expect(distributionStatus("public", null, at("2026-12-10T12:00:00+09:00"))).toBe("publishing");
  });

  it("has a Japanese label for every status", () => {
    expect(distributionStatusLabels).toEqual({
      scheduled: "掲載予定",
      publishing: "掲載中",
      ended: "掲載終了",
      not_synced: "未連携",
      suspended: "掲載停止",
    });
  });
});

describe("adminDistributionStatus (配信状況 in the administrators' list)", () => {
  const period = {
    publishesAt: "2026-12-01T00:00:00+09:00",
    unpublishesAt: "2026-12-31T00:00:00+09:00",
  };
  const at = (iso: string) => new Date(iso);
  const label = (postStatus: "public" | "not_synced" | "suspended" | null, now: string) =>
    adminDistributionStatusLabels[adminDistributionStatus(postStatus, period, at(now))];

  it("says 掲載予定 for a public ad before 00:00 JST of its start date", () => {
    expect(label("public", "2026-11-30T23:59:59+09:00")).toBe("掲載予定");
  });

  it("says 掲載中 from the start through the day after the end date (Tokyo)", () => {
    expect(label("public", "2026-12-01T00:00:00+09:00")).toBe("掲載中");
    expect(label("public", "2026-12-31T23:59:59+09:00")).toBe("掲載中");
    // The administrators' list keeps the day after the end as live (SPEC §4).
    expect(label("public", "2027-01-01T23:59:59+09:00")).toBe("掲載中");
  });

  it("says 掲載終了 once the day after the end date is over", () => {
    expect(label("public", "2027-01-02T00:00:00+09:00")).toBe("掲載終了");
    // 15:00 UTC on 1 Jan is already 2 Jan in Tokyo: the rule follows Tokyo, not the server.
    expect(label("public", "2027-01-01T15:00:00Z")).toBe("掲載終了");
    expect(label("public", "2027-01-01T14:59:59Z")).toBe("掲載中");
  });

  it("says 未連携 without a public copy and 掲載停止 while suspended, whatever the dates", () => {
    expect(label(null, "2026-12-10T12:00:00+09:00")).toBe("未連携");
    expect(label("not_synced", "2027-03-01T12:00:00+09:00")).toBe("未連携");
    expect(label("suspended", "2026-12-10T12:00:00+09:00")).toBe("掲載停止");
  });
});

describe("distributionStatus at the edges, read in Tokyo whatever the server's zone", () => {
  const period = {
    publishesAt: "2026-12-01T00:00:00+09:00",
    unpublishesAt: "2026-12-31T00:00:00+09:00",
  };
  it("starts at 00:00 JST of the start day (15:00 UTC the day before)", () => {
    expect(distributionStatus("public", period, new Date("2026-11-30T14:59:59Z"))).toBe(
      "scheduled",
    );
    expect(distributionStatus("public", period, new Date("2026-11-30T15:00:00Z"))).toBe(
      "publishing",
    );
  });
  it("ends after 23:59:59 JST of the end day (14:59:59 UTC)", () => {
    expect(distributionStatus("public", period, new Date("2026-12-31T14:59:59Z"))).toBe(
      "publishing",
    );
    expect(distributionStatus("public", period, new Date("2026-12-31T15:00:00Z"))).toBe("ended");
  });
});

describe("canSuspend / canResume (SPEC §4)", () => {
  const period = {
    publishesAt: "2026-12-01T00:00:00+09:00",
    unpublishesAt: "2026-12-31T00:00:00+09:00",
  };
  const at = (iso: string) => new Date(iso);

  it("allows suspending a public ad with an order, before and during its period", () => {
    expect(canSuspend("public", period, at("2026-11-20T12:00:00+09:00"))).toBe(true);
    expect(canSuspend("public", period, at("2026-12-01T00:00:00+09:00"))).toBe(true);
    expect(canSuspend("public", period, at("2026-12-31T23:59:59+09:00"))).toBe(true);
  });

  it("refuses suspending once the end day is over (Tokyo), even on the admin's day after", () => {
    expect(canSuspend("public", period, at("2027-01-01T00:00:00+09:00"))).toBe(false);
    expect(canSuspend("public", period, at("2026-12-31T15:00:00Z"))).toBe(false);
  });

  it("refuses suspending without an order or a public copy", () => {
    const now = at("2026-12-10T12:00:00+09:00");
    expect(canSuspend("public", null, now)).toBe(false);
    expect(canSuspend("suspended", period, now)).toBe(false);
    expect(canSuspend("not_synced", period, now)).toBe(false);
    expect(canSuspend(null, period, now)).toBe(false);
  });

  it("allows resuming only a suspended ad", () => {
    expect(canResume("suspended")).toBe(true);
    expect(canResume("public")).toBe(false);
    expect(canResume("not_synced")).toBe(false);
    expect(canResume(null)).toBe(false);
  });
});

describe("adminRowKind (row styles of the administrators' list)", () => {
  const now = new Date("2026-12-10T12:00:00+09:00");
  const withOrder = (
    publishmentStatus: PublishmentStatus,
    unpublishesAt: string | null = null,
  ) => ({
    publishmentStatus,
    unpublishesAt,
  });

  it("marks an ad without an order as not yet ordered", () => {
    expect(adminRowKind(null, now)).toBe("not_ordered");
  });

  it.each(["new", "reapplying"] as const)("marks a %s order as needing action", (status) => {
    expect(adminRowKind(withOrder(status), now)).toBe("needs_action");
    // Needing action wins over an elapsed period: the editors must not miss it.
    expect(adminRowKind(withOrder(status, "2026-11-01T00:00:00+09:00"), now)).toBe("needs_action");
  });

  it.each(["remanded", "confirmed"] as const)("leaves a current %s order plain", (status) => {
    expect(adminRowKind(withOrder(status, "2026-12-31T00:00:00+09:00"), now)).toBeNull();
    expect(adminRowKind(withOrder(status), now)).toBeNull();
  });

  it("marks an ad as unpublished only after the day after its end date (Tokyo)", () => {
    const order = withOrder("confirmed", "2026-12-08T00:00:00+09:00");
    expect(adminRowKind(order, new Date("2026-12-09T23:59:59+09:00"))).toBeNull();
    expect(adminRowKind(order, new Date("2026-12-10T00:00:00+09:00"))).toBe("unpublished");
  });
});

describe("areaLabel (地域)", () => {
  it("joins region and locality", () => {
    expect(areaLabel({ region: { name: "関東" }, locality: { name: "新宿" } })).toBe("関東 > 新宿");
  });

  it("shows what is there when one is missing", () => {
    expect(areaLabel({ region: { name: "関東" }, locality: null })).toBe("関東");
    expect(areaLabel({ region: null, locality: { name: "新宿" } })).toBe("新宿");
  });

  it("is empty without an order or an area", () => {
    expect(areaLabel(null)).toBe("");
    expect(areaLabel({ region: null, locality: null })).toBe("");
  });
});
