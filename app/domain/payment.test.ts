// The card holder rule of the payment choice (SPEC §5), shared by the portal and the API.
import { describe, expect, test } from "vitest";
import {
  cardPaymentStartDisabled,
  isCardHolderEmail,
  isCardHolderPhone,
  normalizeCardHolderPhone,
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
  test("disabled only when the e-mail is not valid AND the phone has fewer than 10 digits", () => {
    expect(cardPaymentStartDisabled("", "")).toBe(true);
    expect(cardPaymentStartDisabled("shop@", "03-1234-567")).toBe(true);
    expect(cardPaymentStartDisabled("shop@example.com", "")).toBe(false);
    expect(cardPaymentStartDisabled("", "０３－１２３４－５６７８")).toBe(false);
    expect(cardPaymentStartDisabled("shop@", "0312345678")).toBe(false);
  });
});
