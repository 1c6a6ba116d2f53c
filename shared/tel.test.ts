import { describe, expect, it } from "vitest";
import { isValidTel, normalizeTel } from "./tel";

describe("normalizeTel", () => {
  it.each([
    ["03-1234-5678", "03-1234-5678"],
    ["０３－１２３４－５６７８", "03-1234-5678"],
    ["０９０ー１２３４ー５６７８", "090-1234-5678"],
    [" 0312345678 ", "0312345678"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeTel(input)).toBe(expected);
  });
});

describe("isValidTel", () => {
  it.each(["03-1234-5678", "0312345678", "090-1234-5678", "09012345678", "0120-123-456"])(
    "accepts %s",
    (tel) => expect(isValidTel(tel)).toBe(true),
  );

  it.each([
    "",
    "03-1234-567", // 9 digits
    "090-1234-56789", // 12 digits
    "03--1234-5678",
    "-0312345678",
    "0312345678-",
    "03 1234 5678",
    "(03)1234-5678",
    "+81-3-1234-5678",
    "abc",
  ])("rejects %j", (tel) => expect(isValidTel(tel)).toBe(false));
});
