import { describe, expect, it } from "vitest";
import { seal, unseal } from "./seal";

const secrets = ["first-secret"];

describe("sealed form values", () => {
  it("round-trips and does not contain the value", () => {
    const sealed = seal("my-password-123", secrets);
    expect(sealed).not.toContain("my-password-123");
    expect(unseal(sealed, secrets)).toBe("my-password-123");
  });

  it("rejects tampering, another secret and expiry", () => {
    const sealed = seal("secret-value", secrets, 1_000);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(unseal(flipped, secrets, 2_000)).toBeUndefined();
    expect(unseal(sealed, ["other"], 2_000)).toBeUndefined();
    expect(unseal(sealed, secrets, 1_000 + 61 * 60 * 1000)).toBeUndefined();
    expect(unseal("short", secrets)).toBeUndefined();
  });

  it("still opens values sealed with a rotated-out secret", () => {
    const sealed = seal("value", ["old-secret"]);
    expect(unseal(sealed, ["new-secret", "old-secret"])).toBe("value");
  });
});
