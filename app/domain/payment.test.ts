import { describe, expect, it } from "vitest";
import {
  cardPaymentStartDisabled,
  isCardHolderEmail,
  normalizeCardHolderPhone,
  paymentChoiceOffered,
  paymentSlipRows,
  cardPaymentUnfinished,
} from "./payment";

describe("normalizeCardHolderPhone", () => {
  it("makes full-width digits ASCII and drops everything but digits", () => {
    expect(normalizeCardHolderPhone("０９０－１２３４－５６７８")).toBe("09012345678");
    expect(normalizeCardHolderPhone(" 03-1234-5678 ")).toBe("0312345678");
    expect(normalizeCardHolderPhone("(03) 1234 ５６７８")).toBe("0312345678");
    expect(normalizeCardHolderPhone("")).toBe("");
  });
});

describe("isCardHolderEmail", () => {
  it("accepts a standard address and refuses the rest", () => {
    expect(isCardHolderEmail("shop@example.com")).toBe(true);
    expect(isCardHolderEmail("a.b+c@mail.example.co.jp")).toBe(true);
    expect(isCardHolderEmail("shop@example")).toBe(false);
    expect(isCardHolderEmail("shop.example.com")).toBe(false);
    expect(isCardHolderEmail("shop@@example.com")).toBe(false);
    expect(isCardHolderEmail("")).toBe(false);
  });
});

describe("cardPaymentStartDisabled (SPEC §5)", () => {
  it("is disabled only when the e-mail is not valid AND the phone has fewer than 10 digits", () => {
    expect(cardPaymentStartDisabled("", "")).toBe(true);
    expect(cardPaymentStartDisabled("shop@", "090-1234-56")).toBe(true);
    expect(cardPaymentStartDisabled("shop@example.com", "")).toBe(false);
    expect(cardPaymentStartDisabled("", "03-1234-5678")).toBe(false);
    expect(cardPaymentStartDisabled("", "０３１２３４５６７８")).toBe(false);
    expect(cardPaymentStartDisabled("shop@example.com", "03-1234-5678")).toBe(false);
  });
});

describe("paymentChoiceOffered", () => {
  const order = (
    publishmentStatus: "new" | "remanded" | "reapplying" | "confirmed",
    paymentStatus: "none" | "waiting" | "paid",
    paymentMethod: string | null = null,
  ) => ({ publishmentStatus, paymentStatus, paymentMethod });

  it("offers payment before payment and while waiting by any method", () => {
    expect(paymentChoiceOffered(order("new", "none"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "none"))).toBe(true);
    expect(paymentChoiceOffered(order("reapplying", "none"))).toBe(true);
    expect(paymentChoiceOffered(order("new", "waiting", "bank_transfer"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "waiting", "card"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "waiting", "cvs"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "waiting", "payeasy"))).toBe(true);
  });

  it("does not offer it once paid, when remanded, or without an order", () => {
    expect(paymentChoiceOffered(order("confirmed", "paid", "card"))).toBe(false);
    expect(paymentChoiceOffered(order("remanded", "none"))).toBe(false);
    expect(paymentChoiceOffered(order("remanded", "waiting", "bank_transfer"))).toBe(false);
    expect(paymentChoiceOffered(null)).toBe(false);
    expect(paymentChoiceOffered(undefined)).toBe(false);
  });
});

describe("paymentSlipRows", () => {
  const slip = {
    store: "payeasy",
    receiptNumber: "12345678901",
    confirmationNumber: "4567",
    collectorNumber: "58091",
    amount: 33000,
    // 23:59:59 in Tokyo is 14:59:59 UTC: the deadline is shown in Tokyo time.
    expiresAt: "2026-12-08T14:59:59Z",
    slipUrl: "/sandbox-pay/slips/k",
  };

  it("shows a Pay-easy slip with お客様番号, 確認番号 and 収納機関番号", () => {
    expect(paymentSlipRows(slip)).toEqual([
      { label: "お支払い先", value: "Pay-easy（銀行ATM・ネットバンキング）" },
      { label: "お客様番号", value: "12345678901" },
      { label: "確認番号", value: "4567" },
      { label: "収納機関番号", value: "58091" },
      { label: "お支払い金額", value: "33,000円" },
      { label: "お支払い期限", value: "2026/12/08 23:59" },
    ]);
  });

  it("shows a store slip with 受付番号 and without the numbers it has not", () => {
    expect(
      paymentSlipRows({ ...slip, store: "sej", confirmationNumber: null, collectorNumber: null }),
    ).toEqual([
      { label: "お支払い先", value: "セブン-イレブン" },
      { label: "受付番号", value: "12345678901" },
      { label: "お支払い金額", value: "33,000円" },
      { label: "お支払い期限", value: "2026/12/08 23:59" },
    ]);
  });
});

describe("cardPaymentUnfinished", () => {
  it("is true only while waiting by card without a slip", () => {
    expect(cardPaymentUnfinished({ paymentStatus: "waiting", paymentMethod: "card" })).toBe(true);
    expect(
      cardPaymentUnfinished({ paymentStatus: "waiting", paymentMethod: "card", paymentSlip: {} }),
    ).toBe(false);
    expect(cardPaymentUnfinished({ paymentStatus: "waiting", paymentMethod: "cvs" })).toBe(false);
    expect(cardPaymentUnfinished({ paymentStatus: "paid", paymentMethod: "card" })).toBe(false);
    expect(cardPaymentUnfinished(null)).toBe(false);
  });
});
