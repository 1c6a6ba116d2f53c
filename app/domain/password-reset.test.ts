import { describe, expect, it } from "vitest";
import { redactResetToken } from "./password-reset";

describe("redactResetToken", () => {
  it("hides the token of a reset link's path, with or without a query", () => {
    expect(redactResetToken("/password_reset/AbC-123_xyz")).toBe("/password_reset/[token]");
    expect(redactResetToken("/password_reset/AbC-123_xyz?_data=x")).toBe(
      "/password_reset/[token]?_data=x",
    );
  });

  it("leaves the reset's other pages and every other path as they are", () => {
    for (const path of [
      "/password_reset",
      "/password_reset/sent",
      "/password_reset/complete",
      "/advertiser/password",
      "/",
    ]) {
      expect(redactResetToken(path)).toBe(path);
    }
  });
});
