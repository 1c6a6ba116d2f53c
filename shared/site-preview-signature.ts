// The news site's preview form, as both sides see it (SPEC §7 Preview): which fields it carries,
// and the signature the portal adds so the site renders only what the portal sent (finding 9),
// to the browser it was made for, for ten minutes (issue 28 #12). One canonical serialization,
// used by the portal to sign and by the site to verify.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { AD_IMAGE_SLOTS, AD_LINK_SLOTS } from "./ad-page";

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
export const PREVIEW_VISITOR_FIELD = "visitor";
export const PREVIEW_SIGNATURE_FIELD = "signature";

/**
 * How long a rendered preview button works: a page left open longer is reloaded first. Short, so
 * a form copied out of a page is of little use to anyone else.
 */
export const PREVIEW_SIGNATURE_TTL_SECONDS = 10 * 60;

/**
 * The visitor binding: a random value the portal keeps in this cookie on its own origin (HttpOnly,
 * SameSite=Strict; `__Host-` on https), and signs into the form as a hash. The embedded site, on
 * the same origin, receives the cookie with the post and shows the form only to that browser.
 */
export const previewVisitorCookie = (secure: boolean) =>
  secure ? "__Host-preview-visitor" : "preview-visitor";

/** What the form carries of the cookie's value (never the value itself). */
export const previewVisitorBinding = (cookieValue: string) =>
  createHash("sha256").update(`site-preview-visitor:${cookieValue}`).digest("base64url");

/**
 * The signed text: every preview field in the fixed order (absent = empty), then the expiry and
 * the visitor binding, as one urlencoded string. Line breaks count as "\n": browsers post them as
 * CRLF.
 */
export function canonicalPreview(
  fields: Record<string, unknown>,
  expires: string,
  visitor: string,
): string {
  const text = new URLSearchParams();
  for (const name of PREVIEW_FIELDS) {
    const value = fields[name];
    text.append(name, typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "");
  }
  text.append(PREVIEW_EXPIRES_FIELD, expires);
  text.append(PREVIEW_VISITOR_FIELD, visitor);
  return text.toString();
}

const hmac = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text, "utf8").digest("base64url");

/**
 * The preview form's fields with an expiry, the visitor binding (previewVisitorBinding) and the
 * HMAC-SHA256 over them.
 */
export function signPreview(
  fields: Record<string, string>,
  secret: string,
  now: Date,
  visitor: string,
  ttlSeconds = PREVIEW_SIGNATURE_TTL_SECONDS,
): Record<string, string> {
  const expires = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
  return {
    ...fields,
    [PREVIEW_EXPIRES_FIELD]: expires,
    [PREVIEW_VISITOR_FIELD]: visitor,
    [PREVIEW_SIGNATURE_FIELD]: hmac(secret, canonicalPreview(fields, expires, visitor)),
  };
}

export type PreviewVerdict = "valid" | "unsigned" | "invalid" | "expired";

/**
 * Checks a posted preview form: signed with `secret`, untouched, not expired at `now`. Whose
 * browser posts it (the binding against the cookie) is the site's check.
 */
export function verifyPreview(
  form: Record<string, unknown>,
  secret: string | null,
  now: Date,
): PreviewVerdict {
  const expires = form[PREVIEW_EXPIRES_FIELD];
  const visitor = form[PREVIEW_VISITOR_FIELD];
  const signature = form[PREVIEW_SIGNATURE_FIELD];
  if (typeof expires !== "string" || typeof signature !== "string" || !signature) {
    return "unsigned";
  }
  if (!secret || !/^\d{1,12}$/.test(expires) || typeof visitor !== "string") return "invalid";
  const expected = Buffer.from(hmac(secret, canonicalPreview(form, expires, visitor)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  const expiresMs = Number(expires) * 1000;
  if (expiresMs < now.getTime()) return "expired";
  // Not a form of ours: none is signed for longer (a minute allowed for clocks apart).
  if (expiresMs > now.getTime() + (PREVIEW_SIGNATURE_TTL_SECONDS + 60) * 1000) return "invalid";
  return "valid";
}
