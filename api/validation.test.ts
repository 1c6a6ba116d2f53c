// The shared preprocessors of the API's form fields: how blank, null and number values read.
import { describe, expect, it } from "vitest";
import { blankToUndefined, blankToUndefinedText } from "./validation";

describe("blankToUndefined", () => {
  it("trims text and reads blank text and null as missing", () => {
    expect(blankToUndefined("  渋谷店 ")).toBe("渋谷店");
    expect(blankToUndefined(" \t")).toBeUndefined();
    expect(blankToUndefined(null)).toBeUndefined();
  });

  it("leaves other values as they came, for the field's own type check", () => {
    expect(blankToUndefined(12)).toBe(12);
    expect(blankToUndefined(true)).toBe(true);
  });
});

describe("blankToUndefinedText", () => {
  it("reads a number sent for a text field as its text", () => {
    expect(blankToUndefinedText(150)).toBe("150");
    expect(blankToUndefinedText(" 150 ")).toBe("150");
    expect(blankToUndefinedText("")).toBeUndefined();
  });
});
