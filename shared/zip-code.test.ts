import { describe, expect, it } from "vitest";
import { formatZipCode, normalizeZipCode } from "./zip-code";

describe("normalizeZipCode", () => {
  it.each([
    ["1234567", "1234567"],
    ["123-4567", "1234567"],
    ["１２３－４５６７", "1234567"],
    ["１２３ー４５６７", "1234567"],
    ["〒150-0001", "1500001"],
    [" 150 0001 ", "1500001"],
    ["１５０００01", "1500001"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeZipCode(input)).toBe(expected);
  });

  it("leaves what is not a postal code for validation to reject", () => {
    expect(normalizeZipCode("12345")).toBe("12345");
    expect(normalizeZipCode(" abc ")).toBe("abc");
    expect(normalizeZipCode("12345678")).toBe("12345678");
  });
});

describe("formatZipCode", () => {
  it("shows the hyphen", () => {
    expect(formatZipCode("1500001")).toBe("150-0001");
    expect(formatZipCode("")).toBe("");
    expect(formatZipCode(null)).toBe("");
  });
});
