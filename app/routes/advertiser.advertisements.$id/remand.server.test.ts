import { describe, expect, it } from "vitest";
import { latestRemandMessage, remandReasons } from "./remand.server";

describe("remandReasons", () => {
  it("keeps what follows the reasons heading, without the period line", () => {
    const body =
      "掲載期間: 2026/12/01〜2026/12/31\n\n差し戻しの理由:\n・画像の解像度が不足しています\n\n写真を差し替えてください。";
    expect(remandReasons(body)).toBe(
      "・画像の解像度が不足しています\n\n写真を差し替えてください。",
    );
  });

  it("an upstream without the heading: the whole body", () => {
    expect(remandReasons("  店舗情報に不足があります。 ")).toBe("店舗情報に不足があります。");
  });
});

describe("latestRemandMessage", () => {
  const message = (sender: string, subject: string, body = "本文") => ({
    createdAt: "2026-11-22T09:30:00+09:00",
    sender,
    subject,
    body,
  });

  it("the newest editors' message that says 差し戻し, not the advertiser's nor an older one", () => {
    const newestFirst = [
      message("advertiser", "差し戻しについて質問です"),
      message("system", "原稿が差し戻されました", "新しい理由"),
      message("system", "原稿が差し戻されました", "古い理由"),
    ];
    expect(latestRemandMessage(newestFirst)?.body).toBe("新しい理由");
  });

  it("falls back to the newest editors' message, and to nothing", () => {
    expect(latestRemandMessage([message("administrator", "お知らせ", "理由")])?.body).toBe("理由");
    expect(latestRemandMessage([message("advertiser", "質問")])).toBeNull();
  });
});
