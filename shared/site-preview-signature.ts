// The news site's preview form, as both sides see it (SPEC §7 Preview): which fields it carries,
// and the signature the portal adds so the site renders only what the portal sent (finding 9).
// One canonical serialization, used by the portal to sign and by the site to verify.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS } from "../app/domain/ad-page";

/** Every form field the preview reads; anything else in the body is ignored and unsigned. */
export const PREVIEW_FIELDS = [
  "title",
  ...AD_IMAGE_SLOTS.flatMap((n) => [`image${n}`, `body${n}`]),
  ...AD_LINK_SLOTS.flatMap((n) => [`link${n}Title`, `link${n}Url`]),
  "storeName",
  "storeAddress",
  "storeTel",
  "businessHours",
  "mapParameters",
  "homepage",
] as const;

export type PreviewField = (typeof PREVIEW_FIELDS)[number];

export const PREVIEW_EXPIRES_FIELD = "expires";
export const PREVIEW_SIGNATURE_FIELD = "signature";

/** How long a rendered preview button works: a page left open longer is reloaded first. */
export const PREVIEW_SIGNATURE_TTL_SECONDS = 60 * 60;

/**
 * The signed text: every preview field in the fixed order (absent = empty), then the expiry, as
 * one urlencoded string. Line breaks count as "\n": browsers post them as CRLF.
 */
export function canonicalPreview(fields: Record<string, unknown>, expires: string): string {
  const text = new URLSearchParams();
  for (const name of PREVIEW_FIELDS) {
    const value = fields[name];
    text.append(name, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "");
  }
  text.append(PREVIEW_EXPIRES_FIELD, expires);
  return text.toString();
}

const hmac = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text, "utf8").digest("base64url");

/** The preview form's fields with an expiry and the HMAC-SHA256 over them. */
export function signPreview(
  fields: Record<string, string>,
  secret: string,
  now: Date,
  ttlSeconds = PREVIEW_SIGNATURE_TTL_SECONDS,
): Record<string, string> {
  const expires = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
  return {
    ...fields,
    [PREVIEW_EXPIRES_FIELD]: expires,
    [PREVIEW_SIGNATURE_FIELD]: hmac(secret, canonicalPreview(fields, expires)),
  };
}

export type PreviewVerdict = "valid" | "unsigned" | "invalid" | "expired";

/** Checks a posted preview form: signed with `secret`, untouched, not expired at `now`. */
export function verifyPreview(
  form: Record<string, unknown>,
  secret: string | null,
  now: Date,
): PreviewVerdict {
  const expires = form[PREVIEW_EXPIRES_FIELD];
  const signature = form[PREVIEW_SIGNATURE_FIELD];
  if (typeof expires !== "string" || typeof signature !== "string" || !signature) {
    return "unsigned";
  }
  if (!secret || !/^\d{1,12}$/.test(expires)) return "invalid";
  const expected = Buffer.from(hmac(secret, canonicalPreview(form, expires)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return Number(expires) * 1000 < now.getTime() ? "expired" : "valid";
}
