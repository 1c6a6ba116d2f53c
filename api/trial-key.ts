// The trial form's key (ADR 0012): a random 43-character base64url string the portal makes once
// per form and sends as X-Trial-Key. Only its SHA-256 is stored.
import { createHash } from "node:crypto";
import type { Context } from "hono";

export const TRIAL_KEY_HEADER = "X-Trial-Key";
export const TRIAL_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** How long an unclaimed trial upload is kept. */
export const QUARANTINE_MS = 24 * 60 * 60 * 1000;

export const hashTrialKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** The hash of the request's well-formed trial key, or null (absent or malformed). */
export function trialKeyHash(c: Context): string | null {
  const key = c.req.header(TRIAL_KEY_HEADER);
  return key !== undefined && TRIAL_KEY_PATTERN.test(key) ? hashTrialKey(key) : null;
}

/** An anonymous upload into quarantine: no bearer token, a well-formed trial key. */
export const isTrialUpload = (c: Context) =>
  c.req.method === "POST" &&
  c.req.path === "/api/adv/media_objects" &&
  c.req.header("Authorization") === undefined &&
  trialKeyHash(c) !== null;
