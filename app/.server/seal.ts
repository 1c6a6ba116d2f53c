// Authenticated encryption for what the server hands the browser but the browser must neither
// read nor change: the session cookie (tokens) and form values carried between phases
// (passwords). AES-256-GCM with keys derived from the session secrets, one key per purpose.
// Synchronous on purpose: the session is sealed while the response headers are being written.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "./env";

const FORM_TTL_MS = 60 * 60 * 1000;
const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, `omise-${purpose}`, purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** Encrypts with the first secret (the one that seals; the others only open). */
export function encrypt(plain: string, secrets: string[], purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secrets[0]!, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plain text, or undefined when tampered with, sealed by an unknown secret or for another purpose. */
export function decrypt(sealed: string, secrets: string[], purpose: string): string | undefined {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 29) return undefined;
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv(
        "aes-256-gcm",
        keyFor(secret, purpose),
        raw.subarray(0, 12),
      );
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // wrong key or tampered: try the next secret
    }
  }
  return undefined;
}

/** A form value sealed for an hour. */
export function seal(value: string, secrets = env().sessionSecrets, now = Date.now()): string {
  return encrypt(JSON.stringify({ v: value, e: now + FORM_TTL_MS }), secrets, "form");
}

/** The sealed value, or undefined when it was tampered with, sealed by another secret or expired. */
export function unseal(sealed: string, secrets = env().sessionSecrets, now = Date.now()) {
  const plain = decrypt(sealed, secrets, "form");
  if (plain === undefined) return undefined;
  try {
    const { v, e } = JSON.parse(plain) as { v: string; e: number };
    return e > now ? v : undefined;
  } catch {
    return undefined;
  }
}
