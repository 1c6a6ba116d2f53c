import { describe, expect, it } from "vitest";
import { ADDRESS_FILLED_NOTICE } from "../../shared/zip-code";
import { fillAddressFromZip, lookupPostalAddress } from "./postal-address";

describe("lookupPostalAddress", () => {
  it("gives the prefecture, city and town of a known code", () => {
    expect(lookupPostalAddress("1040061")).toEqual({
      prefecture: "東京都",
      city: "中央区",
      town: "銀座",
    });
  });

  it.each(["104-0061", "１０４００６１", "１０４－００６１", "〒104ー0061", " 104 0061 "])(
    "reads %s as a person types it",
    (typed) => {
      expect(lookupPostalAddress(typed)).toEqual({
        prefecture: "東京都",
        city: "中央区",
        town: "銀座",
      });
    },
  );

  it("keeps only what several candidates agree on", () => {
    // 452-0961: some sixty 町域 of 清須市.
    expect(lookupPostalAddress("4520961")).toEqual({ prefecture: "愛知県", city: "清須市" });
    // 206-0000: 多摩市 and 稲城市.
    expect(lookupPostalAddress("2060000")).toEqual({ prefecture: "東京都" });
    // 498-0000: 愛知県 and 三重県, so nothing is sure.
    expect(lookupPostalAddress("4980000")).toBeNull();
  });

  it("gives no town where Japan Post names none", () => {
    expect(lookupPostalAddress("1000000")).toEqual({ prefecture: "東京都", city: "千代田区" });
  });

  it("gives nothing for an unknown or malformed code", () => {
    expect(lookupPostalAddress("0000000")).toBeNull();
    expect(lookupPostalAddress("104006")).toBeNull();
    expect(lookupPostalAddress("10400611")).toBeNull();
    expect(lookupPostalAddress("abcdefg")).toBeNull();
    expect(lookupPostalAddress("")).toBeNull();
  });

  it("names the prefecture as the form's list does, or not at all", () => {
    expect(lookupPostalAddress("1040061", ["北海道", "東京都"])?.prefecture).toBe("東京都");
    expect(lookupPostalAddress("1040061", ["北海道", "東京"])?.prefecture).toBe("東京");
    expect(lookupPostalAddress("0600000", ["北海道"])?.prefecture).toBe("北海道");
    expect(lookupPostalAddress("1040061", ["北海道"])).toBeNull();
  });
});

describe("fillAddressFromZip", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const values = (data: FormData) => Object.fromEntries(data.entries());

  it("fills the empty 都道府県, 市区町村 and 番地 and says so beside the 郵便番号", () => {
    const data = form({ zipCode: "１０４－００６１", prefecture: "", city: "", address: "" });
    expect(fillAddressFromZip(data)).toEqual({ zipCode: [ADDRESS_FILLED_NOTICE] });
    expect(values(data)).toMatchObject({ prefecture: "東京都", city: "中央区", address: "銀座" });
  });

  it("never overwrites what was typed", () => {
    const data = form({ zipCode: "1040061", prefecture: "", city: "中央区", address: "銀座1-2-3" });
    expect(fillAddressFromZip(data)).toEqual({ zipCode: [ADDRESS_FILLED_NOTICE] });
    expect(values(data)).toMatchObject({
      prefecture: "東京都",
      city: "中央区",
      address: "銀座1-2-3",
    });
  });

  it("leaves a form alone whose 都道府県 and 市区町村 are both there", () => {
    const data = form({
      zipCode: "1040061",
      prefecture: "大阪府",
      city: "大阪市北区",
      address: "",
    });
    expect(fillAddressFromZip(data)).toBeNull();
    expect(values(data)).toMatchObject({ prefecture: "大阪府", city: "大阪市北区", address: "" });
  });

  it("fills nothing and says nothing for an unknown code, or what it cannot be sure of", () => {
    const unknown = form({ zipCode: "0000000", prefecture: "", city: "", address: "" });
    expect(fillAddressFromZip(unknown)).toBeNull();
    expect(values(unknown)).toMatchObject({ prefecture: "", city: "", address: "" });
    // 206-0000: the prefecture is known and there already; the city is not sure.
    const cities = form({ zipCode: "2060000", prefecture: "東京都", city: "", address: "" });
    expect(fillAddressFromZip(cities)).toBeNull();
  });
});
