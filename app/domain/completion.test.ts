import { describe, expect, it } from "vitest";
import { editCompleteDescribes, publishmentCompleteDescribes } from "./completion";

describe("publishmentCompleteDescribes", () => {
  it("describes a just-received application", () => {
    expect(publishmentCompleteDescribes({ publishmentStatus: "new", paymentStatus: "none" })).toBe(
      true,
    );
    expect(
      publishmentCompleteDescribes({ publishmentStatus: "confirmed", paymentStatus: "none" }),
    ).toBe(true);
  });

  it("does not describe an old order: paid, being paid, remanded, re-applied, or none", () => {
    expect(
      publishmentCompleteDescribes({ publishmentStatus: "confirmed", paymentStatus: "paid" }),
    ).toBe(false);
    expect(
      publishmentCompleteDescribes({ publishmentStatus: "new", paymentStatus: "waiting" }),
    ).toBe(false);
    expect(
      publishmentCompleteDescribes({ publishmentStatus: "remanded", paymentStatus: "none" }),
    ).toBe(false);
    expect(
      publishmentCompleteDescribes({ publishmentStatus: "reapplying", paymentStatus: "none" }),
    ).toBe(false);
    expect(publishmentCompleteDescribes(null)).toBe(false);
  });
});

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
