// Secrets the API stores for later use (a locality's WordPress application password), sealed at
// rest with AES-256-GCM under keys from configuration (SECRETS_KEY; ADR 0011). Sealing is
// synchronous so the publisher can be chosen without awaiting.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

export interface SecretBox {
  /** A sealed form of `plain`: `v1.<key id>.<iv>.<ciphertext+tag>` (base64url). */
  seal(plain: string): string;
  /** The plain text of a sealed value; throws when no configured key opens it. */
  open(sealed: string): string;
}

const VERSION = "v1";

/** A 32-byte key and a short id from a configured secret (any string of at least 32 characters). */
function deriveKey(secret: string) {
  const key = Buffer.from(
    hkdfSync("sha256", secret, "oshop-news", "locality-secrets", 32) as ArrayBuffer,
  );
  const id = Buffer.from(hkdfSync("sha256", secret, "oshop-news", "key-id", 6) as ArrayBuffer);
  return { key, id: id.toString("base64url") };
}

/** `secrets[0]` seals; every one opens (rotation: put the new one first, keep the old after it). */
export function createSecretBox(secrets: readonly string[]): SecretBox {
  if (secrets.length === 0) throw new Error("createSecretBox: at least one key is required");
  const keys = secrets.map(deriveKey);
  const sealing = keys[0]!;
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealing.key, iv);
      const body = Buffer.concat([
        cipher.update(plain, "utf8"),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return [VERSION, sealing.id, iv.toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, keyId, ivText, bodyText] = sealed.split(".");
      const entry = keys.find((k) => k.id === keyId);
      if (version !== VERSION || !entry || !ivText || !bodyText) {
        throw new Error("secret cannot be opened with the configured SECRETS_KEY");
      }
      const body = Buffer.from(bodyText, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", entry.key, Buffer.from(ivText, "base64url"));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - 16)),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}

/**
 * The key the built-in site hashes its visitors with (publishing/counters.ts), derived from the
 * sealing secret so no other setting is needed; a new SECRETS_KEY only means that day's visitors
 * may be counted once more.
 */
export const deriveVisitorKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync("sha256", secret, "oshop-news", "site-visitors", 32) as ArrayBuffer);

/** A random key for a data directory's first start (kept there, like the JWT keys). */
export const generateSecretKey = () => randomBytes(32).toString("base64url");
