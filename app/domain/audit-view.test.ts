import { describe, expect, it } from "vitest";
import {
  auditActorLabel,
  auditChanges,
  auditTargetLabel,
  auditTargetQuery,
  auditValue,
  postIdOf,
} from "./audit-view";

describe("auditChanges (変更内容)", () => {
  it("names the fields in Japanese and shows status labels and Tokyo dates", () => {
    expect(
      auditChanges({
        publishmentStatus: { before: "new", after: "confirmed" },
        publishesAt: { before: null, after: "2026-11-30T15:00:00Z" },
        priority: { before: 0, after: 10 },
      }),
    ).toEqual([
      { field: "原稿ステータス", before: "審査中", after: "承認済み" },
      { field: "掲載開始日", before: "（なし）", after: "2026/12/01" },
      { field: "優先度", before: "0", after: "10" },
    ]);
  });

  it("reads a refund needed (issue 28 #5): the reason, the amount in yen, the provider's id", () => {
    expect(
      auditChanges({
        refundReason: { before: null, after: "already_paid" },
        refundAmount: { before: null, after: 33000 },
        providerOrderId: { before: null, after: "ADV000002-ad68450c" },
      }),
    ).toEqual([
      { field: "要返金の理由", before: "（なし）", after: "お支払い済みの申込への重複入金" },
      { field: "要返金の額(税込)", before: "（なし）", after: "33,000円" },
      { field: "決済の取引ID", before: "（なし）", after: "ADV000002-ad68450c" },
    ]);
    expect(auditActorLabel(null, null)).toBe("システム（決済サービス）");
  });

  it("keeps unknown fields by name and shortens long texts", () => {
    const [line] = auditChanges({ body1: { before: "a".repeat(100), after: true } });
    expect(line!.field).toBe("body1");
    expect(line!.before).toHaveLength(81);
    expect(line!.after).toBe("はい");
    expect(auditChanges(null)).toEqual([]);
  });

  it("names an area's fields; the WordPress password only as changed", () => {
    expect(
      auditChanges({
        name: { before: "旧区", after: "新区" },
        wpRestPassword: { before: null, after: "(変更あり)" },
      }),
    ).toEqual([
      { field: "名称", before: "旧区", after: "新区" },
      { field: "WordPress パスワード", before: "（なし）", after: "(変更あり)" },
    ]);
  });

  it("reads a calendar date as a Tokyo date", () => {
    expect(auditValue("publishesAt", "2026-12-01")).toBe("2026/12/01");
  });
});

describe("auditActorLabel (操作者)", () => {
  it("shows the login, and the administrator acting as it while impersonating", () => {
    expect(auditActorLabel({ email: "admin@example.com" }, null)).toBe("admin@example.com");
    expect(auditActorLabel({ email: "shop@example.com" }, { email: "admin@example.com" })).toBe(
      "admin@example.com が shop@example.com として",
    );
  });
});

describe("targets (対象)", () => {
  it("finds the ad of an IRI", () => {
    expect(postIdOf("/api/adv/posts/12")).toBe(12);
    expect(postIdOf("/api/adv/publishment_orders/5")).toBeNull();
    expect(postIdOf(null)).toBeNull();
  });

  it("labels advertisers, ads and orders with their ids, and other IRIs as they are", () => {
    expect(auditTargetLabel("/api/adv/clients/3")).toBe("広告主 00003");
    expect(auditTargetLabel("/api/adv/posts/12")).toBe("申込ID 000012");
    expect(auditTargetLabel("/api/adv/publishment_orders/5")).toBe("注文番号 5");
    expect(auditTargetLabel("/api/adv/user_logins/4")).toBe("ログイン #4");
    expect(auditTargetLabel("/api/adv/message_boxes/8")).toBe("/api/adv/message_boxes/8");
  });

  it("asks for everything about the ad of a typed 申込ID, and for the exact target of an IRI", () => {
    expect(auditTargetQuery(" 000012 ")).toEqual({ advertisement: "/api/adv/posts/12" });
    expect(auditTargetQuery("/api/adv/publishment_orders/5")).toEqual({
      target: "/api/adv/publishment_orders/5",
    });
    expect(auditTargetQuery("abc")).toEqual({ target: "abc" });
    expect(auditTargetQuery("  ")).toEqual({});
  });
});
