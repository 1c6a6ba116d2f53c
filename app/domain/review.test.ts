import { describe, expect, it } from "vitest";
import { REMAND_REASONS, remandNote } from "./review";

describe("remandNote", () => {
  it("lists the ticked reasons, then the editor's note", () => {
    expect(remandNote([REMAND_REASONS[0], REMAND_REASONS[2]], " 写真を差し替えてください。 ")).toBe(
      "・画像の解像度が不足しています\n・店舗情報に不足があります\n\n写真を差し替えてください。",
    );
  });

  it("is the note alone, the reasons alone, or empty", () => {
    expect(remandNote([], "本文をご確認ください。")).toBe("本文をご確認ください。");
    expect(remandNote([REMAND_REASONS[1]], undefined)).toBe("・表現に修正が必要な箇所があります");
    expect(remandNote([], "  ")).toBe("");
  });
});
