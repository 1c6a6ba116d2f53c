import { describe, expect, it } from "vitest";
import {
  cardPaymentStartDisabled,
  isCardHolderEmail,
  normalizeCardHolderPhone,
  paymentChoiceOffered,
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
