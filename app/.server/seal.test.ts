import { hkdfSync } from "node:crypto";
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { seal, unseal } from "./seal";

const secrets = ["first-secret"];

/** The key seal.ts derives, to let jose seal and open on its own. */
const keyOf = (secret: string, purpose: string) =>
  new Uint8Array(hkdfSync("sha256", secret, "omise-seal", `key ${purpose}`, 32));

/** One character of a part of the compact JWE changed. */
function changed(sealed: string, index: number) {
  const parts = sealed.split(".");
  const part = parts[index]!;
  parts[index] = (part[0] === "A" ? "B" : "A") + part.slice(1);
  return parts.join(".");
}

describe("the seal", () => {
  it("round-trips any JSON value and does not contain it", () => {
    const sealed = seal({ password: "my-password-123", n: [1, 2] }, "form", { secrets });
    expect(sealed).not.toContain("my-password-123");
    expect(unseal(sealed, "form", { secrets })).toEqual({ password: "my-password-123", n: [1, 2] });
  });

  it("is a compact JWE (dir, A256GCM) that jose opens with the derived key", async () => {
    const sealed = seal("value", "session", { secrets });
    expect(sealed.split(".")).toHaveLength(5);
    expect(decodeProtectedHeader(sealed)).toEqual({
      alg: "dir",
      enc: "A256GCM",
      kid: expect.stringMatching(/^[\w-]{8}$/),
    });
    const { plaintext } = await compactDecrypt(sealed, keyOf("first-secret", "session"), {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({ v: "value" });
  });

  it("opens what jose seals with the same header and key", async () => {
    const header = decodeProtectedHeader(seal("x", "form", { secrets }));
    const sealed = await new CompactEncrypt(new TextEncoder().encode('{"v":"from jose"}'))
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: header.kid! })
      .encrypt(keyOf("first-secret", "form"));
    expect(unseal(sealed, "form", { secrets })).toBe("from jose");
  });

  it("rejects a change to the header, IV, ciphertext or tag, and a key put in", () => {
    const sealed = seal("secret-value", "form", { secrets });
    for (const index of [0, 2, 3, 4]) {
      expect(unseal(changed(sealed, index), "form", { secrets })).toBeUndefined();
    }
    const parts = sealed.split(".");
    const withKey = [parts[0], "AAAA", ...parts.slice(2)].join(".");
    expect(unseal(withKey, "form", { secrets })).toBeUndefined();
    const shortTag = [...parts.slice(0, 4), parts[4]!.slice(0, 11)].join(".");
    expect(unseal(shortTag, "form", { secrets })).toBeUndefined();
  });

  it("refuses another header even with the right key (alg none, another kid)", async () => {
    const key = keyOf("first-secret", "form");
    const sealed = await new CompactEncrypt(new TextEncoder().encode('{"v":"x"}'))
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: "other" })
      .encrypt(key);
    expect(unseal(sealed, "form", { secrets })).toBeUndefined();
    const none = Buffer.from('{"alg":"none"}').toString("base64url");
    expect(unseal(`${none}..AAAA.AAAA.AAAA`, "form", { secrets })).toBeUndefined();
  });

  it("rejects another purpose, another secret and expiry", () => {
    const sealed = seal("secret-value", "form", { secrets, now: 1_000, ttlMs: 60_000 });
    expect(unseal(sealed, "form", { secrets, now: 60_999 })).toBe("secret-value");
    expect(unseal(sealed, "form", { secrets, now: 61_000 })).toBeUndefined();
    expect(unseal(sealed, "session", { secrets, now: 2_000 })).toBeUndefined();
    expect(unseal(sealed, "form", { secrets: ["other"], now: 2_000 })).toBeUndefined();
    expect(unseal("short", "form", { secrets })).toBeUndefined();
  });

  it("still opens values sealed with a rotated-out secret", () => {
    const sealed = seal("value", "form", { secrets: ["old-secret"] });
    expect(unseal(sealed, "form", { secrets: ["new-secret", "old-secret"] })).toBe("value");
  });

  it("refuses to seal without a secret", () => {
    expect(() => seal("value", "form", { secrets: [] })).toThrow();
  });
});
