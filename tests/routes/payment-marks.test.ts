// The administrator's 入金管理 (SPEC §4, §5) through the real server and the embedded API: the
// mark-paid and mark-unpaid forms enabled per SPEC §4, the SPEC texts beside the fields with the
// typed values kept, the redirect with its message on success, and the guard on the action.
import { describe, expect, it } from "vitest";
import { adminAdDetailStack, formOf } from "./stack";

// Demo data (a fresh database per test file): ad 2 (shop@) is new, with an order not yet paid.
const at = adminAdDetailStack();
const { detail, page, submit } = at;
const paymentOf = (id: number) =>
  at.orderOf<{ paymentStatus: string; paymentMethod: string | null }>(id);

/** A form's controls are disabled by its fieldset (with or without JS). */
const isDisabled = (form: string) => /<fieldset[^>]*disabled/.test(form);

/** 未入金に戻す is offered: a link to its question (without JS), not a disabled button. */
const unpaidOffered = (html: string) => html.includes("?unpaid=confirm");

describe("入金管理", () => {
  it("offers mark-paid and not mark-unpaid before any payment", async () => {
    const { html } = await page(detail(2));
    expect(html).toContain("入金管理");
    expect(isDisabled(formOf(html, "入金済みにする"))).toBe(false);
    expect(unpaidOffered(html)).toBe(false);
  });

  it("shows the SPEC texts beside the date and the type, keeping the note", async () => {
    const result = await submit(2, { intent: "markPaid", paidAt: "", paymentNote: "通帳で確認" });
    expect(result.status).toBe(400);
    const form = formOf(result.html, "入金済みにする");
    expect(form).toContain("※必須です");
    expect(form).toContain("※正しい選択肢ではありません");
    expect(form).toContain("通帳で確認");
    expect((await paymentOf(2))?.paymentStatus).toBe("none");
  });

  it("asks for the method when the type is other, keeping the typed date", async () => {
    const result = await submit(2, {
      intent: "markPaid",
      paidAt: "2025-06-10",
      paymentType: "other",
    });
    expect(result.status).toBe(400);
    const form = formOf(result.html, "入金済みにする");
    expect(form).toContain("※必須です");
    expect(form).toContain('value="2025-06-10"');
    expect(form).not.toContain("※正しい選択肢ではありません");
  });

  it("marks paid (direct is sent as bank transfer), then mark-paid is closed", async () => {
    const result = await submit(2, {
      intent: "markPaid",
      paidAt: "2025-06-10",
      paymentType: "direct",
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(detail(2));
    expect(result.html).toContain("入金済みにしました。");
    expect(result.html).toContain("支払済み");
    expect(result.html).toContain("入金を確認しました");
    expect(isDisabled(formOf(result.html, "入金済みにする"))).toBe(true);
    expect(unpaidOffered(result.html)).toBe(true);
    expect(await paymentOf(2)).toMatchObject({
      paymentStatus: "paid",
      paymentMethod: "bank_transfer",
    });
  });

  it("a second mark-paid is refused with the API's message", async () => {
    const result = await submit(2, {
      intent: "markPaid",
      paidAt: "2025-06-11",
      paymentType: "direct",
    });
    expect(result.status).toBe(422);
    expect(formOf(result.html, "入金済みにする")).toContain(
      "この申込は入金済みにできない状態です。",
    );
  });

  it("未入金に戻す asks first, without JS too: only the question's form reverses the sale", async () => {
    // A post that was not confirmed (an old page, a stray click) only opens the question.
    const asked = await submit(2, { intent: "markUnpaid" });
    expect(asked.location).toBe(`${detail(2)}?unpaid=confirm`);
    expect((await paymentOf(2))?.paymentStatus).toBe("paid");
    expect(asked.html).toContain("この申込の入金を取り消して、未入金に戻しますか？");
    const question = formOf(asked.html, "未入金に戻す");
    expect(question).toContain('name="confirmed" value="1"');
    expect(question).toContain('value="markUnpaid"');

    const result = await submit(2, { intent: "markUnpaid", confirmed: "1" });
    expect(result.status).toBe(302);
    expect(result.location).toBe(detail(2));
    expect(result.html).toContain("未入金に戻しました。");
    expect(unpaidOffered(result.html)).toBe(false);
    expect((await paymentOf(2))?.paymentStatus).toBe("none");
    // Nothing to reverse any more: the question is not shown even when asked for.
    const { html } = await page(`${detail(2)}?unpaid=confirm`);
    expect(html).not.toContain("未入金に戻しますか？");
  });

  it("refuses an advertiser and an anonymous visitor at the action", async () => {
    await at.expectActionRefused(2, "intent=markPaid&paidAt=2025-06-10&paymentType=direct");
    expect((await paymentOf(2))?.paymentStatus).toBe("none");
  });
});
