// What both payment adapters need to read a push (ADR 0009): the provider's time stamps, the slip
// shape, the status mapping and the dedupe key.
import { createHash } from "node:crypto";
import { z } from "zod";
import { fromTokyoWallClock } from "../../shared/tokyo-calendar";
import type { PaymentEvent, PaymentSlip } from "./payment";

const COMPACT_TOKYO = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/**
 * A provider's time: ISO 8601 with an offset (the sandbox) or POP's "YYYYMMDDhhmmss" in Tokyo
 * time. Null when it is neither.
 */
export function parseProviderTime(value: string): Date | null {
  const compact = COMPACT_TOKYO.exec(value.trim());
  if (compact) {
    const [, y, mo, d, h, mi, s] = compact;
    const date = fromTokyoWallClock(`${y}-${mo}-${d}T${h}:${mi}:${s}`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  // Only full date-times with an offset or Z: a bare date would be read in the server's zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
    return null;
  }
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/** gross_amount: a number or a string of digits (POP sends strings in places). */
export const grossAmount = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
]);

export const slipSchema: z.ZodType<PaymentSlip> = z.object({
  store: z.enum(["sej", "lawson", "famima", "other", "payeasy"]),
  receiptNumber: z.string().min(1).max(100),
  confirmationNumber: z.string().max(100).nullable(),
  collectorNumber: z.string().max(100).nullable(),
  amount: z.number().int().nonnegative(),
  expiresAt: z
    .string()
    .refine((value) => parseProviderTime(value) !== null, "not an ISO 8601 date-time"),
  slipUrl: z.string().max(2000).nullable(),
});

/** m_status success → paid, pending → pending, failure → failed; a failed status wins. */
export function eventKind(mStatus: string, status: string | undefined): PaymentEvent["kind"] {
  if (status === "failure") return "failed";
  if (mStatus === "success") return "paid";
  if (mStatus === "pending") return "pending";
  return "failed";
}

/** Same push, same key: the provider's name and the raw body. */
export const dedupeKeyOf = (provider: "sandbox" | "pop", rawBody: string) =>
  createHash("sha256").update(`${provider}:${rawBody}`, "utf8").digest("hex");

/** The JSON object of a push body, or null when it is not one. */
export function parseJsonObject(rawBody: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(rawBody);
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
