import { describe, expect, it } from "vitest";
import { adFrameTitle } from "./ad-page";

describe("adFrameTitle", () => {
  it("puts the store name in brackets after the title", () => {
    expect(adFrameTitle("秋の新メニュー", "珈琲テスト")).toBe("秋の新メニュー【珈琲テスト】");
  });

  it("trims both parts", () => {
    expect(adFrameTitle("  秋の新メニュー ", "　珈琲テスト　")).toBe(
      "秋の新メニュー【珈琲テスト】",
    );
  });

  it("shows the title alone without a store name, and never empty brackets", () => {
    expect(adFrameTitle("秋の新メニュー", "")).toBe("秋の新メニュー");
    expect(adFrameTitle("秋の新メニュー", null)).toBe("秋の新メニュー");
    expect(adFrameTitle(null, undefined)).toBe("");
  });
});
