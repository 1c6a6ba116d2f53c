import { describe, expect, it } from "vitest";
import { editCompleteDescribes } from "./completion";

describe("editCompleteDescribes", () => {
  it("describes an edited ad: its order was re-applied, or it has none", () => {
    expect(editCompleteDescribes({ publishmentStatus: "reapplying", paymentStatus: "none" })).toBe(
      true,
    );
    expect(editCompleteDescribes({ publishmentStatus: "confirmed", paymentStatus: "paid" })).toBe(
      true,
    );
    expect(editCompleteDescribes(undefined)).toBe(true);
  });

  it("does not describe an ad whose order was not re-applied since", () => {
    expect(editCompleteDescribes({ publishmentStatus: "new", paymentStatus: "none" })).toBe(false);
    expect(editCompleteDescribes({ publishmentStatus: "remanded", paymentStatus: "none" })).toBe(
      false,
    );
  });
});
