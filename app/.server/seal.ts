// The portal's one seal, for what the server hands the browser (the session cookie, a password
// carried between form phases) or keeps on disk for it (a trial draft) but nobody may read or
// change. A JWE in compact serialization (RFC 7516) with `dir` and A256GCM, a key per purpose
// derived from the session secrets (HKDF-SHA256) and named by the header's `kid`: any JOSE
// library (jose) opens it. Written with node:crypto rather than jose because the session is
// sealed synchronously, as the response headers are written (ADR 0002), and jose is async only.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "./env";

export type SealPurpose = "session" | "form" | "trial-draft";

export type SealOptions = {
  /** The first seals; all open (rotation). Default: SESSION_SECRET. */
  secrets?: readonly string[];
  now?: number;
  /** How long the seal opens; without it, as long as its secret is listed. */
  ttlMs?: number;
};

/** A purpose's key and the protected header (base64url, the AAD) that names it. */
type SealKey = { key: Buffer; header: string };

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const keys = new Map<string, SealKey>();

function keyFor(secret: string, purpose: SealPurpose): SealKey {
  const id = `${purpose}\u0000${secret}`;
  let entry = keys.get(id);
  if (!entry) {
    const derive = (info: string, length: number) =>
      Buffer.from(hkdfSync("sha256", secret, "omise-seal", info, length));
    // The kid tells which secret sealed, without trying each; it is no help to guess a secret.
    const kid = derive(`kid ${purpose}`, 6).toString("base64url");
    const header = { alg: "dir", enc: "A256GCM", kid };
    entry = {
      key: derive(`key ${purpose}`, 32),
      header: Buffer.from(JSON.stringify(header)).toString("base64url"),
    };
    keys.set(id, entry);
  }
  return entry;
}

/** Seals any JSON value for one purpose with the first secret. */
export function seal(value: unknown, purpose: SealPurpose, options: SealOptions = {}): string {
  const { secrets = env().sessionSecrets, now = Date.now(), ttlMs } = options;
  if (!secrets[0]) throw new Error("No session secret configured");
  const { key, header } = keyFor(secrets[0], purpose);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(header, "ascii"));
  const payload = JSON.stringify(ttlMs === undefined ? { v: value } : { v: value, e: now + ttlMs });
  const ciphertext = Buffer.concat([cipher.update(payload, "utf8"), cipher.final()]);
  const parts = [header, "", iv, ciphertext, cipher.getAuthTag()];
  return parts
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The five parts of a compact JWE as this portal writes them, decoded; else undefined. */
function partsOf(sealed: string, purpose: SealPurpose, secrets: readonly string[]) {
  const parts = sealed.split(".");
  if (parts.length !== 5 || !parts.every((part) => BASE64URL.test(part))) return undefined;
  const [header = "", encryptedKey, iv = "", ciphertext = "", tag = ""] = parts;
  const entry = secrets.map((secret) => keyFor(secret, purpose)).find((k) => k.header === header);
  const decoded = {
    iv: Buffer.from(iv, "base64url"),
    ciphertext: Buffer.from(ciphertext, "base64url"),
    tag: Buffer.from(tag, "base64url"),
  };
  // `dir` has no encrypted key; a short tag would make forging easier (GCM accepts one).
  if (!entry || encryptedKey !== "") return undefined;
  if (decoded.iv.length !== IV_BYTES || decoded.tag.length !== TAG_BYTES) return undefined;
  return { ...entry, ...decoded };
}

/**
 * The sealed value, or undefined for anything else: another format (a cookie of the portal
 * before the JWE), a changed header, IV, ciphertext or tag, another purpose, a secret no longer
 * listed, an expired seal. Only the header this portal writes is accepted, compared as text.
 */
export function unseal(sealed: string, purpose: SealPurpose, options: SealOptions = {}): unknown {
  const { secrets = env().sessionSecrets, now = Date.now() } = options;
  const parts = partsOf(sealed, purpose, secrets);
  if (!parts) return undefined;
  try {
    const { key, header, iv, ciphertext, tag } = parts;
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(header, "ascii"));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    const { v, e } = JSON.parse(plain.toString("utf8")) as { v?: unknown; e?: unknown };
    if (e !== undefined && !(typeof e === "number" && e > now)) return undefined;
    return v;
  } catch {
    // tampered with: the tag does not verify
    return undefined;
  }
}
