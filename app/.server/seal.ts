// Seals values the server must carry between form phases but never echo into HTML (passwords):
// AES-256-GCM with a key derived from the session secret, and an expiry.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "./env";

const TTL_MS = 60 * 60 * 1000;

function keyFor(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "omise-form-seal", "sealed form values", 32));
}

export function seal(value: string, secrets = env().sessionSecrets, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secrets[0]!), iv);
  const plain = JSON.stringify({ v: value, e: now + TTL_MS });
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or undefined when it was tampered with, sealed by another secret or expired. */
export function unseal(sealed: string, secrets = env().sessionSecrets, now = Date.now()) {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 29) return undefined;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
        "utf8",
      );
      const { v, e } = JSON.parse(plain) as { v: string; e: number };
      return e > now ? v : undefined;
    } catch {
      // wrong key or tampered: try the next secret
    }
  }
  return undefined;
}
