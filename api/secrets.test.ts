import { describe, expect, it } from "vitest";
import { createSecretBox, generateSecretKey } from "./secrets";

describe("secret box", () => {
  const key = generateSecretKey();

  it("seals so the plain text is not visible and opens it again", () => {
    const box = createSecretBox([key]);
    const sealed = box.seal("abcd EFGH 1234 ijkl");
    expect(sealed).not.toContain("abcd");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(box.open(sealed)).toBe("abcd EFGH 1234 ijkl");
    // A fresh IV each time: equal passwords do not give equal rows.
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("opens values sealed with an older key after rotation, and seals with the new one", () => {
    const old = createSecretBox([key]).seal("pw");
    const newKey = generateSecretKey();
    const rotated = createSecretBox([newKey, key]);
    expect(rotated.open(old)).toBe("pw");
    expect(createSecretBox([newKey]).open(rotated.seal("x"))).toBe("x");
    expect(() => createSecretBox([key]).open(rotated.seal("x"))).toThrow();
  });

  it("refuses a wrong key and a tampered value", () => {
    const sealed = createSecretBox([key]).seal("pw");
    expect(() => createSecretBox([generateSecretKey()]).open(sealed)).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString("base64url");
    expect(() => createSecretBox([key]).open(parts.join("."))).toThrow();
    expect(() => createSecretBox([key]).open("plain text")).toThrow();
  });
});
