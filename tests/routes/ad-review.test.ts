// The administrator's ad detail through the real server and the embedded API: what it shows, each
// review action (approve, remand, start date, contact, delete) answered by a redirect with its
// message, refusals shown beside the field with the typed values kept, and the guard on the action.
import { describe, expect, it } from "vitest";
import { addCalendarDays } from "../../shared/calendar-days";
import { tokyoDate } from "../../shared/tokyo-calendar";
import { adminAdDetailStack, formOf } from "./stack";

// Start dates a few weeks ahead: an administrator may choose up to two years ahead (issue 28 #8).
const today = tokyoDate(new Date());
const approvedStart = addCalendarDays(today, 40);
const movedStart = addCalendarDays(today, 90);
const slashed = (date: string) => date.replaceAll("-", "/");

// Demo data (a fresh database per test file): ad 1 is a draft without an order, ad 2 is new,
// ad 4 is re-applying, ad 10 is deleted.
const at = adminAdDetailStack();
const { detail, page, submit } = at;
const order = (id: number) => at.orderOf<{ publishmentStatus: string; publishesAt: string }>(id);

describe("the administrator's ad detail", () => {
  it("shows the status, the owner, the order with its price, the ad and its actions", async () => {
    const { status, html } = await page(detail(2));
    expect(status).toBe(200);
    expect(html).toContain("広告詳細（申込ID 000002）");
    expect(html).toContain("審査中");
    expect(html).toContain("00001");
    expect(html).toContain('href="/administrator/advertisements?ownerId=1"');
    expect(html).toContain("30,000円（税抜） ＋ 消費税 3,000円 ＝ 33,000円");
    expect(html).toContain('class="ad-frame"');
    expect(html).toContain('class="ad-page"');
    expect(html).toContain('href="/administrator/advertisements/2/edit"');
    // Approve and remand are open for a new ad (SPEC §4 flags); later capabilities are not shown.
    expect(formOf(html, "承認")).not.toContain("disabled");
    expect(formOf(html, "差し戻し")).not.toContain("disabled");
    // Without a copy on the site there is nothing to suspend or resume (SPEC §4).
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:<[^>]+>)*掲載停止</);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:<[^>]+>)*掲載再開</);
    // The order's invoice is offered (issue 11); the receipt waits for the payment.
    expect(html).toContain('action="/administrator/advertisements/2/documents"');
    expect(html).not.toMatch(/value="receipt"/);
  });

  it("offers no order actions for an ad without an order, only contact and delete", async () => {
    const { html } = await page(detail(1));
    expect(html).toContain("この広告はまだ掲載を申し込んでいません。");
    expect(html).not.toContain('aria-label="承認"');
    expect(html).not.toContain('aria-label="差し戻し"');
    expect(html).not.toContain('aria-label="掲載開始日の変更"');
    expect(html).toContain('aria-label="広告主へ連絡"');
  });

  it("says a deleted ad is deleted and offers no action, which the action refuses too", async () => {
    const { html } = await page(detail(10));
    expect(html).toContain("この広告は削除済みです");
    expect(html).not.toContain('aria-label="広告主へ連絡"');
    expect(html).not.toContain("この広告を削除");
    expect((await submit(10, { intent: "contact", note: "ご確認ください。" })).status).toBe(404);
  });
});

describe("review actions", () => {
  it("keeps a refused approval's typed values, with the API's message beside the date", async () => {
    const result = await submit(2, {
      intent: "confirm",
      publishesAt: "2020-01-01",
      note: "写真がとても良いです。",
    });
    expect(result.status).toBe(422);
    const form = formOf(result.html, "承認");
    expect(form).toContain("掲載開始日には本日以降の日付を指定してください。");
    expect(form).toContain('value="2020-01-01"');
    expect(form).toContain("写真がとても良いです。");
    expect((await order(2))?.publishmentStatus).toBe("new");
  });

  it("refuses a remand without any reason beside the note, keeping the other forms clean", async () => {
    const result = await submit(2, { intent: "remand", note: "  " });
    expect(result.status).toBe(400);
    expect(formOf(result.html, "差し戻し")).toContain("差し戻しの理由を入力してください。");
    expect(formOf(result.html, "承認")).not.toContain("差し戻しの理由を入力してください。");
    expect((await order(2))?.publishmentStatus).toBe("new");
  });

  it("remands with the ticked reasons and the note, which the message box shows", async () => {
    const result = await submit(2, {
      intent: "remand",
      reasons: ["画像の解像度が不足しています", "店舗情報に不足があります"],
      note: "営業時間を追記してください。",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(detail(2));
    expect(result.html).toContain("広告を差し戻しました。");
    expect(result.html).toContain("原稿が差し戻されました");
    expect(result.html).toContain("・画像の解像度が不足しています");
    expect(result.html).toContain("営業時間を追記してください。");
    expect((await order(2))?.publishmentStatus).toBe("remanded");
    // A remanded ad can be neither approved nor remanded again until the advertiser edits it.
    expect(formOf(result.html, "承認")).toContain("disabled");
    expect(formOf(result.html, "差し戻し")).toContain("disabled");
  });

  it("approves a re-applied ad with a start date, then moves the start date", async () => {
    const approved = await submit(4, { intent: "confirm", publishesAt: approvedStart, note: "" });
    expect(approved.status).toBe(302);
    expect(approved.html).toContain("広告を承認しました。");
    expect(approved.html).toContain("承認済み");
    expect(approved.html).toContain(`${slashed(approvedStart)} 〜`);
    expect(formOf(approved.html, "承認")).toContain("disabled");

    const moved = await submit(4, {
      intent: "publishesAt",
      publishesAt: movedStart,
      note: "ご希望により変更しました。",
    });
    expect(moved.status).toBe(302);
    expect(moved.html).toContain("掲載開始日を変更しました。");
    expect(moved.html).toContain(`${slashed(movedStart)} 〜`);
    expect((await order(4))?.publishmentStatus).toBe("confirmed");
  });

  it("writes to the advertiser about an ad", async () => {
    const result = await submit(1, { intent: "contact", note: "画像の差し替えをご検討ください。" });
    expect(result.status).toBe(302);
    expect(result.html).toContain("広告主へメッセージを送信しました。");
    expect(result.html).toContain("編集部からのお知らせ（申込ID 000001）");
    expect(result.html).toContain("画像の差し替えをご検討ください。");
  });

  it("deletes an ad after a confirmation step that needs no JavaScript", async () => {
    const ask = await page(`${detail(1)}?delete=confirm`);
    expect(ask.html).toContain("この広告を削除しますか？");
    const result = await submit(1, { intent: "delete" });
    expect(result.status).toBe(302);
    expect(result.html).toContain("広告を削除しました。");
    expect(result.html).toContain("この広告は削除済みです");
    expect(result.html).not.toContain('aria-label="広告主へ連絡"');
  });

  it("refuses an advertiser and an anonymous visitor at the action", async () => {
    await at.expectActionRefused(2, `intent=confirm&publishesAt=${approvedStart}`);
    expect((await order(2))?.publishmentStatus).toBe("remanded");
  });
});
