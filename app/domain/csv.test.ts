// The one formula defusing of the portal's CSVs (sales and report), ASCII and full-width alike.
import { describe, expect, it } from "vitest";
import { asText } from "./csv";

describe("asText", () => {
  it.each(["=1+1", "+81", "-10%", "@SUM(A1)", "\tタブ", "\rCR"])("prefixes %j with '", (value) => {
    expect(asText(value)).toBe(`'${value}`);
  });

  it.each(["＝１＋１", "＋８１ 特売", "－１０％セール", "＠ＳＵＭ（Ａ１）"])(
    "prefixes the full-width formula start of %s with ' (Excel runs those too)",
    (value) => {
      expect(asText(value)).toBe(`'${value}`);
    },
  );

  it.each(["株式会社＝イコール", "カフェ＠渋谷", "ABC", "", "１０％オフ"])(
    "leaves %j alone: nothing to run at its start",
    (value) => {
      expect(asText(value)).toBe(value);
    },
  );
});
