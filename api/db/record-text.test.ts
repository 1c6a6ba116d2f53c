// A row's text form read back into its fields: what PostgreSQL writes for (r.*)::text.
import { describe, expect, it } from "vitest";
import { recordFields } from "./record-text";

describe("recordFields", () => {
  it("reads plain, empty, null and quoted fields", () => {
    expect(recordFields('(1,,"",abc,"a ""b"" \\\\c, (d)")', 5)).toEqual([
      "1",
      null,
      "",
      "abc",
      'a "b" \\c, (d)',
    ]);
    expect(recordFields("()", 1)).toEqual([null]);
    expect(recordFields('("")', 1)).toEqual([""]);
    expect(recordFields("(,)", 2)).toEqual([null, null]);
  });

  it("refuses a text whose fields are not the columns expected", () => {
    expect(() => recordFields("(1,2)", 1)).toThrow();
    expect(() => recordFields("(1,2)", 3)).toThrow();
    expect(() => recordFields('("1,2)', 1)).toThrow();
    expect(() => recordFields("1,2", 2)).toThrow();
    expect(() => recordFields('("a"b)', 1)).toThrow();
  });
});
