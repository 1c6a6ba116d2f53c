// Payment rules: the card holder rule (SPEC §5), the payment choice, the slip rows and the one
// payment deadline (issue 30 #2).
import { describe, expect, test } from "vitest";
import {
  cardPaymentStartDisabled,
  cardPaymentUnfinished,
  isCardHolderEmail,
  isCardHolderPhone,
  normalizeCardHolderPhone,
  paymentChoiceOffered,
  paymentDueOn,
  paymentSlipRows,
} from "./payment";

describe("normalizeCardHolderPhone", () => {
  test("full-width digits become ASCII; hyphens and spaces go", () => {
    expect(normalizeCardHolderPhone("０９０－１２３４－５６７８")).toBe("09012345678");
    expect(normalizeCardHolderPhone(" 03-1234 5678 ")).toBe("0312345678");
    expect(normalizeCardHolderPhone("090ー1234ー5678")).toBe("09012345678");
    expect(normalizeCardHolderPhone(null)).toBe("");
  });

  test("other characters stay, so they still fail the digit rule", () => {
    expect(normalizeCardHolderPhone("03-1234-567a")).toBe("031234567a");
    expect(isCardHolderPhone("03-1234-567a")).toBe(false);
  });
});

describe("isCardHolderPhone", () => {
  test("10 or 11 digits", () => {
    expect(isCardHolderPhone("03-1234-5678")).toBe(true);
    expect(isCardHolderPhone("090-1234-5678")).toBe(true);
    expect(isCardHolderPhone("03-1234-567")).toBe(false);
    expect(isCardHolderPhone("090-1234-56789")).toBe(false);
    expect(isCardHolderPhone("")).toBe(false);
  });
});

describe("isCardHolderEmail", () => {
  test("the standard pattern", () => {
    expect(isCardHolderEmail("shop@example.com")).toBe(true);
    expect(isCardHolderEmail(" shop@example.com ")).toBe(true);
    expect(isCardHolderEmail("shop@localhost")).toBe(true);
    expect(isCardHolderEmail("shop@")).toBe(false);
    expect(isCardHolderEmail("shop example.com")).toBe(false);
    expect(isCardHolderEmail("a b@example.com")).toBe(false);
    expect(isCardHolderEmail("")).toBe(false);
    expect(isCardHolderEmail(`${"a".repeat(170)}@example.com`)).toBe(false);
  });
});

describe("cardPaymentStartDisabled (SPEC §5)", () => {
  test("is disabled only when the e-mail is not valid AND the phone has fewer than 10 digits", () => {
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

  test("offers payment before payment and while waiting by any method", () => {
    expect(paymentChoiceOffered(order("new", "none"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "none"))).toBe(true);
    expect(paymentChoiceOffered(order("reapplying", "none"))).toBe(true);
    expect(paymentChoiceOffered(order("new", "waiting", "bank_transfer"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "waiting", "card"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "waiting", "cvs"))).toBe(true);
    expect(paymentChoiceOffered(order("confirmed", "waiting", "payeasy"))).toBe(true);
  });

  test("does not offer it once paid, when remanded, or without an order", () => {
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

  test("shows a Pay-easy slip with お客様番号, 確認番号 and 収納機関番号", () => {
    expect(paymentSlipRows(slip)).toEqual([
      { label: "お支払い先", value: "Pay-easy（銀行ATM・ネットバンキング）" },
      { label: "お客様番号", value: "12345678901" },
      { label: "確認番号", value: "4567" },
      { label: "収納機関番号", value: "58091" },
      { label: "お支払い金額", value: "33,000円" },
      { label: "お支払い期限", value: "2026/12/08 23:59" },
    ]);
  });

  test("shows a store slip with 受付番号 and without the numbers it has not", () => {
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
  test("is true only while waiting by card without a slip", () => {
    expect(cardPaymentUnfinished({ paymentStatus: "waiting", paymentMethod: "card" })).toBe(true);
    expect(
      cardPaymentUnfinished({ paymentStatus: "waiting", paymentMethod: "card", paymentSlip: {} }),
    ).toBe(false);
    expect(cardPaymentUnfinished({ paymentStatus: "waiting", paymentMethod: "cvs" })).toBe(false);
    expect(cardPaymentUnfinished({ paymentStatus: "paid", paymentMethod: "card" })).toBe(false);
    expect(cardPaymentUnfinished(null)).toBe(false);
  });
});

describe("paymentDueOn", () => {
  // Ordered Sunday 15 June 2025, 12:00 Tokyo.
  const orderedAt = "2025-06-15T03:00:00Z";
  const startingOn = (date: string) => ({ orderedAt, publishesAt: `${date}T00:00:00+09:00` });

  test("the due days after the order date when the start is later still", () => {
    expect(paymentDueOn(startingOn("2025-08-01"), 30)).toBe("2025-07-15");
  });

  test("never after the day before the start: an invoice is never due once the ad runs", () => {
    expect(paymentDueOn(startingOn("2025-07-01"), 30)).toBe("2025-06-30");
    expect(paymentDueOn(startingOn("2025-06-18"), 7)).toBe("2025-06-17");
  });

  test("a start moved to the next day or earlier: due the day it was ordered", () => {
    expect(paymentDueOn(startingOn("2025-06-16"), 30)).toBe("2025-06-15");
    expect(paymentDueOn(startingOn("2025-06-10"), 30)).toBe("2025-06-15");
  });

  test("the order date is Tokyo's: 23:30 UTC is the next day", () => {
    const late = { orderedAt: "2025-06-15T15:30:00Z", publishesAt: "2025-08-01T00:00:00+09:00" };
    expect(paymentDueOn(late, 1)).toBe("2025-06-17");
  });

  test("without the due days or the order date: the latest it can be, the day before the start", () => {
    expect(paymentDueOn(startingOn("2025-08-01"))).toBe("2025-07-31");
    expect(paymentDueOn({ publishesAt: "2025-08-01T00:00:00+09:00" }, 30)).toBe("2025-07-31");
  });
});
