// The sandbox provider's push signature (ADR 0009): `X-Sandbox-Signature: t={unix s},v1={hex}`,
// the HMAC-SHA256 of "{t}.{raw body}" with SANDBOX_PUSH_SECRET. The timestamp is signed too, so
// a captured push cannot be replayed later with a fresh time.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SANDBOX_SIGNATURE_HEADER = "X-Sandbox-Signature";

/** Pushes signed longer ago (or further ahead) than this are refused as replays. */
export const SANDBOX_PUSH_TOLERANCE_SECONDS = 300;

const mac = (secret: string, t: number, rawBody: string) =>
  createHmac("sha256", secret).update(`${t}.${rawBody}`, "utf8").digest("hex");

/** The header value for a push sent at `now`. */
export function signSandboxPush(secret: string, rawBody: string, now: Date): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${mac(secret, t, rawBody)}`;
}

export type SandboxSignatureCheck = "ok" | "invalid" | "stale";

/** Checks a header against the body: the MAC in constant time, then the freshness. */
export function checkSandboxPush(
  secret: string,
  header: string | null,
  rawBody: string,
  now: Date,
): SandboxSignatureCheck {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header?.trim() ?? "");
  if (!match) return "invalid";
  const t = Number(match[1]);
  const expected = Buffer.from(mac(secret, t, rawBody), "hex");
  const given = Buffer.from(match[2]!, "hex");
  if (!timingSafeEqual(expected, given)) return "invalid";
  const age = Math.abs(now.getTime() / 1000 - t);
  return age > SANDBOX_PUSH_TOLERANCE_SECONDS ? "stale" : "ok";
}
