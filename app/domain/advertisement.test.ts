import { describe, expect, it } from "vitest";
import {
  areaLabel,
  distributionStatus,
  distributionStatusLabels,
  manuscriptStatusLabel,
  paymentStatusLabel,
} from "./advertisement";
import type { PaymentStatus, PublishmentStatus } from "./labels";

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
      suspended: "掲載停止中",
    });
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
